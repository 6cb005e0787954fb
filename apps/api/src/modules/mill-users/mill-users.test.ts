import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/mill-users';
import { companies } from '../../db/schema/companies.ts';
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

const person = (email = uniqueEmail('staff'), millRole: 'admin' | 'user' = 'user') => ({
  firstName: 'Sam',
  lastName: 'Staff',
  email,
  millRole,
});

describe('mill users', () => {
  it('adds a user who chooses a password from the mailed link and joins the mill', async () => {
    const { mill, company, jwt } = await signedInMill(t);
    const body = person();
    const added = await t.request({ method: 'POST', url: `/api/mills/${mill.id}/users?locale=pl`, token: jwt, payload: body });
    expect(added.json()).toMatchObject({ email: body.email, millRole: 'user', confirmed: false });
    const mail = await waitForMail(t, (m) => m.to === body.email);
    expect(mail.subject).toBe('Dołącz do zespołu w CaseBridge');
    const token = tokenFromMail(mail, 'activation');
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/user-email-by-token', payload: { confirmationToken: token } })).json().roleType,
    ).toBe('mill');
    const created = await t.request({
      method: 'POST',
      url: '/api/auth/account-creation',
      payload: {
        identifier: body.email,
        password: 'crew-long-password',
        companyName: 'Renamed!',
        confirmationToken: token,
        millId: mill.id,
      },
    });
    expect(created.json().mills).toEqual([expect.objectContaining({ id: mill.id, millRole: 'user' })]);
    const [millCompany] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(millCompany!.name).toBe(company.name);
  });

  it('lets a person of another mill join a second mill (the mill selector)', async () => {
    const a = await signedInMill(t);
    const b = await createMill(t.db);
    await t.request({ method: 'POST', url: `/api/mills/${a.mill.id}/users`, token: a.jwt, payload: person(b.admin.email, 'admin') });
    const jwt = await signIn(t, b.admin.email);
    const me = (await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).json();
    expect(me.mills.map((m: { id: number; millRole: string }) => [m.id, m.millRole])).toEqual(
      [
        [a.mill.id, 'admin'],
        [b.mill.id, 'admin'],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );
  });

  it('refuses a lab address, a duplicate, and bad input', async () => {
    const { mill, jwt } = await signedInMill(t);
    const lab = await createLab(t.db);
    expect(
      (await t.request({ method: 'POST', url: `/api/mills/${mill.id}/users`, token: jwt, payload: person(lab.user.email) })).json().errors,
    ).toEqual({ email: ['EMAIL_TAKEN'] });
    const email = uniqueEmail();
    await t.request({ method: 'POST', url: `/api/mills/${mill.id}/users`, token: jwt, payload: person(email) });
    // A duplicate answers like the losers of the same address added twice at once (fuzz test).
    const duplicate = await t.request({ method: 'POST', url: `/api/mills/${mill.id}/users`, token: jwt, payload: person(email) });
    expect([duplicate.statusCode, duplicate.json().errors]).toEqual([409, { email: ['EMAIL_TAKEN'] }]);
    expect(contracts.addMillUser.responses[409].parse(duplicate.json()).code).toBe('EMAIL_TAKEN');
    const bad = await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/users`,
      token: jwt,
      payload: { firstName: '', lastName: 'X', email: 'x', millRole: 'owner' },
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'firstName', 'millRole']);
  });

  it('lists with role filter and edits names and role', async () => {
    const { mill, company, jwt } = await signedInMill(t);
    const member = await addMillUser(t.db, mill.id, company.id, 'user');
    const admins = (await t.request({ method: 'GET', url: `/api/mills/${mill.id}/users?millRole=admin`, token: jwt })).json();
    expect(admins.count).toBe(1);
    const edited = await t.request({
      method: 'PUT',
      url: `/api/mills/${mill.id}/users/${member.id}`,
      token: jwt,
      payload: { ...person(member.email, 'admin'), firstName: 'Renamed' },
    });
    expect(edited.json()).toMatchObject({ firstName: 'Renamed', millRole: 'admin' });
    const changeConfirmedEmail = await t.request({
      method: 'PUT',
      url: `/api/mills/${mill.id}/users/${member.id}`,
      token: jwt,
      payload: person(uniqueEmail()),
    });
    expect(changeConfirmedEmail.statusCode).toBe(400);
  });

  it('never acts on the own row', async () => {
    const { mill, admin, jwt } = await signedInMill(t);
    expect(
      (await t.request({ method: 'PUT', url: `/api/mills/${mill.id}/users/${admin.id}`, token: jwt, payload: person(admin.email, 'user') }))
        .statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/mills/${mill.id}/users/${admin.id}`, token: jwt })).statusCode).toBe(403);
  });

  it('removes a user: their session ends and they cannot sign in any more', async () => {
    const { mill, company, jwt } = await signedInMill(t);
    const member = await addMillUser(t.db, mill.id, company.id, 'user');
    const memberJwt = await signIn(t, member.email);
    expect((await t.request({ method: 'DELETE', url: `/api/mills/${mill.id}/users/${member.id}`, token: jwt })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: memberJwt })).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.blocked).toBe(true);
  });

  it('is for mill admins only, and only of their own mill', async () => {
    const a = await signedInMill(t);
    const b = await signedInMill(t);
    const plain = await addMillUser(t.db, a.mill.id, a.company.id, 'user');
    const plainJwt = await signIn(t, plain.email);
    const lab = await createLab(t.db, { clientOf: a.mill.id });
    const labJwt = await signIn(t, lab.user.email);
    const endpoints = [
      { method: 'GET' as const, url: `/api/mills/${a.mill.id}/users` },
      { method: 'POST' as const, url: `/api/mills/${a.mill.id}/users`, payload: person() },
      { method: 'PUT' as const, url: `/api/mills/${a.mill.id}/users/${a.admin.id}`, payload: person(a.admin.email, 'user') },
      { method: 'DELETE' as const, url: `/api/mills/${a.mill.id}/users/${a.admin.id}` },
    ];
    for (const endpoint of endpoints) {
      expect((await t.request({ ...endpoint, token: plainJwt })).statusCode, `plain user ${endpoint.method}`).toBe(403);
      expect((await t.request({ ...endpoint, token: b.jwt })).statusCode, `other mill ${endpoint.method}`).toBe(404);
      // The lab is the mill's client: it knows the mill exists, so it is refused, not "not found".
      expect((await t.request({ ...endpoint, token: labJwt })).statusCode, `lab ${endpoint.method}`).toBe(403);
      expect((await t.request({ ...endpoint })).statusCode, `anonymous ${endpoint.method}`).toBe(401);
    }
    // Through one's own mill, another mill's user id is not found.
    expect((await t.request({ method: 'DELETE', url: `/api/mills/${b.mill.id}/users/${a.admin.id}`, token: b.jwt })).statusCode).toBe(404);
  });
});
