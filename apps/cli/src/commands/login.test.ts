import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMill, PASSWORD, signIn } from '../../../api/test/factories.ts';
import type { TestApp } from '../../../api/test/test-app.ts';
import { currentTotp } from '../../../api/src/modules/two-factor/two-factor.rules.ts';
import { VirtualAuthenticator } from '../../../api/test/virtual-authenticator.ts';
import { cli, scratchDir, startPortal } from '../test/harness.ts';

let t: TestApp;
let url: string;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  ({ t, url } = await startPortal());
  scratch = await scratchDir();
});
afterAll(async () => {
  await t.close();
  await scratch.remove();
});

describe('casebridge login with two-factor sign-in', () => {
  it('takes the code from --code, and refuses a wrong one', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const { secret } = (await t.request({ method: 'POST', url: '/api/users/me/two-factor/totp', token: jwt })).json<{ secret: string }>();
    const at = Date.now();
    const confirm = await t.request({
      method: 'POST',
      url: '/api/users/me/two-factor/totp/confirm',
      token: jwt,
      payload: { code: currentTotp(secret, at) },
    });
    expect(confirm.statusCode).toBe(200);
    const config = `${scratch.dir}/config-2fa.json`;
    const env = { CASEBRIDGE_PASSWORD: PASSWORD };

    const reused = await cli(['login', '--url', url, '--email', admin.email, '--code', currentTotp(secret, at)], { config, env });
    expect([reused.code, reused.stderr]).toEqual([1, expect.stringMatching(/Sign-in failed/)]);
    const next = currentTotp(secret, at + 30_000);
    const ok = await cli(['login', '--url', url, '--email', admin.email, '--code', next], { config, env });
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toContain(`as ${admin.email}`);
  });

  it('asks for the code when none was given', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const { secret } = (await t.request({ method: 'POST', url: '/api/users/me/two-factor/totp', token: jwt })).json<{ secret: string }>();
    const at = Date.now();
    await t.request({
      method: 'POST',
      url: '/api/users/me/two-factor/totp/confirm',
      token: jwt,
      payload: { code: currentTotp(secret, at) },
    });
    const prompts: string[] = [];
    const result = await cli(['login', '--url', url, '--email', admin.email], {
      config: `${scratch.dir}/config-prompt.json`,
      env: { CASEBRIDGE_PASSWORD: PASSWORD },
      io: { readLine: async (prompt: string) => (prompts.push(prompt), currentTotp(secret, at + 30_000)) },
    });
    expect([result.code, prompts]).toEqual([0, ['Authenticator code (or a recovery code): ']]);
  });

  /** A passkey made by a software authenticator (the API's security tests' own). */
  async function addPasskey(jwt: string) {
    const options = (
      await t.request({ method: 'POST', url: '/api/users/me/passkeys/options', token: jwt, payload: { password: PASSWORD } })
    ).json().options;
    const where = { origin: t.config.webauthn.origins[0]!, rpId: t.config.webauthn.rpId };
    const response = new VirtualAuthenticator().register(options, where);
    const added = await t.request({ method: 'POST', url: '/api/users/me/passkeys', token: jwt, payload: { name: 'Laptop', response } });
    expect(added.statusCode, added.body).toBe(200);
  }

  it('signs in with --code for a user with a passkey and an authenticator app', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const { secret } = (await t.request({ method: 'POST', url: '/api/users/me/two-factor/totp', token: jwt })).json<{ secret: string }>();
    const at = Date.now();
    await t.request({
      method: 'POST',
      url: '/api/users/me/two-factor/totp/confirm',
      token: jwt,
      payload: { code: currentTotp(secret, at) },
    });
    await addPasskey(jwt);
    const ok = await cli(['login', '--url', url, '--email', admin.email, '--code', currentTotp(secret, at + 30_000)], {
      config: `${scratch.dir}/config-both.json`,
      env: { CASEBRIDGE_PASSWORD: PASSWORD },
    });
    expect([ok.code, ok.stderr]).toEqual([0, '']);
  });

  it('tells a passkey-only user that the command line needs an authenticator app', async () => {
    const { admin } = await createMill(t.db);
    await addPasskey(await signIn(t, admin.email));
    const refused = await cli(['login', '--url', url, '--email', admin.email, '--code', '123456'], {
      config: `${scratch.dir}/config-passkey.json`,
      env: { CASEBRIDGE_PASSWORD: PASSWORD },
    });
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringMatching(/passkey only, which needs a browser/)]);
  });
});
