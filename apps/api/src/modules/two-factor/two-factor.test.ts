import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/audit.ts';
import { signInChallenges, userTotp } from '../../db/schema/two-factor.ts';
import { DEFAULT_RATE_LIMITS } from '../../deps.ts';
import { createMill, PASSWORD, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentTotp } from './two-factor.rules.ts';

let t: TestApp;
beforeAll(async () => {
  // The real limit on codes (5 wrong per user), the others relaxed.
  t = await createTestApp({ rateLimits: { secondFactor: DEFAULT_RATE_LIMITS.secondFactor } });
});
afterAll(async () => {
  await t.close();
});

const STEP = 30_000;
const post = (url: string, payload: object, token?: string) => t.request({ method: 'POST', url, payload, token });

/** Enrols the user's authenticator; the code of the current step is used by the confirmation. */
async function enrol(jwt: string) {
  const { secret, uri } = (await post('/api/users/me/two-factor/totp', {}, jwt)).json<{ secret: string; uri: string }>();
  // The moment whose code confirmed: a test reusing "the same code" reuses this one, even if a step passed since.
  const at = Date.now();
  const confirmed = await post('/api/users/me/two-factor/totp/confirm', { code: currentTotp(secret, at) }, jwt);
  expect(confirmed.statusCode).toBe(200);
  return { secret, uri, at, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function challengeFor(email: string) {
  const response = await post('/api/auth/local', { identifier: email, password: PASSWORD });
  expect(response.statusCode).toBe(200);
  expect(response.json()).not.toHaveProperty('jwt');
  return response.json<{ challenge: { token: string; kind: string; methods: string[] } }>().challenge;
}

async function enrolledStaff() {
  const { admin, mill, company } = await createMill(t.db);
  const enrolment = await enrol(await signIn(t, admin.email));
  return { admin, mill, company, ...enrolment };
}

describe('enrolling an authenticator', () => {
  it('answers an otpauth URI for CaseBridge and the email, ten recovery codes once, and seals the secret', async () => {
    const { admin, secret, uri, recoveryCodes } = await enrolledStaff();
    expect(uri).toMatch(new RegExp(`^otpauth://totp/CaseBridge:${encodeURIComponent(admin.email)}\\?.*secret=${secret}`));
    expect(uri).toContain('issuer=CaseBridge');
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await t.db.select().from(userTotp).where(eq(userTotp.userId, admin.id));
    expect(row!.confirmedAt).not.toBeNull();
    expect(row!.sealedSecret).not.toContain(secret);
    expect(row!.sealedSecret).toMatch(/^v1\./);
    const status = await t.request({ method: 'GET', url: '/api/users/me/two-factor', token: await signInWithCode(admin.email, secret, 1) });
    expect(status.json()).toEqual({ totp: true, passkeys: 0, recoveryCodesLeft: 10, required: false });
  });

  it('refuses a wrong first code and keeps the authenticator unconfirmed', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const { secret } = (await post('/api/users/me/two-factor/totp', {}, jwt)).json<{ secret: string }>();
    const wrong = await post('/api/users/me/two-factor/totp/confirm', { code: currentTotp(secret, Date.now() + 10 * STEP) }, jwt);
    expect([wrong.statusCode, wrong.json().errors]).toEqual([400, { code: ['SECOND_FACTOR_INVALID'] }]);
    // Unconfirmed, it asks nothing at sign-in.
    expect((await post('/api/auth/local', { identifier: admin.email, password: PASSWORD })).json()).toHaveProperty('jwt');
  });
});

/** Signs in with the code `steps` steps ahead of now (the window allows one). */
async function signInWithCode(email: string, secret: string, steps: number): Promise<string> {
  const challenge = await challengeFor(email);
  const response = await post('/api/auth/sign-in/second-factor', {
    token: challenge.token,
    code: currentTotp(secret, Date.now() + steps * STEP),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ jwt: string }>().jwt;
}

describe('signing in with a second factor', () => {
  it('answers a challenge without a session, and the session only for a right code', async () => {
    const { admin, secret } = await enrolledStaff();
    const challenge = await challengeFor(admin.email);
    expect(challenge).toMatchObject({ kind: 'verify', methods: ['totp', 'recovery'] });
    const wrong = await post('/api/auth/sign-in/second-factor', {
      token: challenge.token,
      code: '000000' === currentTotp(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const right = await post('/api/auth/sign-in/second-factor', { token: challenge.token, code: currentTotp(secret, Date.now() + STEP) });
    expect(right.json()).toMatchObject({ jwt: expect.any(String), user: { id: admin.id } });
  });

  it('refuses a code used within its window, and an older one after a newer', async () => {
    const { admin, secret, at } = await enrolledStaff();
    // The confirmation used this step: the same code is refused at sign-in.
    const again = await post('/api/auth/sign-in/second-factor', {
      token: (await challengeFor(admin.email)).token,
      code: currentTotp(secret, at),
    });
    expect([again.statusCode, again.json().errors]).toEqual([400, { code: ['SECOND_FACTOR_INVALID'] }]);
    await signInWithCode(admin.email, secret, 1);
    const older = await post('/api/auth/sign-in/second-factor', {
      token: (await challengeFor(admin.email)).token,
      code: currentTotp(secret, at),
    });
    expect(older.statusCode).toBe(400);
  });

  it('refuses a challenge token used once already, or expired', async () => {
    const { admin, recoveryCodes } = await enrolledStaff();
    const challenge = await challengeFor(admin.email);
    expect((await post('/api/auth/sign-in/second-factor', { token: challenge.token, code: recoveryCodes[0]! })).statusCode).toBe(200);
    const reused = await post('/api/auth/sign-in/second-factor', { token: challenge.token, code: recoveryCodes[1]! });
    expect([reused.statusCode, reused.json().code]).toEqual([400, 'TOKEN_INVALID']);

    const late = await challengeFor(admin.email);
    await t.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.userId, admin.id));
    const expired = await post('/api/auth/sign-in/second-factor', { token: late.token, code: recoveryCodes[2]! });
    expect([expired.statusCode, expired.json().code]).toEqual([400, 'TOKEN_INVALID']);
  });

  it('takes a recovery code once, whatever its case and dashes', async () => {
    const { admin, recoveryCodes } = await enrolledStaff();
    const code = recoveryCodes[3]!;
    const first = await post('/api/auth/sign-in/second-factor', {
      token: (await challengeFor(admin.email)).token,
      code: code.toUpperCase(),
    });
    expect(first.statusCode).toBe(200);
    const second = await post('/api/auth/sign-in/second-factor', { token: (await challengeFor(admin.email)).token, code });
    expect([second.statusCode, second.json().errors]).toEqual([400, { code: ['SECOND_FACTOR_INVALID'] }]);
  });

  it('refuses even the right code once five wrong ones were tried, across challenges', async () => {
    const { admin, secret } = await enrolledStaff();
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await post('/api/auth/sign-in/second-factor', {
        token: (await challengeFor(admin.email)).token,
        code: 'aaaaa-bbbbb-ccccc',
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await post('/api/auth/sign-in/second-factor', {
      token: (await challengeFor(admin.email)).token,
      code: currentTotp(secret, Date.now() + STEP),
    });
    expect([right.statusCode, right.json().code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('asks the second factor after a password reset too', async () => {
    const { admin } = await enrolledStaff();
    const { issueAccountLink } = await import('../users/users.service.ts');
    const code = await issueAccountLink(t.db, 'password-reset', admin.id);
    const reset = await post('/api/auth/reset-password', {
      code,
      password: 'a-new-long-password',
      passwordConfirmation: 'a-new-long-password',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ challenge: { kind: 'verify' } });
    expect(reset.json()).not.toHaveProperty('jwt');
  });

  it('asks the second factor after the confirmation link of an address change', async () => {
    const { admin } = await enrolledStaff();
    const { issueAccountLink } = await import('../users/users.service.ts');
    const token = await issueAccountLink(t.db, 'email-confirmation', admin.id);
    const confirmed = await t.request({ method: 'GET', url: `/api/auth/email-confirmation?confirmation=${token}` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ challenge: { kind: 'verify' } });
    expect(confirmed.json()).not.toHaveProperty('jwt');
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code', async () => {
    const { admin, secret, recoveryCodes } = await enrolledStaff();
    const jwt = await signInWithCode(admin.email, secret, 1);
    const noPassword = await post('/api/users/me/two-factor/totp/disable', { password: 'not-the-password', code: recoveryCodes[0]! }, jwt);
    expect([noPassword.statusCode, noPassword.json().errors]).toEqual([400, { password: ['WRONG_CURRENT_PASSWORD'] }]);
    const noCode = await post('/api/users/me/two-factor/totp/disable', { password: PASSWORD, code: '123456' }, jwt);
    expect(noCode.statusCode).toBe(400);
    expect((await post('/api/users/me/two-factor/totp/disable', { password: PASSWORD, code: recoveryCodes[0]! }, jwt)).statusCode).toBe(
      200,
    );
    expect(await t.db.select().from(userTotp).where(eq(userTotp.userId, admin.id))).toEqual([]);
    expect((await post('/api/auth/local', { identifier: admin.email, password: PASSWORD })).json()).toHaveProperty('jwt');
  });

  it('records enrolling and turning off in the audit trail, never the secret or the codes', async () => {
    const { admin, secret, recoveryCodes } = await enrolledStaff();
    const jwt = await signInWithCode(admin.email, secret, 1);
    await post('/api/users/me/two-factor/totp/disable', { password: PASSWORD, code: recoveryCodes[0]! }, jwt);
    const entries = await t.db.select().from(auditEntries).where(eq(auditEntries.actorUserId, admin.id));
    const factorEntries = entries.filter((entry) => entry.action.startsWith('auth.secondFactor.'));
    expect(factorEntries.map((entry) => [entry.action, entry.objectId])).toEqual([
      ['auth.secondFactor.enrolled', String(admin.id)],
      ['auth.secondFactor.disabled', String(admin.id)],
    ]);
    expect(JSON.stringify(entries)).not.toContain(secret);
    expect(JSON.stringify(entries)).not.toContain(recoveryCodes[1]!);
  });
});
