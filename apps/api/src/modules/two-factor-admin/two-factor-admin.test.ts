import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { addDealerUser, addMillUser, createDealer, createManager, createMill, PASSWORD, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentTotp } from '../two-factor/two-factor.rules.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const STEP = 30_000;
const post = (url: string, payload: object, token?: string) => t.request({ method: 'POST', url, payload, token });

async function challengeFor(email: string) {
  const response = await post('/api/auth/local', { identifier: email, password: PASSWORD });
  return response.json<{ challenge: { token: string; kind: string; methods: string[] } }>().challenge;
}

/** Enrols the user's authenticator and signs in with the next step's code: the session that second factor gave. */
async function enrolAndSignIn(email: string): Promise<string> {
  const jwt = await signIn(t, email);
  const { secret } = (await post('/api/users/me/two-factor/totp', {}, jwt)).json<{ secret: string }>();
  const at = Date.now();
  expect((await post('/api/users/me/two-factor/totp/confirm', { code: currentTotp(secret, at) }, jwt)).statusCode).toBe(200);
  const done = await post('/api/auth/sign-in/second-factor', {
    token: (await challengeFor(email)).token,
    code: currentTotp(secret, at + STEP),
  });
  return done.json<{ jwt: string }>().jwt;
}

describe('a mill that requires a second factor', () => {
  it('gives its staff without one no session until they enrolled', async () => {
    const { admin, mill, company } = await createMill(t.db);
    const staff = await addMillUser(t.db, mill.id, company.id);
    const adminJwt = await signIn(t, admin.email);
    const set = await t.request({
      method: 'PUT',
      url: `/api/mills/${mill.id}/two-factor-requirement`,
      payload: { required: true },
      token: adminJwt,
    });
    // Both the admin and the staff member have no authenticator yet.
    expect(set.json()).toEqual({ required: true, notEnrolled: 2 });

    const challenge = await challengeFor(staff.email);
    expect(challenge).toMatchObject({ kind: 'enrol', methods: ['totp'] });
    // The enrol challenge opens nothing else: not the code step, not the account.
    expect((await post('/api/auth/sign-in/second-factor', { token: challenge.token, code: '123456' })).json().code).toBe('TOKEN_INVALID');
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: challenge.token })).statusCode).toBe(401);

    const { secret } = (await post('/api/auth/sign-in/enrolment', { token: challenge.token })).json<{ secret: string }>();
    const wrong = await post('/api/auth/sign-in/enrolment/confirm', {
      token: challenge.token,
      code: currentTotp(secret, Date.now() + 9 * STEP),
    });
    expect(wrong.statusCode).toBe(400);
    const done = await post('/api/auth/sign-in/enrolment/confirm', { token: challenge.token, code: currentTotp(secret) });
    expect(done.json()).toMatchObject({ jwt: expect.any(String), user: { id: staff.id }, recoveryCodes: expect.any(Array) });
    // From now on a code is asked.
    expect((await challengeFor(staff.email)).kind).toBe('verify');
  });

  it('counts the staff without a confirmed second factor, of this mill only', async () => {
    const { admin, mill, company } = await createMill(t.db);
    const enrolled = await addMillUser(t.db, mill.id, company.id);
    await addMillUser(t.db, mill.id, company.id);
    const other = await createMill(t.db);
    await enrolAndSignIn(other.admin.email);
    const adminJwt = await signIn(t, admin.email);
    const read = async () =>
      (await t.request({ method: 'GET', url: `/api/mills/${mill.id}/two-factor-requirement`, token: adminJwt })).json();
    expect(await read()).toEqual({ required: false, notEnrolled: 3 });
    await enrolAndSignIn(enrolled.email);
    // A started but unconfirmed enrolment still counts as not enrolled.
    const pendingJwt = await signIn(t, admin.email);
    await post('/api/users/me/two-factor/totp', {}, pendingJwt);
    expect(await read()).toEqual({ required: false, notEnrolled: 2 });
  });

  it('is set only by the mill’s admin: a plain user gets 403, another mill’s admin 404', async () => {
    const { mill, company } = await createMill(t.db);
    const plain = await addMillUser(t.db, mill.id, company.id);
    const other = await createMill(t.db);
    const put = async (email: string) =>
      (
        await t.request({
          method: 'PUT',
          url: `/api/mills/${mill.id}/two-factor-requirement`,
          payload: { required: true },
          token: await signIn(t, email),
        })
      ).statusCode;
    expect([await put(plain.email), await put(other.admin.email)]).toEqual([403, 404]);
    const platform = await t.request({
      method: 'PUT',
      url: '/api/two-factor-requirement',
      payload: { required: true },
      token: await signIn(t, other.admin.email),
    });
    expect(platform.statusCode).toBe(403);
    expect((await challengeOrSession(plain.email)).jwt).toEqual(expect.any(String));
  });
});

async function challengeOrSession(email: string) {
  return (await post('/api/auth/local', { identifier: email, password: PASSWORD })).json<{ jwt?: string }>();
}

describe('an administrator’s reset of a lost second factor', () => {
  it('lets the mill admin reset a staff member’s (whose sessions end), not a plain user', async () => {
    const { mill, company, admin } = await createMill(t.db);
    const staff = await addMillUser(t.db, mill.id, company.id);
    const staffJwt = await enrolAndSignIn(staff.email);
    const plain = await addMillUser(t.db, mill.id, company.id);
    const url = `/api/mills/${mill.id}/users/${staff.id}/two-factor-reset`;
    expect((await post(url, {}, await signIn(t, plain.email))).statusCode).toBe(403);
    const adminJwt = await signIn(t, admin.email);
    expect((await post(url, {}, adminJwt)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: staffJwt })).statusCode).toBe(401);
    // Twice: nothing left to reset, told by its own code (the web app translates it).
    const again = await post(url, {}, adminJwt);
    expect([again.statusCode, again.json().code]).toEqual([409, 'NO_SECOND_FACTOR']);
    expect(await challengeOrSession(staff.email)).toHaveProperty('jwt');
    const [row] = await t.db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, staff.id));
    expect(row!.v).toBeGreaterThan(staff.tokenVersion);
    // The mill's trail says who reset whose factor: only the admin's reset, not the refused one.
    const resets = await t.db.select().from(auditEntries).where(eq(auditEntries.action, 'auth.secondFactor.reset'));
    expect(resets.filter((entry) => entry.objectId === String(staff.id))).toMatchObject([
      { actorUserId: admin.id, actorTenantKind: 'mill', millId: mill.id, objectKind: 'user' },
    ]);
  });

  it('lets the manager reset a dealer user’s, not the dealer’s own manager', async () => {
    const { user: dealerManager, dealer } = await createDealer(t.db, { dealerRole: 'manager' });
    const member = await addDealerUser(t.db, dealer.id, dealer.companyId);
    await enrolAndSignIn(member.email);
    const url = `/api/dealer-users/${member.id}/two-factor-reset`;
    expect((await post(url, {}, await signIn(t, dealerManager.email))).statusCode).toBe(403);
    const manager = await createManager(t.db);
    expect((await post(url, {}, await signIn(t, manager.email))).statusCode).toBe(200);
    expect(await challengeOrSession(member.email)).toHaveProperty('jwt');
  });
});
