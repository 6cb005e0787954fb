import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLab, createMill, signIn } from '../../../test/factories.ts';
import { createTestApp, waitForMail, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: 'help@casebridge.test' } });
});
afterAll(async () => {
  await t.close();
});

describe('support contact', () => {
  it("mails the operator's support address with the sender's identity, escaped", async () => {
    const { mill } = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const jwt = await signIn(t, lab.user.email);
    const response = await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/support/contact/send-email`,
      token: jwt,
      payload: { topic: 'Upload', message: 'It <b>fails</b>' },
    });
    expect(response.statusCode).toBe(200);
    const mail = await waitForMail(t, (m) => m.to === 'help@casebridge.test');
    expect(mail.subject).toBe('[Support] Upload');
    expect(mail.text).toContain(lab.user.email);
    expect(mail.html).toContain('It &lt;b&gt;fails&lt;/b&gt;');
  });

  it('requires topic and message, and a relation to the mill', async () => {
    const a = await createMill(t.db);
    const b = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: a.mill.id });
    const jwt = await signIn(t, lab.user.email);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/mills/${a.mill.id}/support/contact/send-email`,
          token: jwt,
          payload: { topic: '', message: '' },
        })
      ).json().errors,
    ).toEqual({ topic: ['VALIDATION_FAILED'], message: ['VALIDATION_FAILED'] });
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/mills/${b.mill.id}/support/contact/send-email`,
          token: jwt,
          payload: { topic: 'T', message: 'M' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/mills/${a.mill.id}/support/contact/send-email`,
          payload: { topic: 'T', message: 'M' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('counts a lab as related to the mill only once it accepted the invitation', async () => {
    const { mill } = await createMill(t.db);
    const invited = await createLab(t.db, { clientOf: mill.id, confirmed: false });
    const jwt = await signIn(t, invited.user.email);
    const response = await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/support/contact/send-email`,
      token: jwt,
      payload: { topic: 'T', message: 'M' },
    });
    expect(response.statusCode).toBe(404);
  });
});
