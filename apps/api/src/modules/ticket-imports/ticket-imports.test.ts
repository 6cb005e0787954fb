import { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { licenceTickets } from '../../db/schema/dealers.ts';
import { ticketImports } from '../../db/schema/ticket-imports.ts';
import { users } from '../../db/schema/users.ts';
import { randomLicenceKey } from '../../db/seed/seed.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createDealer, createDealerCustomer, createLab, createManager, createMill, signIn } from '../../../test/factories.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { createTestApp, waitForMail, type TestApp } from '../../../test/test-app.ts';
import { breakingOff } from '../../platform/imports/background-import.testing.ts';
import { insertImport } from './ticket-imports.repository.ts';

let t: TestApp;
let managerJwt: string;
let managerId: number;
let root: Awaited<ReturnType<typeof createDealer>>;
let sub: Awaited<ReturnType<typeof createDealer>>;

beforeAll(async () => {
  t = await createTestApp();
  const manager = await createManager(t.db);
  managerId = manager.id;
  managerJwt = await signIn(t, manager.email);
  root = await createDealer(t.db, { subDealerAllowed: true });
  sub = await createDealer(t.db, { parentId: root.dealer.id });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await t.app.deps.jobs.idle(['tickets.import'], 60_000);
});

function upload(content: Buffer | string, name = 'tickets.csv', token = managerJwt) {
  const form = multipartForm({}, { field: 'files.file', name, content: Buffer.isBuffer(content) ? content : Buffer.from(content) });
  return t.request({ method: 'POST', url: '/api/ticket-imports', token, ...form });
}

async function status(token = managerJwt) {
  return t.request({ method: 'GET', url: '/api/ticket-imports/status', token });
}

/** Uploads, waits for the job, and answers the finished log. */
async function imported(content: Buffer | string, name?: string) {
  const response = await upload(content, name);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().status).toBe('running');
  await t.app.deps.jobs.idle(['tickets.import'], 60_000);
  const answer = (await status()).json();
  expect(answer.status).toBe('idle');
  return answer.log;
}

async function ticket(key: string) {
  const [row] = await t.db.select().from(licenceTickets).where(eq(licenceTickets.key, key));
  return row;
}

const content = (productName: string, licenseExp: string | null = '2028-01-31') => ({
  mainProductInfo: { dongleId: '3-777', productName, licenseExp, maintenanceExp: null, isNetwork: true, isCommercial: false },
  activationLicenses: [
    {
      code: 'A1',
      itemId: '1',
      name: 'Milling',
      licenseExp,
      featureMapBinarySetBits: '',
      permissions: '',
      information: '',
      formerDongleNo: '',
      maintenanceExp: null,
    },
  ],
  orderedLicenses: [],
  licenseDetails: [],
  nonExpandables: [],
});

describe('ticket import', () => {
  it('applies a CSV like a push: creates, refreshes, resets the customer of a moved ticket, logs bad rows with their line', async () => {
    const customer = await createDealerCustomer(t.db, root.dealer.id);
    const [kept, moved, fresh] = [randomLicenceKey(), randomLicenceKey(), randomLicenceKey()];
    await t.db.insert(licenceTickets).values([
      { key: kept, dealerId: root.dealer.id, customerId: customer.id },
      { key: moved, dealerId: root.dealer.id, customerId: customer.id },
    ]);
    const rows = [
      'Ticket Key;Reseller Id;Product;Licence expiry;Maintenance expiry;Network;Commercial',
      `${kept.toLowerCase()};${root.dealer.dealerCode};"CAM ""Pro""; 5-axis";2027-03-01;;yes;no`,
      `${moved};${sub.dealer.dealerCode.toLowerCase()};CAM Basic;;;;`,
      'ABCDE-12345;' + root.dealer.dealerCode + ';Bad key;;;;', // line 4
      `${fresh};NO-SUCH-DEALER;Stray;;;;`, // line 5
      `${fresh};${root.dealer.dealerCode};Bad date;2027-02-30;;;`, // line 6
      `${fresh};${sub.dealer.dealerCode};New one;2029-12-31;2027-12-31;no;yes`,
    ];
    const file = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(rows.join('\r\n') + '\r\n')]);
    const log = await imported(file, 'export.csv');
    expect(log).toMatchObject({
      fileName: 'export.csv',
      format: 'csv',
      state: 'done',
      summary: { total: 6, created: 1, updated: 2, failed: 3, error: null },
    });
    expect(log.failures).toEqual([
      { item: 3, line: 4, key: 'ABCDE-12345', reason: 'key: Invalid Key Format' },
      { item: 4, line: 5, key: fresh, reason: 'dealerId: no dealer with the id NO-SUCH-DEALER' },
      { item: 5, line: 6, key: fresh, reason: expect.stringMatching(/^licenseExp: /) },
    ]);
    expect(await ticket(kept)).toMatchObject({
      dealerId: root.dealer.id,
      customerId: customer.id,
      productText: 'CAM "Pro"; 5-axis',
      licenceExpiry: '2027-03-01',
    });
    expect(await ticket(moved)).toMatchObject({ dealerId: sub.dealer.id, customerId: null, productText: 'CAM Basic', licenceExpiry: null });
    expect(await ticket(fresh)).toMatchObject({ dealerId: sub.dealer.id, licenceExpiry: '2029-12-31', maintenanceExpiry: '2027-12-31' });
    expect((await ticket(fresh))!.content!.mainProductInfo).toMatchObject({ isNetwork: false, isCommercial: true });
    const mail = await waitForMail(t, (m) => m.subject === 'Ticket import finished: export.csv');
    expect(mail.text).toContain('6 ticket(s) read: 1 created, 2 updated, 3 failed.');
    expect(mail.text).toContain('/manager/import/tickets');
  });

  it('applies the push body as JSON; a repeated key is applied in order; mails in the manager’s language', async () => {
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, managerId));
    const [a, b] = [randomLicenceKey(), randomLicenceKey()];
    const body = {
      tickets: [
        { key: a, dealerCode: root.dealer.dealerCode, content: content('First') },
        { key: b, dealerCode: root.dealer.dealerCode, content: content('Broken', '2027-13-01') },
        { key: a, dealerCode: sub.dealer.dealerCode, content: content('Second') },
      ],
    };
    const log = await imported(JSON.stringify(body, null, 2), 'push.json');
    expect(log).toMatchObject({ format: 'json', state: 'done', summary: { total: 3, created: 1, updated: 1, failed: 1 } });
    expect(log.failures).toEqual([
      { item: 2, line: expect.any(Number), key: b, reason: expect.stringMatching(/^content\.mainProductInfo\.licenseExp: /) },
    ]);
    expect(log.failures[0].line).toBeGreaterThan(20);
    expect(await ticket(a)).toMatchObject({ dealerId: sub.dealer.id, productText: 'Second' });
    expect((await ticket(a))!.content!.activationLicenses).toHaveLength(1);
    expect(await ticket(b)).toBeUndefined();
    await waitForMail(t, (m) => m.subject === 'Ticketimport abgeschlossen: push.json');
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, managerId));
  });

  it('ends an unreadable file as failed, saying why, after applying the whole tickets before the break', async () => {
    const key = randomLicenceKey();
    const cut = `[${JSON.stringify({ key, dealerCode: root.dealer.dealerCode, content: content('Before') })}, {"key": "AAAAA`;
    const log = await imported(cut, 'cut.json');
    expect(log).toMatchObject({ state: 'failed', summary: { created: 1, error: 'Line 1: the JSON ends before it is complete' } });
    expect(await ticket(key)).toMatchObject({ productText: 'Before' });
    const header = await imported('product,dealer\nX,Y\n', 'header.csv');
    expect(header).toMatchObject({ state: 'failed', summary: { error: 'The header row lacks the column(s) key' } });
    await waitForMail(t, (m) => m.subject === 'Ticket import stopped: header.csv');
  });

  it('accepts only .csv and .json files', async () => {
    expect((await upload('a,b\n', 'tickets.xlsx')).json()).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Please choose a .csv or .json file',
    });
    expect((await upload('key,dealer\n', 'tickets.json')).statusCode).toBe(400);
    expect((await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 'renamed.csv')).statusCode).toBe(400);
  });

  it('refuses a second upload while one runs (409), and the database refuses a second running import outright', async () => {
    const running = await insertImport(t.db, {
      userId: managerId,
      fileName: 'busy.json',
      fileKey: 'ticket-imports/AAAAAAAAAAAAAAAAAAAAAA',
      format: 'json',
    });
    try {
      expect((await status()).json()).toMatchObject({ status: 'running', log: { fileName: 'busy.json', state: 'running' } });
      const refused = await upload(`key,dealerId\n${randomLicenceKey()},${root.dealer.dealerCode}\n`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'TICKET_IMPORT_ALREADY_RUNNING',
        message: 'A ticket import is already running. Please wait until it has finished.',
      });
      const second = await insertImport(t.db, {
        userId: managerId,
        fileName: 'race.csv',
        fileKey: 'ticket-imports/BBBBBBBBBBBBBBBBBBBBBB',
        format: 'csv',
      }).catch((error: unknown) => error);
      expect(isUniqueViolation(second)).toBe(true);
    } finally {
      await t.db.delete(ticketImports).where(eq(ticketImports.id, running.id));
    }
  });

  it('ends a running import whose worker is gone, with how far it got', async () => {
    const stale = await insertImport(t.db, {
      userId: managerId,
      fileName: 'crashed.csv',
      fileKey: 'ticket-imports/CCCCCCCCCCCCCCCCCCCCCC',
      format: 'csv',
    });
    await t.db
      .update(ticketImports)
      .set({ checkpointItem: 1000, createdTickets: 1000, heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(ticketImports.id, stale.id));
    const answer = (await status()).json();
    expect(answer).toMatchObject({
      status: 'idle',
      log: { fileName: 'crashed.csv', state: 'failed', summary: { total: 1000, created: 1000 } },
    });
    expect(answer.log.summary.error).toContain('after ticket 1000');
  });

  it('resumes after a crash from its checkpoint: every ticket applied exactly once', { timeout: 60_000 }, async () => {
    const keys = Array.from({ length: 1300 }, () => randomLicenceKey());
    const lines = keys.map((key) => JSON.stringify({ key, dealerCode: root.dealer.dealerCode, content: content('Bulk') }));
    const file = Buffer.from(`[\n${lines.join(',\n')}\n]\n`);
    const perTicket = Math.ceil(file.length / keys.length);
    // Opens: the upload's type check, then the first read of the tickets, which breaks off after
    // about 800 tickets (one batch of 500 committed), as a killed worker would.
    const storage = t.app.deps.storage;
    const open = storage.open.bind(storage);
    let opens = 0;
    storage.open = async (key: string) => {
      const opened = await open(key);
      opens += 1;
      if (!opened || opens !== 2) return opened;
      return { ...opened, stream: Readable.from(breakingOff(opened.stream, 800 * perTicket)) };
    };
    try {
      const log = await imported(file, 'interrupted.json');
      // Updated would be above 0 had the committed batch been applied again.
      expect(log).toMatchObject({ state: 'done', summary: { total: 1300, created: 1300, updated: 0, failed: 0, error: null } });
    } finally {
      storage.open = open;
    }
    const [row] = await t.db.select().from(ticketImports).where(eq(ticketImports.fileName, 'interrupted.json'));
    expect(row).toMatchObject({ attempts: 2, checkpointItem: 1300 });
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(licenceTickets)
      .where(inArray(licenceTickets.key, keys))) as [{ n: number }];
    expect(n).toBe(1300);
    expect(opens).toBe(3);
  });
});

describe('access to the ticket import', () => {
  it('is the manager’s alone: root dealer, sub-dealer, mill admin and lab get 403, anonymous 401', async () => {
    const { admin } = await createMill(t.db);
    const { user: lab } = await createLab(t.db);
    const rootManager = await createDealer(t.db, { dealerRole: 'manager', subDealerAllowed: true });
    for (const caller of [root.user, sub.user, rootManager.user, admin, lab]) {
      const jwt = await signIn(t, caller.email);
      expect((await status(jwt)).statusCode).toBe(403);
      expect((await upload('key,dealerId\n', 'a.csv', jwt)).statusCode).toBe(403);
    }
    expect((await status()).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/ticket-imports/status' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/ticket-imports', ...multipartForm({}) })).statusCode).toBe(401);
  });
});
