import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { millClients } from '../../db/schema/labs.ts';
import { users } from '../../db/schema/users.ts';
import { addMillUser, createLab, createMill, signIn, uniqueEmail, signedInMill } from '../../../test/factories.ts';
import { createTestApp, tokenFromMail, waitForMail, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function invite(millId: number, jwt: string, email = uniqueEmail('lab'), locale = 'en') {
  return t.request({
    method: 'POST',
    url: `/api/mills/${millId}/clients?locale=${locale}`,
    token: jwt,
    payload: { firstName: 'Lara', lastName: 'Lab', email, activationMessage: 'Welcome to our mill' },
  });
}

describe('adding clients', () => {
  it('invites a new lab by mail and lists it as unconfirmed', async () => {
    const { mill, jwt } = await signedInMill(t);
    const email = uniqueEmail('new');
    const response = await invite(mill.id, jwt, email, 'de');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ confirmed: false, user: { email, confirmed: false, status: 'inactive' } });
    const mail = await waitForMail(t, (m) => m.to === email);
    expect(mail.subject).toBe('Sie sind zu CaseBridge eingeladen');
    const list = (await t.request({ method: 'GET', url: `/api/mills/${mill.id}/clients`, token: jwt })).json();
    expect(list).toMatchObject({ count: 1, data: [{ email }] });
  });

  it("names the mill and carries its message, in the invitee's language and escaped, also when sent again", async () => {
    const { mill, company, jwt } = await signedInMill(t);
    await t.db.update(companies).set({ name: 'Fräse & Söhne <GmbH>' }).where(eq(companies.id, company.id));
    const email = uniqueEmail('personal');
    const message = 'Willkommen, <b>Lara</b>!\nIhr Ansprechpartner: Tom & Team';
    const added = await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/clients?locale=de`,
      token: jwt,
      payload: { firstName: 'Lara', lastName: 'Lab', email, activationMessage: message },
    });
    const expectPersonal = (mail: { text: string; html: string }) => {
      expect(mail.text).toContain('Fräse & Söhne <GmbH> lädt Sie ein');
      expect(mail.text).toContain(`Eine Nachricht von Fräse & Söhne <GmbH>:\n${message}`);
      expect(mail.html).toContain('Fräse &amp; Söhne &lt;GmbH&gt; lädt Sie ein');
      expect(mail.html).toContain('Willkommen, &lt;b&gt;Lara&lt;/b&gt;!<br>Ihr Ansprechpartner: Tom &amp; Team');
      expect(mail.html).not.toContain('<b>');
    };
    const first = await waitForMail(t, (m) => m.to === email);
    expectPersonal(first);
    // Sent again by a mill user reading English: still the invitee's language, still personal.
    const firstToken = tokenFromMail(first, 'activation');
    await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/clients/send-activation-instructions/${added.json().user.id}?locale=en`,
      token: jwt,
    });
    const again = await waitForMail(t, (m) => m.to === email && !m.text.includes(firstToken));
    expect(again.subject).toBe('Sie sind zu CaseBridge eingeladen');
    expectPersonal(again);
  });

  it('adds an existing lab as unconfirmed, showing only what the mill typed, and invites it to connect', async () => {
    const { mill, jwt } = await signedInMill(t);
    const lab = await createLab(t.db);
    const response = await invite(mill.id, jwt, lab.user.email);
    expect(response.json()).toMatchObject({ confirmed: false, user: { id: lab.user.id, status: 'inactive', company: null } });
    expect(JSON.stringify(response.json())).not.toContain(lab.company.name);
    expect(await waitForMail(t, (m) => m.to === lab.user.email)).toBeDefined();
  });

  it('refuses a mill user address as a client, and validates the form', async () => {
    const { mill, jwt } = await signedInMill(t);
    const other = await createMill(t.db);
    expect((await invite(mill.id, jwt, other.admin.email)).json().errors).toEqual({ email: ['EMAIL_TAKEN'] });
    const bad = await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/clients`,
      token: jwt,
      payload: { firstName: '', lastName: 'X', email: 'nope', activationMessage: '' },
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['activationMessage', 'email', 'firstName']);
  });

  it('lets the invited lab accept, which makes it an active client', async () => {
    const { mill, jwt } = await signedInMill(t);
    const email = uniqueEmail('accept');
    await invite(mill.id, jwt, email);
    const token = tokenFromMail(await waitForMail(t, (m) => m.to === email), 'activation');
    const created = await t.request({
      method: 'POST',
      url: '/api/auth/account-creation',
      payload: { identifier: email, password: 'lab-long-password', companyName: 'Acme Lab', confirmationToken: token, millId: mill.id },
    });
    expect(created.statusCode).toBe(200);
    const list = (await t.request({ method: 'GET', url: `/api/mills/${mill.id}/clients?status=active`, token: jwt })).json();
    expect(list.data).toEqual([
      expect.objectContaining({ email, status: 'active', company: expect.objectContaining({ name: 'Acme Lab' }) }),
    ]);
  });
});

describe('the client list', () => {
  it('filters by status, searches, sorts and pages', async () => {
    const { mill, jwt } = await signedInMill(t);
    const a = await createLab(t.db, { clientOf: mill.id });
    const b = await createLab(t.db, { clientOf: mill.id });
    await createLab(t.db, { clientOf: mill.id, confirmed: false });
    await t.db.update(millClients).set({ blockedByMill: true }).where(eq(millClients.labId, b.lab.id));
    const get = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/mills/${mill.id}/clients?${query}`, token: jwt })).json();
    expect((await get('status=active')).data.map((c: { id: number }) => c.id)).toEqual([a.user.id]);
    expect((await get('status=inactive')).count).toBe(2);
    expect((await get('status=any')).count).toBe(3);
    expect((await get(`_q=${encodeURIComponent(a.company.name)}`)).data.map((c: { id: number }) => c.id)).toEqual([a.user.id]);
    const page = await get('_start=1&_limit=1&_sort=created_at:asc');
    expect(page).toMatchObject({ count: 3, data: [{ id: b.user.id }] });
    expect((await get('_q=%25')).count).toBe(0);
  });

  it('refuses sort fields and paging outside the allowlist', async () => {
    const { mill, jwt } = await signedInMill(t);
    for (const query of ['_sort=password_hash:asc', '_sort=email', '_limit=1000', '_start=-1', 'status=deleted']) {
      expect((await t.request({ method: 'GET', url: `/api/mills/${mill.id}/clients?${query}`, token: jwt })).statusCode).toBe(400);
    }
  });
});

describe('block, unblock, resend and delete', () => {
  it('blocks and unblocks a confirmed client, and the lab sees the mill as blocked', async () => {
    const { mill, jwt } = await signedInMill(t);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const blocked = await t.request({
      method: 'POST',
      url: `/api/mill/${mill.id}/updateLabBlockStatus`,
      token: jwt,
      payload: { userId: lab.user.id, blockedByMill: true },
    });
    expect(blocked.json()).toEqual({ userId: lab.user.id, blockedByMill: true });
    const labJwt = await signIn(t, lab.user.email);
    const me = (await t.request({ method: 'GET', url: '/api/users/me', token: labJwt })).json();
    // The lab is told that it is the one blocked, and nothing the operator wrote about the mill.
    expect(me.mills[0]).toMatchObject({
      id: mill.id,
      blocked: true,
      blockedBy: 'mill',
      isActive: false,
      blockReason: null,
      blockedMillClientMessage: null,
    });
    const unblocked = await t.request({
      method: 'POST',
      url: `/api/mill/${mill.id}/updateLabBlockStatus`,
      token: jwt,
      payload: { userId: lab.user.id, blockedByMill: false },
    });
    expect(unblocked.json().blockedByMill).toBe(false);
  });

  it('refuses to block an unconfirmed client and to unblock a system-blocked one', async () => {
    const { mill, jwt } = await signedInMill(t);
    const pending = await createLab(t.db, { clientOf: mill.id, confirmed: false });
    const pendingResponse = await t.request({
      method: 'POST',
      url: `/api/mill/${mill.id}/updateLabBlockStatus`,
      token: jwt,
      payload: { userId: pending.user.id, blockedByMill: true },
    });
    expect(pendingResponse.statusCode).toBe(409);
    const system = await createLab(t.db, { clientOf: mill.id });
    await t.db.update(millClients).set({ blockedBySystem: true }).where(eq(millClients.labId, system.lab.id));
    const response = await t.request({
      method: 'POST',
      url: `/api/mill/${mill.id}/updateLabBlockStatus`,
      token: jwt,
      payload: { userId: system.user.id, blockedByMill: false },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/contact your admin/);
    // Its own code, so the web app can say it in the reader's language.
    expect(response.json().code).toBe('CLIENT_BLOCKED_BY_SYSTEM');
    const me = (await t.request({ method: 'GET', url: '/api/users/me', token: await signIn(t, system.user.email) })).json();
    expect(me.mills[0]).toMatchObject({
      id: mill.id,
      blocked: true,
      blockedBy: 'system',
      blockReason: null,
      blockedMillClientMessage: null,
    });
  });

  it('sends the invitation again only before acceptance, and the old link dies', async () => {
    const { mill, jwt } = await signedInMill(t);
    const email = uniqueEmail('again');
    const added = (await invite(mill.id, jwt, email)).json();
    const first = tokenFromMail(await waitForMail(t, (m) => m.to === email), 'activation');
    const resend = await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/clients/send-activation-instructions/${added.user.id}`,
      token: jwt,
    });
    expect(resend.json()).toMatchObject({ ok: true, landingPageInfoIsUpdated: false });
    await waitForMail(t, (m) => m.to === email && !m.text.includes(first));
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/user-email-by-token', payload: { confirmationToken: first } })).json().code,
    ).toBe('INVITATION_INVALID');
    const confirmed = await createLab(t.db, { clientOf: mill.id });
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/mills/${mill.id}/clients/send-activation-instructions/${confirmed.user.id}`,
          token: jwt,
        })
      ).statusCode,
    ).toBe(409);
    const instructions = await t.request({
      method: 'GET',
      url: `/api/mills/${mill.id}/clients/activation-instructions/${added.user.id}`,
      token: jwt,
    });
    expect(instructions.json().message).toContain('Welcome to our mill');
  });

  it('deletes a client but keeps the lab account; a pending invitation leaves nothing behind', async () => {
    const { mill, jwt } = await signedInMill(t);
    const lab = await createLab(t.db, { clientOf: mill.id });
    expect((await t.request({ method: 'DELETE', url: `/api/mills/${mill.id}/clients/${lab.user.id}`, token: jwt })).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, lab.user.id))).toHaveLength(1);
    const email = uniqueEmail('pending');
    const added = (await invite(mill.id, jwt, email)).json();
    await t.request({ method: 'DELETE', url: `/api/mills/${mill.id}/clients/${added.user.id}`, token: jwt });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await invite(mill.id, jwt, email)).statusCode).toBe(200);
  });
});

describe('who may do what (role × endpoint × tenant)', () => {
  it('gives mill B, labs and anonymous callers nothing of mill A; a plain mill user may manage clients', async () => {
    const a = await signedInMill(t);
    const b = await signedInMill(t);
    const lab = await createLab(t.db, { clientOf: a.mill.id });
    const plainUser = await addMillUser(t.db, a.mill.id, a.company.id, 'user');
    const callers = {
      otherMill: { jwt: b.jwt, expected: 404 },
      // The lab is the mill's client: it knows the mill exists, so it is refused, not "not found".
      lab: { jwt: await signIn(t, lab.user.email), expected: 403 },
      anonymous: { jwt: undefined, expected: 401 },
      plainMillUser: { jwt: await signIn(t, plainUser.email), expected: 'ok' as const },
    };
    const endpoints = [
      { method: 'GET' as const, url: `/api/mills/${a.mill.id}/clients` },
      { method: 'GET' as const, url: `/api/mills/${a.mill.id}/clients/${lab.user.id}` },
      { method: 'GET' as const, url: `/api/mills/${a.mill.id}/clients/activation-instructions/${lab.user.id}` },
      {
        method: 'POST' as const,
        url: `/api/mill/${a.mill.id}/updateLabBlockStatus`,
        payload: { userId: lab.user.id, blockedByMill: false },
      },
      {
        method: 'POST' as const,
        url: `/api/mills/${a.mill.id}/clients`,
        payload: { firstName: 'X', lastName: 'Y', email: uniqueEmail(), activationMessage: 'Hi' },
      },
      { method: 'DELETE' as const, url: `/api/mills/${a.mill.id}/clients/${lab.user.id}` },
    ];
    for (const endpoint of endpoints) {
      for (const [name, caller] of Object.entries(callers)) {
        const response = await t.request({ ...endpoint, token: caller.jwt });
        if (caller.expected === 'ok') expect(response.statusCode, `${name} ${endpoint.method} ${endpoint.url}`).toBeLessThan(300);
        else expect(response.statusCode, `${name} ${endpoint.method} ${endpoint.url}`).toBe(caller.expected);
      }
    }
  });

  it("answers 404 for another mill's client id through one's own mill", async () => {
    const a = await signedInMill(t);
    const b = await signedInMill(t);
    const labOfB = await createLab(t.db, { clientOf: b.mill.id });
    for (const request of [
      { method: 'GET' as const, url: `/api/mills/${a.mill.id}/clients/${labOfB.user.id}` },
      { method: 'DELETE' as const, url: `/api/mills/${a.mill.id}/clients/${labOfB.user.id}` },
      {
        method: 'POST' as const,
        url: `/api/mill/${a.mill.id}/updateLabBlockStatus`,
        payload: { userId: labOfB.user.id, blockedByMill: true },
      },
    ]) {
      expect((await t.request({ ...request, token: a.jwt })).statusCode).toBe(404);
    }
    const [relation] = await t.db.select().from(millClients).where(eq(millClients.labId, labOfB.lab.id));
    expect(relation).toMatchObject({ blockedByMill: false });
  });
});
