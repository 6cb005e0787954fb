import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labs, millClients } from '../../db/schema/labs.ts';
import { oneTimeTokens } from '../../db/schema/tokens.ts';
import { users } from '../../db/schema/users.ts';
import { createLab, createMill, PASSWORD, signIn, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, tokenFromMail, waitForMail, type TestApp } from '../../../test/test-app.ts';
import { millMembers } from '../../db/schema/mills.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The mill's admin adds a client by address, as the clients screen does. */
async function addClient(millId: number, email: string, language: 'en' | 'it' = 'en') {
  const [member] = await t.db
    .select({ email: users.email })
    .from(millMembers)
    .innerJoin(users, eq(users.id, millMembers.userId))
    .where(eq(millMembers.millId, millId));
  const jwt = await signIn(t, member!.email);
  const response = await t.request({
    method: 'POST',
    url: `/api/mills/${millId}/clients?locale=${language}`,
    token: jwt,
    payload: { firstName: 'Ivo', lastName: 'Invited', email, activationMessage: 'Welcome' },
  });
  expect(response.statusCode).toBe(200);
  return { jwt, body: response.json() };
}

async function invite(millId: number, email = uniqueEmail('invited'), language: 'en' | 'it' = 'en') {
  await addClient(millId, email, language);
  const mail = await waitForMail(t, (m) => m.to === email && m.text.includes('activation='));
  return { email, token: tokenFromMail(mail, 'activation'), mail };
}

const NEW_PASSWORD = 'lab-long-password';

describe('invitation of a new lab', () => {
  it('mails a link in the chosen language that names the mill', async () => {
    const { mill } = await createMill(t.db);
    const { mail } = await invite(mill.id, uniqueEmail(), 'it');
    expect(mail.subject).toBe('Sei invitato su CaseBridge');
    expect(mail.text).toContain(`millId=${mill.id}`);
  });

  it('tells the invited address, then creates the account once and confirms the client', async () => {
    const { mill } = await createMill(t.db);
    const { email, token } = await invite(mill.id);
    const byToken = await t.request({ method: 'POST', url: '/api/auth/user-email-by-token', payload: { confirmationToken: token } });
    expect(byToken.json()).toEqual({ emailByConfirmationToken: email, roleType: 'lab', accountExists: false });

    const created = await t.request({
      method: 'POST',
      url: '/api/auth/account-creation',
      payload: { identifier: email, password: NEW_PASSWORD, companyName: 'Smile Lab', confirmationToken: token, millId: mill.id },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().user).toMatchObject({ email, role: { type: 'lab' }, company: { name: 'Smile Lab' } });
    expect(created.json().mills).toEqual([expect.objectContaining({ id: mill.id, millRole: null, blocked: false })]);

    const reused = await t.request({
      method: 'POST',
      url: '/api/auth/account-creation',
      payload: { identifier: email, password: NEW_PASSWORD, confirmationToken: token, millId: mill.id },
    });
    expect(reused.json().code).toBe('INVITATION_INVALID');
    await signIn(t, email, NEW_PASSWORD);
  });

  it('cannot be used to join a different mill', async () => {
    const { mill } = await createMill(t.db);
    const other = await createMill(t.db);
    const { email, token } = await invite(mill.id);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/account-creation',
      payload: { identifier: email, password: NEW_PASSWORD, confirmationToken: token, millId: other.mill.id },
    });
    expect(response.json().code).toBe('INVITATION_INVALID');
  });

  it('expires after seven days', async () => {
    const { mill } = await createMill(t.db);
    const { email, token } = await invite(mill.id);
    const [invited] = await t.db.select().from(users).where(eq(users.email, email));
    const [row] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, invited!.id));
    expect(Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000)).toBe(7);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.userId, invited!.id));
    const response = await t.request({ method: 'POST', url: '/api/auth/user-email-by-token', payload: { confirmationToken: token } });
    expect(response.json().code).toBe('INVITATION_INVALID');
  });

  it('moves to another address on request: the old link dies, the new one works', async () => {
    const { mill } = await createMill(t.db);
    const { token } = await invite(mill.id);
    const newEmail = uniqueEmail('other');
    const moved = await t.request({
      method: 'POST',
      url: '/api/auth/resend-confirmation-email',
      payload: { confirmationToken: token, email: newEmail },
    });
    expect(moved.statusCode).toBe(200);
    const newToken = tokenFromMail(await waitForMail(t, (m) => m.to === newEmail), 'activation');
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/user-email-by-token', payload: { confirmationToken: token } })).json().code,
    ).toBe('INVITATION_INVALID');
    const created = await t.request({
      method: 'POST',
      url: '/api/auth/account-creation',
      payload: { identifier: newEmail, password: NEW_PASSWORD, confirmationToken: newToken, millId: mill.id },
    });
    expect(created.statusCode).toBe(200);
  });

  it('refuses to create the account under an address other than the invited one', async () => {
    const { mill } = await createMill(t.db);
    const { token } = await invite(mill.id);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/account-creation',
      payload: { identifier: uniqueEmail(), password: NEW_PASSWORD, confirmationToken: token, millId: mill.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.identifier).toBeDefined();
  });
});

describe('an existing lab accepts with its account', () => {
  it('links through sign-in with linkToAnExistingAccount and removes the placeholder', async () => {
    const { mill } = await createMill(t.db);
    const existing = await createLab(t.db);
    const { email, token } = await invite(mill.id);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: {
        identifier: existing.user.email,
        password: PASSWORD,
        linkToAnExistingAccount: true,
        confirmationToken: token,
        invitedMillId: mill.id,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().mills.map((m: { id: number }) => m.id)).toEqual([mill.id]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const clients = await t.db.select().from(millClients).where(eq(millClients.millId, mill.id));
    expect(clients).toEqual([expect.objectContaining({ labId: existing.lab.id, confirmed: true })]);
  });

  it('links through /mills/{id}/link-to-account, and only for lab accounts', async () => {
    const { mill, admin } = await createMill(t.db);
    const existing = await createLab(t.db);
    const { token } = await invite(mill.id);
    const millJwt = await signIn(t, admin.email);
    const byMill = await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/link-to-account`,
      token: millJwt,
      payload: { confirmationToken: token, millId: mill.id },
    });
    expect(byMill.statusCode).toBe(403);

    const labJwt = await signIn(t, existing.user.email);
    const linked = await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/link-to-account`,
      token: labJwt,
      payload: { confirmationToken: token, millId: mill.id },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().mills).toEqual([expect.objectContaining({ id: mill.id })]);
    const [lab] = await t.db.select().from(labs).where(eq(labs.id, existing.lab.id));
    expect(lab).toBeDefined();
  });

  it('refuses link-to-account without a session', async () => {
    const { mill } = await createMill(t.db);
    const { token } = await invite(mill.id);
    const response = await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/link-to-account`,
      payload: { confirmationToken: token, millId: mill.id },
    });
    expect(response.statusCode).toBe(401);
  });

  it('asks an existing lab to agree: until it accepts, the mill sees only what it typed and the lab sees nothing', async () => {
    const { mill } = await createMill(t.db);
    const existing = await createLab(t.db);
    const added = await addClient(mill.id, existing.user.email);
    expect(added.body.confirmed).toBe(false);
    expect(added.body.user).toMatchObject({
      firstName: 'Ivo',
      lastName: 'Invited',
      email: existing.user.email,
      company: null,
      contactPerson: '',
    });

    // The lab's company record stays closed to the mill.
    const company = await t.request({ method: 'GET', url: `/api/companies/${existing.company.id}`, token: added.jwt });
    expect(company.statusCode).toBe(404);
    const list = await t.request({
      method: 'GET',
      url: `/api/mills/${mill.id}/clients?_q=${encodeURIComponent(existing.company.name)}`,
      token: added.jwt,
    });
    expect(list.json().count).toBe(0);

    // The lab got an invitation to connect and sees nothing of the mill before it agrees.
    const mail = await waitForMail(t, (m) => m.to === existing.user.email && m.text.includes('activation='));
    const labJwt = await signIn(t, existing.user.email);
    const before = await t.request({ method: 'GET', url: '/api/users/me', token: labJwt });
    expect(before.json().mills).toEqual([]);
    const byToken = await t.request({
      method: 'POST',
      url: '/api/auth/user-email-by-token',
      payload: { confirmationToken: tokenFromMail(mail, 'activation') },
    });
    expect(byToken.json()).toMatchObject({ emailByConfirmationToken: existing.user.email, accountExists: true });

    const linked = await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/link-to-account`,
      token: labJwt,
      payload: { confirmationToken: tokenFromMail(mail, 'activation'), millId: mill.id },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().mills.map((m: { id: number }) => m.id)).toEqual([mill.id]);
    const after = await t.request({ method: 'GET', url: `/api/companies/${existing.company.id}`, token: added.jwt });
    expect(after.statusCode).toBe(200);
    const client = await t.request({ method: 'GET', url: `/api/mills/${mill.id}/clients/${existing.user.id}`, token: added.jwt });
    expect(client.json()).toMatchObject({ confirmed: true, company: { id: existing.company.id }, firstName: existing.user.firstName });
  });

  it('answers 409 when the lab is already a confirmed client', async () => {
    const { mill } = await createMill(t.db);
    const existing = await createLab(t.db, { clientOf: mill.id });
    const [member] = await t.db
      .select({ email: users.email })
      .from(millMembers)
      .innerJoin(users, eq(users.id, millMembers.userId))
      .where(eq(millMembers.millId, mill.id));
    const response = await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/clients`,
      token: await signIn(t, member!.email),
      payload: { firstName: 'A', lastName: 'B', email: existing.user.email, activationMessage: 'Hi' },
    });
    expect(response.statusCode).toBe(409);
  });
});
