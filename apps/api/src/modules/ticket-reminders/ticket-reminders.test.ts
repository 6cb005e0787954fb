import { randomBytes } from 'node:crypto';
import { sessionToken } from '../../../test/session-token.ts';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserSettings } from '@casebridge/shared/schemas/auth';
import { reminderPreviewSchema } from '@casebridge/shared/schemas/ticket-reminders';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { connect } from '../../db/client.ts';
import { licenceTickets } from '../../db/schema/dealers.ts';
import { ticketReminderDigests, ticketReminderStages } from '../../db/schema/ticket-reminders.ts';
import { users } from '../../db/schema/users.ts';
import { randomLicenceKey } from '../../db/seed/seed.ts';
import { OutboxMailer, type StoredMail } from '../../platform/mail/mailer.ts';
import { addDealerUser, createDealer, createLab, createManager, createMill } from '../../../test/factories.ts';
import { createTestDatabase, mailJobsDone, RELAXED_RATE_LIMITS, testPoolSize } from '../../../test/test-app.ts';
import { addDays, nextPeriodStart, periodStart } from './ticket-reminders.rules.ts';
import { previewReminders, runTicketReminders } from './ticket-reminders.service.ts';

/**
 * Issue 14 item 4: expiry reminders. The job runs with a fixed clock (`now`); tickets get expiry
 * dates around it. Two apps on one database stand for two server processes: their own pools,
 * their own queue workers, the same tables.
 */
type App = Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let second: ReturnType<typeof connect>;
let dataDir: string;
let app: App;
let otherApp: App;
let outbox: OutboxMailer;

beforeAll(async () => {
  database = await createTestDatabase();
  second = connect(database.url, { poolSize: testPoolSize() });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-reminders-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://portal.test' });
  const build = (db: typeof database.database) =>
    buildApp({ config, database: db, jwtSecret: randomBytes(32).toString('base64url'), rateLimits: RELAXED_RATE_LIMITS, logger: false });
  app = await build(database.database);
  otherApp = await build(second);
  // Ready starts each app's queue workers, as a server's start does.
  await Promise.all([app.ready(), otherApp.ready()]);
  outbox = new OutboxMailer(path.join(dataDir, 'outbox'), config.mailFrom);
});
afterAll(async () => {
  await otherApp.close();
  await app.close();
  await second.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const db = () => database.database.db;
/** Just after the 06:05 run of that UTC day. */
const at = (day: string, time = '06:05:00') => new Date(`${day}T${time}Z`);
/** One run, then its mails sent, so the outbox holds them in the order of the runs. */
async function run(day: string, time?: string) {
  const result = await runTicketReminders(app.deps, at(day, time));
  await mailJobsDone(database.database.pool);
  return result;
}

async function mailsTo(email: string): Promise<StoredMail[]> {
  await mailJobsDone(database.database.pool);
  return (await outbox.list(100_000)).filter((mail) => mail.to === email).reverse();
}

/** Which stage section of a digest lists the ticket key, by the English section titles. */
function stageOf(mail: StoredMail, key: string): 'upcoming' | 'expired' | 'overdue' | null {
  for (const section of mail.text.split('\n\n')) {
    if (!section.includes(key)) continue;
    if (section.startsWith('Expiring within')) return 'upcoming';
    if (section.startsWith('Expired')) return 'expired';
    if (section.startsWith('Still expired')) return 'overdue';
  }
  return null;
}

async function setReminders(userId: number, settings: Partial<UserSettings>, language = 'en') {
  await db().update(users).set({ settings, language }).where(eq(users.id, userId));
}

async function ticket(dealerId: number, licenceExpiry: string, values: Partial<typeof licenceTickets.$inferInsert> = {}) {
  const [row] = await db()
    .insert(licenceTickets)
    .values({ key: randomLicenceKey(), dealerId, licenceExpiry, productText: 'Mill Pro', ...values })
    .returning();
  return row!;
}

async function stageRows(userId: number) {
  return db().select().from(ticketReminderStages).where(eq(ticketReminderStages.userId, userId));
}

describe('the reminder calendar', () => {
  it('starts periods on the day, the Monday, every other Monday and the 1st', () => {
    // 2030-01-09 is a Wednesday; 2029-12-31 a Monday that starts a two-week block.
    expect(periodStart('daily', '2030-01-09')).toBe('2030-01-09');
    expect(periodStart('weekly', '2030-01-09')).toBe('2030-01-07');
    expect(periodStart('weekly', '2030-01-06')).toBe('2029-12-31');
    expect(periodStart('biweekly', '2030-01-09')).toBe('2029-12-31');
    expect(periodStart('biweekly', '2030-01-14')).toBe('2030-01-14');
    expect(periodStart('monthly', '2030-01-31')).toBe('2030-01-01');
    expect(nextPeriodStart('monthly', '2030-01-31')).toBe('2030-02-01');
    expect(nextPeriodStart('biweekly', '2030-01-09')).toBe('2030-01-14');
  });
});

describe('ticket expiry reminders', () => {
  it('sends each stage of a ticket once: upcoming within the lead days, expired at expiry, overdue a week later', async () => {
    const { dealer, user } = await createDealer(db());
    await setReminders(user.id, { ticketExpiryReminder: true, ticketExpiryReminderDays: 5, ticketExpiryReminderFrequency: 'daily' });
    const expiry = '2031-05-20';
    const { key } = await ticket(dealer.id, expiry);

    await run(addDays(expiry, -6));
    expect(await mailsTo(user.email)).toHaveLength(0); // six days ahead: outside the five lead days
    await run(addDays(expiry, -5));
    let mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(stageOf(mails[0]!, key)).toBe('upcoming');
    expect(mails[0]!.text).toContain('expires 20.05.2031');

    for (let d = -4; d <= 10; d += 1) {
      await run(addDays(expiry, d));
      await run(addDays(expiry, d), '18:00:00'); // a second run the same day (a restart) sends nothing
    }
    mails = await mailsTo(user.email);
    const stages = mails.map((mail) => stageOf(mail, key));
    // Daily upcoming on the four days before, expired on the day, overdue a week later; nothing else.
    expect(stages).toEqual(['upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'expired', 'overdue']);
    expect(mails[5]!.subject).toBe('Licence tickets need your attention (1)');
    expect((await stageRows(user.id)).map((row) => [row.stage, row.expiry])).toEqual(
      expect.arrayContaining([
        [2, expiry],
        [3, expiry],
      ]),
    );
    expect(await stageRows(user.id)).toHaveLength(2);
  });

  it('claims one digest per period of each frequency, with a fixed clock over two months', async () => {
    const frequencies = ['daily', 'weekly', 'biweekly', 'monthly'] as const;
    const start = '2029-12-31'; // a Monday, and the start of a two-week block
    const people = [];
    for (const frequency of frequencies) {
      const { dealer, user } = await createDealer(db());
      await setReminders(user.id, { ticketExpiryReminder: true, ticketExpiryReminderDays: 30, ticketExpiryReminderFrequency: frequency });
      // A ticket expiring every day ahead: every digest has something upcoming.
      for (let d = 1; d <= 95; d += 1) await ticket(dealer.id, addDays(start, d));
      people.push({ frequency, user });
    }
    // Mails are counted, not ordered: the runs need not wait for them.
    for (let d = 0; d < 62; d += 1) await runTicketReminders(app.deps, at(addDays(start, d), d % 2 ? '06:05:00' : '23:59:00'));

    const expected = {
      daily: Array.from({ length: 62 }, (_, d) => addDays(start, d)),
      weekly: [0, 7, 14, 21, 28, 35, 42, 49, 56].map((d) => addDays(start, d)),
      biweekly: [0, 14, 28, 42, 56].map((d) => addDays(start, d)),
      // Subscribed on the 31st: the first digest waits for the 1st.
      monthly: ['2030-01-01', '2030-02-01', '2030-03-01'],
    };
    for (const { frequency, user } of people) {
      const digests = await db()
        .select()
        .from(ticketReminderDigests)
        .where(eq(ticketReminderDigests.userId, user.id))
        .orderBy(ticketReminderDigests.periodStart);
      expect(
        digests.map((row) => row.periodStart),
        frequency,
      ).toEqual(expected[frequency]);
      expect(digests.every((row) => row.frequency === frequency && row.mailed && row.upcoming === 30)).toBe(true);
      expect(await mailsTo(user.email), frequency).toHaveLength(expected[frequency].length);
    }
    const monthly = await mailsTo(people[3]!.user.email);
    expect(monthly[0]!.text).toContain(`expires ${'02.01.2030'}`);
  });

  it('sends weekly digests on Mondays only, catching up a Monday without a run on the next run', async () => {
    const subscribed = await createDealer(db());
    const newcomer = await createDealer(db());
    for (const { dealer, user } of [subscribed, newcomer]) {
      await setReminders(user.id, { ticketExpiryReminderDays: 30, ticketExpiryReminderFrequency: 'weekly' });
      await ticket(dealer.id, '2037-03-20');
    }
    // 2037-03-02 and 2037-03-09 are Mondays. Only the first user is subscribed by then.
    await setReminders(newcomer.user.id, { ticketExpiryReminder: false });
    await run('2037-03-02');
    await setReminders(newcomer.user.id, { ticketExpiryReminderDays: 30, ticketExpiryReminderFrequency: 'weekly' });
    await run('2037-03-06'); // Friday: no digest for anyone
    expect(await mailsTo(subscribed.user.email)).toHaveLength(1);
    expect(await mailsTo(newcomer.user.email)).toHaveLength(0);
    // No run on Monday 09.03; Tuesday's catches up the subscribed user's digest, not the newcomer's.
    await run('2037-03-10');
    expect(await mailsTo(subscribed.user.email)).toHaveLength(2);
    expect(await mailsTo(newcomer.user.email)).toHaveLength(0);
    await run('2037-03-16');
    expect(await mailsTo(subscribed.user.email)).toHaveLength(3);
    expect(await mailsTo(newcomer.user.email)).toHaveLength(1);
  });

  it('writes each user in their own language, and nothing to a user who turned reminders off', async () => {
    const { dealer, user } = await createDealer(db());
    const polish = await addDealerUser(db(), dealer.id, dealer.companyId);
    const silent = await addDealerUser(db(), dealer.id, dealer.companyId);
    await setReminders(user.id, { ticketExpiryReminderFrequency: 'daily' }, 'de');
    await setReminders(polish.id, { ticketExpiryReminderFrequency: 'daily' }, 'pl');
    await setReminders(silent.id, { ticketExpiryReminder: false, ticketExpiryReminderFrequency: 'daily' });
    const { key } = await ticket(dealer.id, '2032-02-12');
    await run('2032-02-10');

    const [german] = await mailsTo(user.email);
    expect(german!.subject).toBe('Lizenztickets brauchen Ihre Aufmerksamkeit (1)');
    expect(german!.text).toContain('Laufen in den nächsten 10 Tagen ab (1)');
    expect(german!.text).toContain(key);
    const [inPolish] = await mailsTo(polish.email);
    expect(inPolish!.subject).toBe('Bilety licencyjne wymagają uwagi (1)');
    expect(await mailsTo(silent.email)).toEqual([]);
    expect(await db().select().from(ticketReminderDigests).where(eq(ticketReminderDigests.userId, silent.id))).toEqual([]);
  });

  it('skips archived tickets, and a renewed ticket leaves the later stages and starts over at its new expiry', async () => {
    const { dealer, user } = await createDealer(db());
    await setReminders(user.id, { ticketExpiryReminderDays: 5, ticketExpiryReminderFrequency: 'daily' });
    const expiry = '2033-03-10';
    const archived = await ticket(dealer.id, expiry, { archivedAt: new Date() });
    const renewed = await ticket(dealer.id, expiry);

    await run(expiry);
    let mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(stageOf(mails[0]!, renewed.key)).toBe('expired');
    expect(mails[0]!.text).not.toContain(archived.key);

    // Renewed for a year two days later: no overdue stage a week after the old date.
    const renewedTo = addDays(expiry, 365);
    await db().update(licenceTickets).set({ licenceExpiry: renewedTo }).where(eq(licenceTickets.id, renewed.id));
    for (let d = 1; d <= 9; d += 1) await run(addDays(expiry, d));
    expect(await mailsTo(user.email)).toHaveLength(1);

    // Not renewed again: its new date is news again, once per stage.
    await run(renewedTo);
    await run(addDays(renewedTo, 7));
    mails = await mailsTo(user.email);
    expect(mails.slice(1).map((mail) => stageOf(mail, renewed.key))).toEqual(['expired', 'overdue']);
    expect(mails.every((mail) => !mail.text.includes(archived.key))).toBe(true);
  });

  it("reports only the tickets of the user's own subtree", async () => {
    const root = await createDealer(db(), { subDealerAllowed: true });
    const sub = await createDealer(db(), { parentId: root.dealer.id });
    const other = await createDealer(db());
    for (const { user } of [root, sub, other]) await setReminders(user.id, { ticketExpiryReminderFrequency: 'daily' });
    const rootTicket = await ticket(root.dealer.id, '2034-04-04');
    const subTicket = await ticket(sub.dealer.id, '2034-04-05');
    await run('2034-04-01');

    const [rootMail] = await mailsTo(root.user.email);
    expect(rootMail!.text).toContain(rootTicket.key);
    expect(rootMail!.text).toContain(subTicket.key);
    const [subMail] = await mailsTo(sub.user.email);
    expect(subMail!.text).toContain(subTicket.key);
    expect(subMail!.text).not.toContain(rootTicket.key);
    expect(await mailsTo(other.user.email)).toEqual([]);
  });

  it('sends exactly one mail per user and period when two processes run the job at the same moment', async () => {
    const people = [];
    for (let i = 0; i < 6; i += 1) {
      const { dealer, user } = await createDealer(db());
      await setReminders(user.id, { ticketExpiryReminderFrequency: i % 2 ? 'weekly' : 'daily' });
      await ticket(dealer.id, '2035-06-08'); // expired on the day of the second round
      await ticket(dealer.id, '2035-06-01'); // expired on the day of the first round
      await ticket(dealer.id, '2035-06-12'); // upcoming
      people.push(user);
    }
    // Two apps, two pools, two queues: both run the job for the same Monday, three rounds each.
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all([
        runTicketReminders(app.deps, at('2035-06-04')),
        runTicketReminders(otherApp.deps, at('2035-06-04', '06:05:01')),
      ]);
      // Later rounds find every period of the day claimed: no digest, no mail, on either side.
      if (round > 0) expect(results.map((result) => result.digests + result.mails)).toEqual([0, 0]);
    }
    await mailJobsDone(database.database.pool);
    await Promise.all([runTicketReminders(app.deps, at('2035-06-08')), runTicketReminders(otherApp.deps, at('2035-06-08'))]);
    for (const [i, user] of people.entries()) {
      // Daily users: the Monday digest and the Friday one; weekly users: Monday only.
      expect(await mailsTo(user.email)).toHaveLength(i % 2 ? 1 : 2);
      const stages = await stageRows(user.id);
      expect(stages.filter((row) => row.stage === 2)).toHaveLength(i % 2 ? 1 : 2);
    }
  });

  it('previews the next digest: its day, and the tickets per stage it would hold', async () => {
    const { dealer, user } = await createDealer(db());
    await setReminders(user.id, { ticketExpiryReminderDays: 10, ticketExpiryReminderFrequency: 'weekly' });
    const soon = await ticket(dealer.id, '2036-09-12');
    const expired = await ticket(dealer.id, '2036-09-05');
    await ticket(dealer.id, '2036-09-30'); // beyond the lead days
    await ticket(dealer.id, '2036-09-11', { archivedAt: new Date() });
    const session = (await db().select().from(users).where(eq(users.id, user.id)))[0]!;

    // Wednesday 2036-09-03: a weekly digest goes on Mondays, so the next is on 2036-09-08 (not tomorrow).
    let preview = reminderPreviewSchema.parse(await previewReminders(app.deps, session, at('2036-09-03', '12:00:00')));
    expect(preview.nextDigestOn).toBe('2036-09-08');
    expect(preview.expired.tickets.map((row) => row.key)).toEqual([expired.key]);
    expect(preview.upcoming.tickets.map((row) => row.key)).toEqual([soon.key]);
    expect(preview.overdue.count).toBe(0);
    expect(preview.expired.tickets[0]).toMatchObject({ product: 'Mill Pro', licenceExpiry: '2036-09-05', dealerName: dealer.name });

    // Nothing recorded by the preview: Thursday's run sends nothing, Monday's what it showed.
    await run('2036-09-04');
    expect(await mailsTo(user.email)).toHaveLength(0);
    await run('2036-09-08');
    const mails = await mailsTo(user.email);
    expect(mails.map((mail) => [stageOf(mail, expired.key), stageOf(mail, soon.key)])).toEqual([['expired', 'upcoming']]);
    // This week's digest went: the next is the following Monday.
    preview = await previewReminders(app.deps, session, at('2036-09-08', '12:00:00'));
    expect(preview.nextDigestOn).toBe('2036-09-15');

    await setReminders(user.id, { ticketExpiryReminder: false });
    preview = await previewReminders(app.deps, session, at('2036-09-09'));
    expect(preview).toMatchObject({
      enabled: false,
      nextDigestOn: null,
      upcoming: { count: 0 },
      expired: { count: 0 },
      overdue: { count: 0 },
    });
  });

  it('answers the preview to dealer users only', async () => {
    const sign = (user: { id: number; tokenVersion: number }) => sessionToken(app, user);
    const get = (token?: string) =>
      app.inject({ method: 'GET', url: '/api/ticket-reminders/preview', headers: token ? { authorization: `Bearer ${token}` } : {} });
    const dealer = await createDealer(db(), { dealerRole: 'manager' });
    const subDealer = await createDealer(db(), { parentId: dealer.dealer.id });
    const { admin } = await createMill(db());
    const lab = await createLab(db());
    const manager = await createManager(db());

    for (const user of [dealer.user, subDealer.user]) {
      const response = await get(await sign(user));
      expect(response.statusCode).toBe(200);
      expect(reminderPreviewSchema.parse(response.json())).toMatchObject({ enabled: true, leadDays: 10, frequency: 'weekly' });
    }
    for (const user of [manager, admin, lab.user]) expect((await get(await sign(user))).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(401);
    // The digest rows of this user are untouched by the preview.
    expect(
      await db()
        .select()
        .from(ticketReminderDigests)
        .where(and(eq(ticketReminderDigests.userId, dealer.user.id))),
    ).toEqual([]);
  });
});
