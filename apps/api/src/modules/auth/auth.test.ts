import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mills, policyConsents } from '../../db/schema/mills.ts';
import { policyDocuments } from '../../db/schema/policies.ts';
import { oneTimeTokens } from '../../db/schema/tokens.ts';
import { users } from '../../db/schema/users.ts';
import { createLab, createMill, createTicket, PASSWORD, signIn, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, tokenFromMail, waitForMail, type TestApp } from '../../../test/test-app.ts';
import { DEFAULT_RATE_LIMITS } from '../../deps.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'another-long-password';

function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Mia',
    lastName: 'Miller',
    email: uniqueEmail('signup'),
    password: 'mia-has-a-long-password',
    policyAgreement: true,
    dataProcessingAgreement: true,
    promotionsOptOut: false,
    ...overrides,
  };
}

describe('POST /api/auth/local (sign in)', () => {
  it('returns jwt, user, mills and ordersCount for a mill admin', async () => {
    const { admin, mill } = await createMill(t.db);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: admin.email.toUpperCase(), password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.jwt).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ id: admin.id, email: admin.email, role: { type: 'mill' } });
    expect(body.mills).toEqual([expect.objectContaining({ id: mill.id, millRole: 'admin' })]);
    expect(body.ordersCount).toBe(0);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { admin } = await createMill(t.db);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: admin.email, password: 'not-the-password' },
    });
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: uniqueEmail(), password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a blocked or unconfirmed account', async () => {
    const { admin } = await createMill(t.db);
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, admin.id));
    const blocked = await t.request({ method: 'POST', url: '/api/auth/local', payload: { identifier: admin.email, password: PASSWORD } });
    expect(blocked.json().code).toBe('ACCOUNT_BLOCKED');
    await t.db.update(users).set({ blocked: false, confirmed: false }).where(eq(users.id, admin.id));
    const unconfirmed = await t.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: admin.email, password: PASSWORD },
    });
    expect(unconfirmed.json().code).toBe('EMAIL_NOT_CONFIRMED');
  });

  it('rejects identifiers and passwords sent as objects or arrays', async () => {
    for (const payload of [
      { identifier: { $ne: '' }, password: PASSWORD },
      { identifier: ['a@b.test'], password: PASSWORD },
      { identifier: 'a@b.test', password: { $gt: '' } },
    ]) {
      const response = await t.request({ method: 'POST', url: '/api/auth/local', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('requires a valid email and a password', async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'not-an-email', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['identifier', 'password']);
  });
});

describe('sign-up with an activation key', () => {
  it('creates an unconfirmed mill admin, mails a confirmation link that signs in once', async () => {
    const key = await createTicket(t.db);
    const body = registration({ activationKey: key.toLowerCase(), language: 'de' });
    const response = await t.request({ method: 'POST', url: '/api/auth/local/register', payload: body });
    expect(response.statusCode).toBe(200);

    const signInFirst = await t.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: body.email, password: body.password },
    });
    expect(signInFirst.json().code).toBe('EMAIL_NOT_CONFIRMED');

    const mail = await waitForMail(t, (m) => m.to === body.email);
    expect(mail.subject).toBe('Bestätigen Sie Ihr CaseBridge-Konto');
    expect(mail.text).toContain('http://portal.test/?confirmation=');
    const token = tokenFromMail(mail, 'confirmation');

    const confirmed = await t.request({ method: 'GET', url: `/api/auth/email-confirmation?confirmation=${token}` });
    expect(confirmed.statusCode).toBe(200);
    const session = confirmed.json();
    expect(session.user).toMatchObject({ email: body.email, confirmed: true, role: { type: 'mill' }, companyInfoIsUpdated: false });
    // Both agreements were ticked at sign-up: the consent dialog has nothing left to ask.
    expect(session.mills).toEqual([expect.objectContaining({ millRole: 'admin', needPoliciesApproval: false })]);
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: session.jwt });
    expect(me.json().user.email).toBe(body.email);

    const again = await t.request({ method: 'GET', url: `/api/auth/email-confirmation?confirmation=${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_INVALID');
  });

  it('keeps the agreements of the sign-up as the consent to the documents in force', async () => {
    const [terms, dataProcessing] = await t.db
      .insert(policyDocuments)
      .values([
        { kind: 'terms-of-service', language: 'en', title: 'Terms', contentHtml: '<p>Terms</p>' },
        { kind: 'data-processing', language: 'en', title: 'Data processing', contentHtml: '<p>DPA</p>' },
      ])
      .returning();
    const body = registration({ activationKey: await createTicket(t.db) });
    expect((await t.request({ method: 'POST', url: '/api/auth/local/register', payload: body })).statusCode).toBe(200);

    const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
    const consents = await t.db.select().from(policyConsents).where(eq(policyConsents.userId, user!.id));
    expect(consents).toHaveLength(1);
    expect(consents[0]!.documentIds).toEqual(expect.arrayContaining([terms!.id, dataProcessing!.id]));
    const [mill] = await t.db.select().from(mills).where(eq(mills.id, consents[0]!.millId));
    expect(mill!.needPoliciesApproval).toBe(false);
  });

  it('answers field errors for a taken email and a malformed key together', async () => {
    const { admin } = await createMill(t.db);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/local/register',
      payload: registration({ email: admin.email, activationKey: 'ABCDE-12345' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: ['EMAIL_TAKEN'], activationKey: ['ACTIVATION_KEY_INVALID'] });
  });

  it('refuses an unknown key and a used key', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/local/register',
      payload: registration({ activationKey: 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ' }),
    });
    expect(unknown.json().errors).toEqual({ activationKey: ['ACTIVATION_KEY_UNKNOWN'] });
    const key = await createTicket(t.db);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/local/register', payload: registration({ activationKey: key }) })).statusCode,
    ).toBe(200);
    const used = await t.request({ method: 'POST', url: '/api/auth/local/register', payload: registration({ activationKey: key }) });
    expect(used.json().errors).toEqual({ activationKey: ['ACTIVATION_KEY_USED'] });
  });

  it('lets only one of two simultaneous sign-ups use a key', async () => {
    const key = await createTicket(t.db);
    const results = await Promise.all(
      [1, 2, 3].map(() => t.request({ method: 'POST', url: '/api/auth/local/register', payload: registration({ activationKey: key }) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('refuses short, long and common passwords', async () => {
    const key = await createTicket(t.db);
    const cases: [string, string][] = [
      ['short-pw', 'PASSWORD_TOO_SHORT'],
      ['x'.repeat(257), 'PASSWORD_TOO_LONG'],
      ['password1234', 'PASSWORD_TOO_COMMON'],
      ['aaaaaaaaaaaaaaaa', 'PASSWORD_TOO_COMMON'],
    ];
    for (const [password, code] of cases) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/local/register',
        payload: registration({ activationKey: key, password }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.password).toEqual([code]);
    }
  });

  it('refuses sign-up without both agreements', async () => {
    const key = await createTicket(t.db);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/local/register',
      payload: registration({ activationKey: key, policyAgreement: false }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.policyAgreement).toBeDefined();
  });

  it('refuses mass assignment of role, confirmation, block state or tenant', async () => {
    const key = await createTicket(t.db);
    for (const extra of [
      { role: 'manager' },
      { roleType: 'manager' },
      { confirmed: true },
      { blocked: false },
      { companyId: 1 },
      { millId: 1 },
    ]) {
      const body = registration({ activationKey: key, ...extra });
      const response = await t.request({ method: 'POST', url: '/api/auth/local/register', payload: body });
      expect(response.statusCode).toBe(400);
      const [row] = await t.db
        .select()
        .from(users)
        .where(eq(users.email, body.email as string));
      expect(row).toBeUndefined();
    }
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown emails, and mails only the known one', async () => {
    const { admin } = await createMill(t.db);
    const unknownEmail = uniqueEmail('nobody');
    const known = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: admin.email } });
    const unknown = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: unknownEmail } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await waitForMail(t, (m) => m.to === admin.email);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await t.mails()).some((m) => m.to === unknownEmail)).toBe(false);
  });

  it('resets with the mailed code once, ends old sessions, and signs in with the new password', async () => {
    const { admin } = await createMill(t.db);
    const oldJwt = await signIn(t, admin.email);
    await t.request({ method: 'POST', url: '/api/auth/forgot-password?locale=fr', payload: { email: admin.email } });
    const mail = await waitForMail(t, (m) => m.to === admin.email && m.text.includes('?code='));
    expect(mail.subject).toBe('Réinitialisez votre mot de passe CaseBridge');
    const code = tokenFromMail(mail, 'code');

    const mismatch = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: NEW_PASSWORD, passwordConfirmation: 'different-long-password' },
    });
    expect(mismatch.json().errors).toEqual({ passwordConfirmation: ['PASSWORDS_DO_NOT_MATCH'] });

    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().jwt).toEqual(expect.any(String));

    const reused = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: 'yet-another-password', passwordConfirmation: 'yet-another-password' },
    });
    expect(reused.json().code).toBe('TOKEN_INVALID');
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: oldJwt })).statusCode).toBe(401);
    await signIn(t, admin.email, NEW_PASSWORD);
  });

  it('refuses an expired reset code', async () => {
    const { admin } = await createMill(t.db);
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: admin.email } });
    const code = tokenFromMail(await waitForMail(t, (m) => m.to === admin.email), 'code');
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.userId, admin.id));
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(response.json().code).toBe('TOKEN_INVALID');
  });

  it('gives reset links one hour and confirmation links seven days', async () => {
    const { admin } = await createMill(t.db);
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: admin.email } });
    await waitForMail(t, (m) => m.to === admin.email);
    const [row] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, admin.id));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 3_600_000)).toBeLessThan(5_000);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a code sent as an object', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code: { $ne: null }, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('PUT /api/auth/password', () => {
  it('needs the current password, then ends older sessions and returns a fresh jwt', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const wrong = await t.request({
      method: 'PUT',
      url: '/api/auth/password',
      token: jwt,
      payload: { currentPassword: 'wrong-password!', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(wrong.json().errors).toEqual({ currentPassword: ['WRONG_CURRENT_PASSWORD'] });
    const ok = await t.request({
      method: 'PUT',
      url: '/api/auth/password',
      token: jwt,
      payload: { currentPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: ok.json().jwt })).statusCode).toBe(200);
  });

  it("refuses a new password made of the owner's address, and changes nothing", async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const ownWords = `${admin.email.split('@')[0]}-2026`;
    const refused = await t.request({
      method: 'PUT',
      url: '/api/auth/password',
      token: jwt,
      payload: { currentPassword: PASSWORD, password: ownWords, passwordConfirmation: ownWords },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ password: ['PASSWORD_HAS_PERSONAL_WORDS'] });
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).statusCode).toBe(200);
  });

  it('refuses a caller without a session', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { currentPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/auth/check-unique-email', () => {
  it('tells whether an address has an account, case-insensitively', async () => {
    const lab = await createLab(t.db);
    const taken = await t.request({
      method: 'POST',
      url: '/api/auth/check-unique-email',
      payload: { email: ` ${lab.user.email.toUpperCase()} ` },
    });
    expect(taken.json()).toEqual({ emailIsTaken: true });
    const free = await t.request({ method: 'POST', url: '/api/auth/check-unique-email', payload: { email: uniqueEmail() } });
    expect(free.json()).toEqual({ emailIsTaken: false });
  });
});

describe('sign-in limit (only failures count)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { signIn: DEFAULT_RATE_LIMITS.signIn } });
  });
  afterAll(async () => {
    await limited.close();
  });

  const attempt = (identifier: string, password: string, remoteAddress = '198.51.100.40') =>
    limited.request({ method: 'POST', url: '/api/auth/local', remoteAddress, payload: { identifier, password } });

  it('lets 15 successful sign-ins in a row through, on one account and one address', async () => {
    const { admin } = await createMill(limited.db);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await attempt(admin.email, PASSWORD)).statusCode);
    expect(statuses).toEqual(Array<number>(15).fill(200));
  });

  it('still limits failed sign-ins, and a success in between does not reset them', async () => {
    const { admin } = await createMill(limited.db);
    const max = DEFAULT_RATE_LIMITS.signIn.perIdentifier!.max;
    const failures: number[] = [];
    for (let i = 0; i < max - 1; i++) failures.push((await attempt(admin.email, 'not-the-password', '198.51.100.41')).statusCode);
    expect(failures.every((status) => status === 400)).toBe(true);
    // The success neither counts nor wipes the failures before it.
    expect((await attempt(admin.email, PASSWORD, '198.51.100.41')).statusCode).toBe(200);
    expect((await attempt(admin.email, 'not-the-password', '198.51.100.41')).statusCode).toBe(400);
    const limitedAttempt = await attempt(admin.email, 'not-the-password', '198.51.100.41');
    expect(limitedAttempt.statusCode).toBe(429);
    expect(limitedAttempt.json().code).toBe('RATE_LIMITED');
    // Once limited, even the right password waits: the limit is on the account, not on the guess.
    expect((await attempt(admin.email, PASSWORD, '198.51.100.42')).statusCode).toBe(429);
  });
});
