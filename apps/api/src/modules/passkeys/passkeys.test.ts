import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/audit.ts';
import { passkeys, webauthnChallenges } from '../../db/schema/passkeys.ts';
import { userSessions } from '../../db/schema/user-sessions.ts';
import { addMillUser, createMill, PASSWORD, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { VirtualAuthenticator, type Where } from '../../../test/virtual-authenticator.ts';

let t: TestApp;
let here: Where;
beforeAll(async () => {
  t = await createTestApp();
  here = { origin: t.config.webauthn.origins[0]!, rpId: t.config.webauthn.rpId };
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, token?: string) => t.request({ method: 'POST', url, payload, token });
const options = async (jwt: string) => (await post('/api/users/me/passkeys/options', { password: PASSWORD }, jwt)).json().options;
const signInOptions = async () => (await post('/api/auth/passkey/options', {})).json().options as { challenge: string };
const actions = async (userId: number) =>
  (await t.db.select().from(auditEntries).where(eq(auditEntries.actorUserId, userId))).map((entry) => entry.action);

/** A mill admin with one passkey on a fresh virtual authenticator. */
async function withPasskey() {
  const { admin, mill } = await createMill(t.db);
  const jwt = await signIn(t, admin.email);
  const authenticator = new VirtualAuthenticator();
  const added = await post('/api/users/me/passkeys', { name: 'Laptop', response: authenticator.register(await options(jwt), here) }, jwt);
  expect(added.statusCode, added.body).toBe(200);
  return { admin, mill, jwt, authenticator, passkeyId: added.json<{ id: number }>().id };
}

const passkeySignIn = async (response: object) => post('/api/auth/passkey', { response });

describe('adding a passkey', () => {
  it('needs the current password, then lists it and records auth.passkey.added', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const wrong = await post('/api/users/me/passkeys/options', { password: 'not-the-password' }, jwt);
    expect([wrong.statusCode, wrong.json().errors]).toEqual([400, { password: ['WRONG_CURRENT_PASSWORD'] }]);

    const opts = await options(jwt);
    expect(opts.rp.id).toBe('portal.test');
    expect(opts.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const response = new VirtualAuthenticator().register(opts, here);
    expect((await post('/api/users/me/passkeys', { name: 'Laptop', response }, jwt)).statusCode).toBe(200);
    const list = await t.request({ method: 'GET', url: '/api/users/me/passkeys', token: jwt });
    expect(list.json().passkeys).toMatchObject([{ name: 'Laptop', lastUsedAt: null }]);
    expect(await actions(admin.id)).toContain('auth.passkey.added');
  });

  it('refuses an answer made for another relying-party id', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const response = new VirtualAuthenticator().register(await options(jwt), { ...here, rpId: 'evil.test' });
    const refused = await post('/api/users/me/passkeys', { name: 'Phish', response }, jwt);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'PASSKEY_INVALID']);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, admin.id))).toEqual([]);
  });

  it("refuses an answer to another user's registration challenge, and from another origin", async () => {
    const first = await createMill(t.db);
    const second = await createMill(t.db);
    const firstJwt = await signIn(t, first.admin.email);
    const secondJwt = await signIn(t, second.admin.email);
    const stolen = new VirtualAuthenticator().register(await options(firstJwt), here);
    const refused = await post('/api/users/me/passkeys', { name: 'Mine', response: stolen }, secondJwt);
    expect(refused.json().code).toBe('PASSKEY_INVALID');
    const elsewhere = new VirtualAuthenticator().register(await options(secondJwt), { ...here, origin: 'https://evil.test' });
    expect((await post('/api/users/me/passkeys', { name: 'Phish', response: elsewhere }, secondJwt)).json().code).toBe('PASSKEY_INVALID');
  });
});

describe('signing in with a passkey, no password', () => {
  it('starts a session with the method passkey and records the success', async () => {
    const { admin, authenticator, passkeyId } = await withPasskey();
    const answer = await passkeySignIn(authenticator.assert(await signInOptions(), here));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user.id).toBe(admin.id);
    const sessions = await t.db.select().from(userSessions).where(eq(userSessions.userId, admin.id));
    expect(sessions.map((session) => session.method)).toContain('passkey');
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect([row!.counter, row!.lastUsedAt]).toEqual([1, expect.any(Date)]);
    expect(await actions(admin.id)).toContain('auth.passkeySignIn.succeeded');
  });

  it('refuses an assertion whose clientData names another origin', async () => {
    const { authenticator } = await withPasskey();
    const refused = await passkeySignIn(authenticator.assert(await signInOptions(), { ...here, origin: 'https://portal.test.evil.test' }));
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'PASSKEY_INVALID']);
    const [entry] = await t.db.select().from(auditEntries).where(eq(auditEntries.objectId, authenticator.id));
    expect(entry?.action).toBe('auth.passkeySignIn.refused');
  });

  it('refuses a challenge used twice (a replayed assertion)', async () => {
    const { authenticator } = await withPasskey();
    const assertion = authenticator.assert(await signInOptions(), here);
    expect((await passkeySignIn(assertion)).statusCode).toBe(200);
    expect((await passkeySignIn(assertion)).json().code).toBe('PASSKEY_INVALID');
    // Even signed anew, the challenge is spent.
    const again = authenticator.assert(
      { challenge: JSON.parse(Buffer.from(assertion.response.clientDataJSON, 'base64url').toString()).challenge },
      here,
    );
    expect((await passkeySignIn(again)).json().code).toBe('PASSKEY_INVALID');
  });

  it('refuses an expired challenge', async () => {
    const { authenticator } = await withPasskey();
    const opts = await signInOptions();
    await t.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, opts.challenge));
    expect((await passkeySignIn(authenticator.assert(opts, here))).json().code).toBe('PASSKEY_INVALID');
  });

  it('refuses a counter that goes back (a cloned authenticator)', async () => {
    const { authenticator } = await withPasskey();
    authenticator.counter = 9;
    expect((await passkeySignIn(authenticator.assert(await signInOptions(), here))).statusCode).toBe(200);
    authenticator.counter = 4;
    expect((await passkeySignIn(authenticator.assert(await signInOptions(), here))).json().code).toBe('PASSKEY_INVALID');
  });

  it('refuses a credential nobody registered, saying the portal does not know it', async () => {
    const refused = await passkeySignIn(new VirtualAuthenticator().assert(await signInOptions(), here));
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'PASSKEY_UNKNOWN']);
  });
});

describe('a passkey as the second factor', () => {
  async function challengeFor(email: string) {
    const response = await post('/api/auth/local', { identifier: email, password: PASSWORD });
    return response.json<{ challenge: { token: string; kind: string; methods: string[]; passkeyOptions: { challenge: string } } }>()
      .challenge;
  }

  it('announces the passkey after the password and signs in with its assertion', async () => {
    const { admin, authenticator } = await withPasskey();
    const challenge = await challengeFor(admin.email);
    expect([challenge.kind, challenge.methods]).toEqual(['verify', ['passkey']]);
    const answer = await post('/api/auth/sign-in/second-factor', {
      token: challenge.token,
      passkey: authenticator.assert(challenge.passkeyOptions, here),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user.id).toBe(admin.id);
  });

  it("refuses another user's passkey on this user's challenge", async () => {
    const victim = await withPasskey();
    const attacker = await withPasskey();
    const challenge = await challengeFor(victim.admin.email);
    const refused = await post('/api/auth/sign-in/second-factor', {
      token: challenge.token,
      passkey: attacker.authenticator.assert(challenge.passkeyOptions, here),
    });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'PASSKEY_INVALID']);
  });

  it('counts for a mill that requires two-factor sign-in: no enrolment asked', async () => {
    const { admin, mill, jwt } = await withPasskey();
    const required = await t.request({
      method: 'PUT',
      url: `/api/mills/${mill.id}/two-factor-requirement`,
      payload: { required: true },
      token: jwt,
    });
    expect(required.statusCode).toBe(200);
    const challenge = await challengeFor(admin.email);
    expect([challenge.kind, challenge.methods]).toEqual(['verify', ['passkey']]);
    const status = await t.request({ method: 'GET', url: '/api/users/me/two-factor', token: jwt });
    expect(status.json()).toMatchObject({ passkeys: 1, required: true });
  });
});

describe('managing one’s passkeys', () => {
  it("renames and removes one's own (audited), and answers 404 for another user's", async () => {
    const owner = await withPasskey();
    const other = await withPasskey();
    const rename = (jwt: string, name: string) =>
      t.request({ method: 'PUT', url: `/api/users/me/passkeys/${owner.passkeyId}`, payload: { name }, token: jwt });
    expect((await rename(other.jwt, 'Mine now')).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/users/me/passkeys/${owner.passkeyId}`, token: other.jwt })).statusCode).toBe(
      404,
    );
    expect((await rename(owner.jwt, 'Work laptop')).json().name).toBe('Work laptop');
    const removed = await t.request({ method: 'DELETE', url: `/api/users/me/passkeys/${owner.passkeyId}`, token: owner.jwt });
    expect(removed.statusCode).toBe(200);
    expect(await actions(owner.admin.id)).toContain('auth.passkey.removed');
    // The authenticator keeps the key: its next sign-in is told the portal no longer knows it, not to try again.
    const refused = await passkeySignIn(owner.authenticator.assert(await signInOptions(), here));
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'PASSKEY_UNKNOWN']);
  });

  it('goes with an administrator’s reset of the second factor (the lost device may hold it)', async () => {
    const { admin, mill } = await createMill(t.db);
    const staff = await addMillUser(t.db, mill.id, mill.companyId);
    const jwt = await signIn(t, staff.email);
    const authenticator = new VirtualAuthenticator();
    expect(
      (await post('/api/users/me/passkeys', { name: 'Phone', response: authenticator.register(await options(jwt), here) }, jwt)).statusCode,
    ).toBe(200);
    const reset = await post(`/api/mills/${mill.id}/users/${staff.id}/two-factor-reset`, {}, await signIn(t, admin.email));
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, staff.id))).toEqual([]);
    expect((await passkeySignIn(authenticator.assert(await signInOptions(), here))).json().code).toBe('PASSKEY_UNKNOWN');
  });
});
