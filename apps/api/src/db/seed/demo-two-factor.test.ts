import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { currentTotp } from '../../modules/two-factor/two-factor.rules.ts';
import { LocalStorage } from '../../platform/storage/storage.ts';
import { DEMO_TOTP_SECRET } from './demo-two-factor.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, new LocalStorage(path.join(t.config.dataDir, 'files')), t.app.deps.encryptionKey);
});
afterAll(async () => {
  await t.close();
});

const signIn = async (identifier: string) =>
  (await t.request({ method: 'POST', url: '/api/auth/local', payload: { identifier, password: DEMO_PASSWORD } })).json();

describe('the demo’s two-factor sign-in (Secure Mill)', () => {
  it('signs its admin in with a code of the README’s secret, and asks its user to enrol', async () => {
    const { challenge } = await signIn('admin@secure-mill.test');
    expect(challenge.kind).toBe('verify');
    const done = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/second-factor',
      payload: { token: challenge.token, code: currentTotp(DEMO_TOTP_SECRET) },
    });
    expect(done.json()).toMatchObject({ jwt: expect.any(String), mills: [expect.objectContaining({ millRole: 'admin' })] });
    expect((await signIn('user@secure-mill.test')).challenge.kind).toBe('enrol');
    // Demo Mill requires nothing: the other journeys sign in with the password alone.
    expect(await signIn('admin@demo-mill.test')).toHaveProperty('jwt');
  });
});
