import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/audit.ts';
import { dataExports } from '../../db/schema/data-exports.ts';
import { millMembers } from '../../db/schema/mills.ts';
import { messages, projects } from '../../db/schema/orders.ts';
import { storageRemovals } from '../../db/schema/storage.ts';
import { userTotp } from '../../db/schema/two-factor.ts';
import { userSessions } from '../../db/schema/user-sessions.ts';
import { users } from '../../db/schema/users.ts';
import { DEFAULT_RATE_LIMITS } from '../../deps.ts';
import type { StoredMail } from '../../platform/mail/mailer.ts';
import { dealerMembers } from '../../db/schema/dealers.ts';
import { addMillUser, createDealer, createLab, createManager, createMill, PASSWORD, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { readZip } from '../../../test/unzip.ts';
import { currentTotp } from '../two-factor/two-factor.rules.ts';
import { expireDataExports } from './personal-data.service.ts';
import { EXPORT_FILES } from './personal-data.rules.ts';

let t: TestApp;
beforeAll(async () => {
  // The real limit on wrong passwords and codes (per user), the others relaxed.
  t = await createTestApp({ rateLimits: { secondFactor: DEFAULT_RATE_LIMITS.secondFactor } });
});
afterAll(async () => {
  await t.close();
});

const jobsDone = () => t.app.deps.jobs.idle();

/** The export mail sent to this address, and the token of its link. */
async function exportMail(email: string): Promise<{ mail: StoredMail; token: string }> {
  await jobsDone();
  const mail = (await t.mails()).find((m) => m.to === email && m.text.includes('/data-export/'));
  if (!mail) throw new Error(`no export mail to ${email}`);
  return { mail, token: /\/data-export\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]! };
}

const download = (token: string, jwt?: string) => t.request({ method: 'GET', url: `/api/users/me/data-export/${token}`, token: jwt });

async function readyExport(email: string, jwt: string) {
  const requested = await t.request({ method: 'POST', url: '/api/users/me/data-export?locale=de', token: jwt });
  expect(requested.statusCode).toBe(200);
  expect(requested.json().export.status).toBe('requested');
  return exportMail(email);
}

describe('the data export', () => {
  it('builds a ZIP of everything about the user, mails a link in their language, and downloads it once', async () => {
    const { mill, admin } = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const jwt = await signIn(t, admin.email);
    const [order] = await t.db
      .insert(projects)
      .values({ millId: mill.id, labId: lab.lab.id, name: 'Case', submittedAt: new Date() })
      .returning();
    await t.db.insert(messages).values({ projectId: order!.id, authorId: admin.id, message: 'Margin looks thin' });
    const { mail, token } = await readyExport(admin.email, jwt);
    expect(mail.subject).toBe('Ihre CaseBridge-Daten sind bereit');
    expect(mail.text).toContain(`http://portal.test/data-export/${token}`);

    const first = await download(token, jwt);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/zip');
    const entries = await readZip(first.rawPayload);
    const names = entries.map((e) => e.name.replace('casebridge-data/', ''));
    expect(names.sort()).toEqual(['README.txt', ...Object.keys(EXPORT_FILES)].sort());
    const json = (name: string) => JSON.parse(entries.find((e) => e.name.endsWith(name))!.content.toString('utf8'));
    expect(json('profile.json')).toMatchObject({ id: admin.id, email: admin.email, firstName: admin.firstName, secondFactor: false });
    expect(json('memberships.json').mills).toEqual([expect.objectContaining({ millId: mill.id, role: 'admin' })]);
    expect(json('messages.json')).toEqual([expect.objectContaining({ orderId: order!.id, message: 'Margin looks thin' })]);
    expect(json('sessions.json')).toHaveLength(1);
    expect(json('audit-entries.json').map((e: { action: string }) => e.action)).toContain('personalData.exportRequested');
    const readme = entries.find((e) => e.name.endsWith('README.txt'))!.content.toString('utf8');
    for (const name of Object.keys(EXPORT_FILES)) expect(readme).toContain(name);

    const second = await download(token, jwt);
    expect(second.statusCode).toBe(410);
    expect(second.json().code).toBe('DATA_EXPORT_LINK_GONE');
    const downloads = await t.db.select().from(auditEntries).where(eq(auditEntries.action, 'personalData.exportDownloaded'));
    expect(downloads.filter((entry) => entry.actorUserId === admin.id)).toEqual([
      expect.objectContaining({ objectKind: 'dataExport', millId: null, labId: null, dealerId: null }),
    ]);
    expect(JSON.stringify(downloads)).not.toContain(token);
  });

  it("refuses another user's use of the link (404) and leaves it usable for its owner", async () => {
    const owner = await createLab(t.db);
    const other = await createLab(t.db);
    const { token } = await readyExport(owner.user.email, await signIn(t, owner.user.email));
    expect((await download(token, await signIn(t, other.user.email))).statusCode).toBe(404);
    expect((await download(token)).statusCode).toBe(401);
    expect((await download(token, await signIn(t, owner.user.email))).statusCode).toBe(200);
  });

  it('refuses an expired link, and the expiry job removes the file through the removal queue', async () => {
    const lab = await createLab(t.db);
    const jwt = await signIn(t, lab.user.email);
    const { token } = await readyExport(lab.user.email, jwt);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, lab.user.id));
    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, row!.id));
    expect((await download(token, jwt)).statusCode).toBe(410);
    const deps = t.app.deps;
    expect(await expireDataExports(deps)).toBe(1);
    const [after] = await t.db.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(after).toMatchObject({ status: 'expired', storageKey: null, tokenHash: null });
    expect(await deps.storage.open(row!.storageKey!)).toBeNull();
    expect(await t.db.select().from(storageRemovals).where(eq(storageRemovals.storageKey, row!.storageKey!))).toEqual([]);
  });

  it('allows one export in flight per user and a few a day', async () => {
    const lab = await createLab(t.db);
    const jwt = await signIn(t, lab.user.email);
    const ask = () => t.request({ method: 'POST', url: '/api/users/me/data-export', token: jwt });
    const [a, b] = await Promise.all([ask(), ask()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('DATA_EXPORT_IN_PROGRESS');
    await exportMail(lab.user.email);
    expect((await ask()).statusCode).toBe(200);
    await jobsDone();
    expect((await ask()).statusCode).toBe(200);
    await jobsDone();
    const fourth = await ask();
    expect(fourth.statusCode).toBe(429);
    expect((await t.request({ method: 'GET', url: '/api/users/me/data-export', token: jwt })).json().export.status).toBe('ready');
  });
});

const remove = (jwt: string, payload: object) => t.request({ method: 'DELETE', url: '/api/users/me', token: jwt, payload });

describe('deleting one’s account', () => {
  it('pseudonymises the user, keeps their messages, ends every session and refuses to sign in again', async () => {
    const { mill, admin, company } = await createMill(t.db);
    const staff = await addMillUser(t.db, mill.id, company.id, 'user');
    const lab = await createLab(t.db, { clientOf: mill.id });
    const [order] = await t.db
      .insert(projects)
      .values({ millId: mill.id, labId: lab.lab.id, name: 'Case', submittedAt: new Date() })
      .returning();
    await t.db.insert(messages).values({ projectId: order!.id, authorId: staff.id, message: 'Will mill tomorrow' });
    const other = await signIn(t, staff.email);
    const jwt = await signIn(t, staff.email);
    const response = await remove(jwt, { password: PASSWORD });
    expect(response.statusCode).toBe(200);

    const [row] = await t.db.select().from(users).where(eq(users.id, staff.id));
    expect(row).toMatchObject({ firstName: 'Deleted user', lastName: '', passwordHash: null, avatarPath: null, blocked: true });
    expect(row!.email).toBe(`deleted-user-${staff.id}@casebridge.invalid`);
    expect(row!.deletedAt).not.toBeNull();
    expect(await t.db.select().from(userSessions).where(eq(userSessions.userId, staff.id))).toEqual([]);
    expect(await t.db.select().from(millMembers).where(eq(millMembers.userId, staff.id))).toEqual([]);
    const [kept] = await t.db.select().from(messages).where(eq(messages.authorId, staff.id));
    expect(kept!.message).toBe('Will mill tomorrow');
    for (const token of [jwt, other]) expect((await t.request({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(401);
    const signInAgain = await t.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: staff.email, password: PASSWORD },
    });
    expect(signInAgain.statusCode).toBe(400);
    expect(signInAgain.json().code).toBe('INVALID_CREDENTIALS');

    const trail = await t.db.select().from(auditEntries).where(eq(auditEntries.actorUserId, staff.id));
    expect(trail.find((e) => e.action === 'user.deleted')).toMatchObject({ objectId: String(staff.id), millId: null });
    expect(trail.find((e) => e.action === 'millUser.removed')).toMatchObject({ millId: mill.id });
    const conversation = await t.request({ method: 'GET', url: `/api/mills/${mill.id}/messages`, token: await signIn(t, admin.email) });
    expect(conversation.statusCode).toBe(200);
    expect(conversation.body).toContain('Will mill tomorrow');
    expect(conversation.body).toContain('Deleted user');
  });

  it('refuses a wrong password and changes nothing', async () => {
    const lab = await createLab(t.db);
    const jwt = await signIn(t, lab.user.email);
    const response = await remove(jwt, { password: 'not-the-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ password: ['WRONG_CURRENT_PASSWORD'] });
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).statusCode).toBe(200);
  });

  it('asks a user with a second factor for a code, refuses a wrong one, and deletes with a right one', async () => {
    const lab = await createLab(t.db);
    const jwt = await signIn(t, lab.user.email);
    const { secret } = (await t.request({ method: 'POST', url: '/api/users/me/two-factor/totp', token: jwt })).json<{ secret: string }>();
    const at = Date.now();
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/users/me/two-factor/totp/confirm',
      token: jwt,
      payload: { code: currentTotp(secret, at) },
    });
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    const missing = await remove(jwt, { password: PASSWORD });
    expect(missing.json().errors).toEqual({ code: ['SECOND_FACTOR_REQUIRED'] });
    const wrong = await remove(jwt, { password: PASSWORD, code: '000000' === currentTotp(secret, at) ? '111111' : '000000' });
    expect(wrong.json().errors).toEqual({ code: ['SECOND_FACTOR_INVALID'] });
    // The code that confirmed the enrolment was used: reusing it within its window is refused.
    expect((await remove(jwt, { password: PASSWORD, code: currentTotp(secret, at) })).json().errors).toEqual({
      code: ['SECOND_FACTOR_INVALID'],
    });
    expect((await remove(jwt, { password: PASSWORD, code: recoveryCodes[0] })).statusCode).toBe(200);
    expect(await t.db.select().from(userTotp).where(eq(userTotp.userId, lab.user.id))).toEqual([]);
  });

  it('stops guessing the password after the limit', async () => {
    const lab = await createLab(t.db);
    const jwt = await signIn(t, lab.user.email);
    const answers: number[] = [];
    for (let i = 0; i < 7; i += 1) answers.push((await remove(jwt, { password: `wrong-${i}` })).statusCode);
    expect(answers).toContain(429);
    expect((await remove(jwt, { password: PASSWORD })).statusCode).toBe(429);
  });

  it("refuses a mill's last administrator (409), and allows it once another administrator exists", async () => {
    const { mill, admin, company } = await createMill(t.db);
    await addMillUser(t.db, mill.id, company.id, 'user');
    const jwt = await signIn(t, admin.email);
    const refused = await remove(jwt, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LAST_MILL_ADMIN');
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).statusCode).toBe(200);
    const blockedAdmin = await addMillUser(t.db, mill.id, company.id, 'admin');
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, blockedAdmin.id));
    expect((await remove(jwt, { password: PASSWORD })).statusCode).toBe(409);
    await addMillUser(t.db, mill.id, company.id, 'admin');
    expect((await remove(jwt, { password: PASSWORD })).statusCode).toBe(200);
  });

  it("refuses the platform's last manager (409); of two last managers deleting at once, one goes", async () => {
    const first = await createManager(t.db);
    // Other tests of this file made managers: only this one is left active.
    await t.db
      .update(users)
      .set({ blocked: true })
      .where(and(eq(users.roleType, 'manager'), ne(users.id, first.id)));
    const jwt = await signIn(t, first.email);
    const refused = await remove(jwt, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LAST_MANAGER');
    const second = await createManager(t.db);
    const answers = await Promise.all([remove(jwt, { password: PASSWORD }), remove(await signIn(t, second.email), { password: PASSWORD })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('lets only one of two last administrators go when both delete at once', async () => {
    const { mill, admin, company } = await createMill(t.db);
    const second = await addMillUser(t.db, mill.id, company.id, 'admin');
    const [a, b] = await Promise.all([
      remove(await signIn(t, admin.email), { password: PASSWORD }),
      remove(await signIn(t, second.email), { password: PASSWORD }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const admins = await t.db.select().from(millMembers).where(eq(millMembers.millId, mill.id));
    expect(admins.filter((m) => m.millRole === 'admin')).toHaveLength(1);
  });

  it('is open to the manager and to dealer users too: their settings page offers it', async () => {
    const manager = await createManager(t.db);
    const managerJwt = await signIn(t, manager.email);
    expect((await t.request({ method: 'POST', url: '/api/users/me/data-export', token: managerJwt })).statusCode).toBe(200);
    const dealer = await createDealer(t.db);
    const dealerJwt = await signIn(t, dealer.user.email);
    expect((await t.request({ method: 'POST', url: '/api/users/me/data-export', token: dealerJwt })).statusCode).toBe(200);
    expect((await remove(dealerJwt, { password: PASSWORD })).statusCode).toBe(200);
    expect(await t.db.select().from(dealerMembers).where(eq(dealerMembers.userId, dealer.user.id))).toEqual([]);
  });

  it('removes the export files of a deleted user through the removal queue', async () => {
    const lab = await createLab(t.db);
    const jwt = await signIn(t, lab.user.email);
    await readyExport(lab.user.email, jwt);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, lab.user.id));
    expect((await remove(jwt, { password: PASSWORD })).statusCode).toBe(200);
    const deps = t.app.deps;
    expect(await deps.storage.open(row!.storageKey!)).toBeNull();
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, lab.user.id))).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 4xx, never 5xx, to malformed tokens and bodies', async () => {
    const lab = await createLab(t.db);
    const jwt = await signIn(t, lab.user.email);
    const statuses = [
      (await download('short', jwt)).statusCode,
      (await download('x'.repeat(43).replace(/x/, '%'), jwt)).statusCode,
      (await download('A'.repeat(43), jwt)).statusCode,
      (await t.request({ method: 'DELETE', url: '/api/users/me', token: jwt })).statusCode,
      (
        await t.request({
          method: 'DELETE',
          url: '/api/users/me',
          token: jwt,
          payload: '[]',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
      (await remove(jwt, { password: '' })).statusCode,
      (await remove(jwt, { password: PASSWORD, code: 'x'.repeat(500) })).statusCode,
      (await remove(jwt, { password: { $ne: null } })).statusCode,
    ];
    expect(statuses).toEqual([400, 400, 404, 400, 400, 400, 400, 400]);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).statusCode).toBe(200);
  });
});
