import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMail } from '../../platform/mail/mailer.ts';
import { addMillUser, createMill, PASSWORD, signIn, uniqueEmail } from '../../../test/factories.ts';
import { multipartForm as multipart } from '../../../test/multipart.ts';
import { createTestApp, waitForMail, type TestApp } from '../../../test/test-app.ts';
import { currentTotp } from '../two-factor/two-factor.rules.ts';
import { issueAccountLink } from '../users/users.service.ts';

/**
 * ASVS 5.0 6.3.7: a change to how an account signs in is told to its owner by mail, from the
 * transaction of the change (job queue), in the owner's language, with no link that acts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, token?: string) => t.request({ method: 'POST', url, payload, token });
const notices = async (to: string) => (await t.mails()).filter((mail) => mail.to === to && /security change/.test(mail.subject));
const noticeTo = (to: string, says: RegExp) => waitForMail(t, (mail) => mail.to === to && says.test(mail.text));

function expectHarmless(mail: StoredMail) {
  // It names the portal, never a link carrying a token (a notice must not be a phishing template).
  expect(mail.text).not.toMatch(/[?&](code|confirmation|activation)=/);
}

describe('security notices', () => {
  it('tells the owner of a password change, and of a reset by link', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const changed = await t.request({
      method: 'PUT',
      url: '/api/auth/password',
      token: jwt,
      payload: { currentPassword: PASSWORD, password: 'a-brand-new-password', passwordConfirmation: 'a-brand-new-password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectHarmless(await noticeTo(admin.email, /password of your CaseBridge account was changed/));

    const code = await issueAccountLink(t.db, 'password-reset', admin.id);
    const reset = await post('/api/auth/reset-password', {
      code,
      password: 'another-new-password',
      passwordConfirmation: 'another-new-password',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expect.poll(async () => (await notices(admin.email)).length).toBe(2);
  });

  it('tells the old address of an address change, and nobody of a refused one', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const moveTo = (email: string, currentPassword?: string) =>
      t.request({
        method: 'PUT',
        url: '/api/users/profile',
        token: jwt,
        ...multipart({ data: JSON.stringify({ firstName: 'A', lastName: 'B', email, currentPassword }) }),
      });
    expect((await moveTo(uniqueEmail('refused'), 'wrong-password')).statusCode).toBe(400);
    expect((await moveTo(uniqueEmail('moved'), PASSWORD)).statusCode).toBe(200);
    expectHarmless(await noticeTo(admin.email, /email address of your CaseBridge account was changed/));
    expect(await notices(admin.email)).toHaveLength(1);
  });

  it('tells the owner when the second factor is turned on, off, or reset by an administrator, in their language', async () => {
    const { admin, mill, company } = await createMill(t.db);
    const staff = await addMillUser(t.db, mill.id, company.id);
    const jwt = await signIn(t, staff.email);
    await t.request({ method: 'PUT', url: '/api/users/settings', token: jwt, payload: { language: 'de' } });
    const enrol = async (stepsAhead: number) => {
      const { secret } = (await post('/api/users/me/two-factor/totp', {}, jwt)).json<{ secret: string }>();
      const confirmed = await post(
        '/api/users/me/two-factor/totp/confirm',
        { code: currentTotp(secret, Date.now() + stepsAhead * 30_000) },
        jwt,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    };
    const [recovery] = await enrol(0);
    await noticeTo(staff.email, /Zwei-Faktor-Anmeldung wurde für Ihr CaseBridge-Konto eingeschaltet/);
    const off = await post('/api/users/me/two-factor/totp/disable', { password: PASSWORD, code: recovery! }, jwt);
    expect(off.statusCode, off.body).toBe(200);
    await noticeTo(staff.email, /Zwei-Faktor-Anmeldung wurde für Ihr CaseBridge-Konto ausgeschaltet/);
    // On again (the next 30-second step: each step signs in once), then lost and reset by the admin.
    await enrol(1);

    const reset = await post(`/api/mills/${mill.id}/users/${staff.id}/two-factor-reset`, {}, await signIn(t, admin.email));
    expect(reset.statusCode, reset.body).toBe(200);
    await noticeTo(staff.email, /Administrator hat die Zwei-Faktor-Anmeldung/);
  });

  it('tells the owner of a sign-in from a device the account had not used, not of the first sign-in nor of a known device', async () => {
    const { admin } = await createMill(t.db);
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const signInWith = async (agent: string) => {
      const answer = await t.request({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: admin.email, password: PASSWORD },
        headers: { 'user-agent': agent },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const newDeviceMails = async () => (await t.mails()).filter((mail) => mail.to === admin.email && /A new sign-in/.test(mail.subject));
    await signInWith(firefox);
    await signInWith(firefox);
    await signInWith(safari);
    const mail = await waitForMail(t, (m) => m.to === admin.email && /A new sign-in/.test(m.subject));
    expect(mail.text).toMatch(/Safari on iPhone · [0-9a-f.:]+ · \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expectHarmless(mail);
    await signInWith(safari);
    await signInWith(firefox);
    // Only the one sign-in from the iPhone was news.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await newDeviceMails()).toHaveLength(1);
  });
});
