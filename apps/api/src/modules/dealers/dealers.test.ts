import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDealerUser, createDealer, createDealerCustomer, createManager, signIn, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, tokenFromMail, waitForMail, type TestApp } from '../../../test/test-app.ts';

/** The rules of spec manager-dealer §4 and §5 on the server, one test each. */
let t: TestApp;
let managerJwt: string;

beforeAll(async () => {
  t = await createTestApp();
  managerJwt = await signIn(t, (await createManager(t.db)).email);
});
afterAll(async () => {
  await t.close();
});

const code = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** Root dealer A (sub-dealers allowed) with its sub-dealer A1, each with a signed-in user. */
async function tree() {
  const a = await createDealer(t.db, { subDealerAllowed: true });
  const a1 = await createDealer(t.db, { parentId: a.dealer.id });
  return { a: { ...a, jwt: await signIn(t, a.user.email) }, a1: { ...a1, jwt: await signIn(t, a1.user.email) } };
}

type DealerRow = Awaited<ReturnType<typeof createDealer>>['dealer'];
/** The form of an existing dealer as the web app would send it back, with changes. */
const form = (d: DealerRow, changes: Record<string, unknown> = {}) => ({
  dealerId: d.dealerCode,
  name: d.name,
  parentDealerId: d.parentId,
  email: d.email,
  ...changes,
});
const put = (d: DealerRow, token: string, changes: Record<string, unknown> = {}) =>
  t.request({ method: 'PUT', url: `/api/dealers/${d.id}`, token, payload: form(d, changes) });
const permissions = (p: { subDealerAllowed?: boolean; ownConfigurationsAllowed?: boolean; strictModeConfiguration?: boolean }) => ({
  configuration: {
    configurationType: 'None',
    permissions: { subDealerAllowed: false, ownConfigurationsAllowed: false, strictModeConfiguration: false, ...p },
  },
});

describe('dealer form locks (spec §5)', () => {
  it('lets only the manager change the dealer id of an existing dealer', async () => {
    const { a, a1 } = await tree();
    const byDealer = await put(a1.dealer, a.jwt, { dealerId: code('NEW') });
    expect(byDealer.statusCode).toBe(400);
    expect(byDealer.json().message).toBe('Only the manager can change the Reseller Id of an existing dealer');
    const newCode = code('NEW');
    const byManager = await put(a1.dealer, managerJwt, { dealerId: newCode });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().dealerId).toBe(newCode);
  });

  it('locks the email of an existing dealer for dealer users', async () => {
    const { a, a1 } = await tree();
    const response = await put(a1.dealer, a.jwt, { email: uniqueEmail('other') });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Only the manager can change the email of an existing dealer');
  });

  it('never moves a dealer to another parent', async () => {
    const { a1 } = await tree();
    const other = await createDealer(t.db);
    const response = await put(a1.dealer, managerJwt, { parentDealerId: other.dealer.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The parent of an existing dealer cannot be changed');
  });

  it('keeps a dealer user from changing the permission toggles of its own dealer', async () => {
    const { a1 } = await tree();
    const response = await put(a1.dealer, a1.jwt, permissions({ subDealerAllowed: true }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot change the permissions of your own dealer');
  });

  it('refuses a dealer id another dealer has', async () => {
    const { a, a1 } = await tree();
    const response = await put(a1.dealer, managerJwt, { dealerId: a.dealer.dealerCode.toLowerCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Reseller Id must be unique');
    expect(response.json()).toMatchObject({ code: 'DEALER_ID_TAKEN', errors: { dealerId: ['DEALER_ID_TAKEN'] } });
  });
});

describe('dealer form validation (spec §4, §5)', () => {
  it('turns strict mode off with own configurations', async () => {
    const { a1 } = await tree();
    const on = await put(a1.dealer, managerJwt, permissions({ ownConfigurationsAllowed: true, strictModeConfiguration: true }));
    expect(on.json().configuration.permissions).toEqual({
      subDealerAllowed: false,
      ownConfigurationsAllowed: true,
      strictModeConfiguration: true,
    });
    const off = await put(a1.dealer, managerJwt, permissions({ ownConfigurationsAllowed: false, strictModeConfiguration: true }));
    expect(off.json().configuration.permissions.strictModeConfiguration).toBe(false);
  });

  it('needs an email for a root dealer, and parseable JSON for FixedJson', async () => {
    const root = await t.request({
      method: 'POST',
      url: '/api/dealers',
      token: managerJwt,
      payload: { dealerId: code('R'), name: 'Root', parentDealerId: null },
    });
    expect(root.statusCode).toBe(400);
    expect(root.json().message).toBe('Parent Reseller Id or Email required');
    const json = await t.request({
      method: 'POST',
      url: '/api/dealers',
      token: managerJwt,
      payload: {
        dealerId: code('R'),
        name: 'Root',
        email: uniqueEmail('root'),
        configuration: { configurationType: 'FixedJson', fixedConfigJson: '{"products": ' },
      },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Invalid JSON');
  });

  it('lets a dealer create sub-dealers only with subDealerAllowed', async () => {
    const { a, a1 } = await tree();
    const body = (parentDealerId: number) => ({ dealerId: code('S'), name: 'Sub', parentDealerId });
    const refused = await t.request({ method: 'POST', url: '/api/dealers', token: a1.jwt, payload: body(a1.dealer.id) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your dealer is not allowed to create sub-dealers');
    const created = await t.request({ method: 'POST', url: '/api/dealers', token: a.jwt, payload: body(a1.dealer.id) });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ parentDealerId: a1.dealer.id, isRoot: false });
    const branch = await t.request({ method: 'GET', url: `/api/dealers/${a.dealer.id}/branch`, token: a.jwt });
    expect(branch.json().map((d: { id: number }) => d.id)).toEqual([a1.dealer.id, created.json().id]);
  });
});

describe('the email of a dealer with a linked user (spec §4)', () => {
  it('asks for confirmation, then moves the user’s sign-in address and signs them out', async () => {
    const { a1 } = await tree();
    const email = uniqueEmail('moved');
    const unconfirmed = await put(a1.dealer, managerJwt, { email });
    expect(unconfirmed.statusCode).toBe(409);
    const confirmed = await put(a1.dealer, managerJwt, { email, confirmEmailChange: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().email).toBe(email);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: a1.jwt })).statusCode).toBe(401);
    expect(await signIn(t, email)).toEqual(expect.any(String));
  });
});

describe('dealer invitations (spec §4)', () => {
  it('invites a dealer without a user: the mail’s link sets a password and signs in as the dealer', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/dealers',
      token: managerJwt,
      payload: { dealerId: code('INV'), name: 'Invited Dealer', email: uniqueEmail('office') },
    });
    const dealerId = created.json().id as number;
    const email = uniqueEmail('invited');
    const invited = await t.request({
      method: 'POST',
      url: `/api/dealers/${dealerId}/invitation?locale=de`,
      token: managerJwt,
      payload: { email },
    });
    expect(invited.json()).toEqual({ ok: true, message: 'Invitation has been sent successfully', signedOut: false });
    const mail = await waitForMail(t, (m) => m.to === email);
    expect(mail.subject).toBe('Ihr Händlerzugang zu CaseBridge');
    const token = tokenFromMail(mail, 'code');
    const set = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code: token, password: 'dealer-long-password', passwordConfirmation: 'dealer-long-password' },
    });
    expect(set.statusCode).toBe(200);
    // Single use: the same link again is refused.
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code: token, password: 'dealer-long-password', passwordConfirmation: 'dealer-long-password' },
    });
    expect(again.statusCode).toBe(400);
    const jwt = await signIn(t, email, 'dealer-long-password');
    const own = await t.request({ method: 'GET', url: `/api/dealers/${dealerId}`, token: jwt });
    expect(own.json()).toMatchObject({ id: dealerId, userId: expect.any(Number) });
  });

  it('re-invites only after confirmation, with a different message for one’s own dealer, and signs oneself out', async () => {
    const { a, a1 } = await tree();
    const other = await t.request({
      method: 'POST',
      url: `/api/dealers/${a1.dealer.id}/invitation`,
      token: a.jwt,
      payload: { email: a1.user.email },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This dealer already has a user. Confirm to send the invitation again.');
    const self = await t.request({
      method: 'POST',
      url: `/api/dealers/${a1.dealer.id}/invitation`,
      token: a1.jwt,
      payload: { email: a1.user.email },
    });
    expect(self.json().message).toBe('You are the user of this dealer. Inviting again signs you out. Confirm to continue.');
    const confirmed = await t.request({
      method: 'POST',
      url: `/api/dealers/${a1.dealer.id}/invitation`,
      token: a1.jwt,
      payload: { email: a1.user.email, confirm: true },
    });
    expect(confirmed.json()).toMatchObject({ ok: true, signedOut: true });
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: a1.jwt })).statusCode).toBe(401);
    await waitForMail(t, (m) => m.to === a1.user.email);
  });
});

describe('dealer users', () => {
  it('blocking a dealer user ends their session at once; unblocking lets them sign in again', async () => {
    const { a } = await tree();
    const colleague = await addDealerUser(t.db, a.dealer.id, a.dealer.companyId);
    const jwt = await signIn(t, colleague.email);
    const body = (blocked: boolean) => ({
      firstName: 'Col',
      lastName: 'League',
      email: colleague.email,
      role: 'dealer',
      dealerId: a.dealer.id,
      blocked,
    });
    const blocked = await t.request({ method: 'PUT', url: `/api/dealer-users/${colleague.id}`, token: managerJwt, payload: body(true) });
    expect(blocked.json()).toMatchObject({ blocked: true });
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).statusCode).toBe(401);
    await t.request({ method: 'PUT', url: `/api/dealer-users/${colleague.id}`, token: managerJwt, payload: body(false) });
    expect(await signIn(t, colleague.email)).toEqual(expect.any(String));
  });

  it('invites a new dealer user by mail', async () => {
    const { a } = await tree();
    const email = uniqueEmail('new-user');
    const added = await t.request({
      method: 'POST',
      url: '/api/dealer-users',
      token: managerJwt,
      payload: { firstName: 'Nina', lastName: 'New', email, role: 'manager', dealerId: a.dealer.id },
    });
    expect(added.json()).toMatchObject({ email, role: 'manager', dealerId: a.dealer.id, confirmed: false, blocked: false });
    expect(tokenFromMail(await waitForMail(t, (m) => m.to === email), 'code')).toEqual(expect.any(String));
  });
});

describe('customers (spec §5, §6)', () => {
  const customer = (customerId: string, dealerId?: number) => ({
    ...(dealerId ? { dealerId } : {}),
    customerInfo: {
      customerId,
      firstName: 'Cleo',
      lastName: 'Client',
      company: 'Smile Practice',
      contactInformation: { email: 'Front@Desk.test', city: 'Bonn' },
    },
  });

  it('needs a unique customer id', async () => {
    const { a } = await tree();
    const id = code('C');
    expect((await t.request({ method: 'GET', url: `/api/dealer-customers/is-unique/${id}`, token: a.jwt })).json()).toEqual({
      customerExists: false,
    });
    const created = await t.request({ method: 'POST', url: '/api/dealer-customers', token: a.jwt, payload: customer(id) });
    expect(created.json().customerInfo.contactInformation).toMatchObject({ email: 'front@desk.test', city: 'Bonn', webUrl: '' });
    expect((await t.request({ method: 'GET', url: `/api/dealer-customers/is-unique/${id}`, token: a.jwt })).json()).toEqual({
      customerExists: true,
    });
    const duplicate = await t.request({
      method: 'POST',
      url: '/api/dealer-customers',
      token: managerJwt,
      payload: customer(id.toUpperCase(), a.dealer.id),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Customer Id must be unique');
    expect(duplicate.json()).toMatchObject({ code: 'CUSTOMER_ID_TAKEN', errors: { 'customerInfo.customerId': ['CUSTOMER_ID_TAKEN'] } });
  });

  it('is read-only for a sub-dealer', async () => {
    const { a1 } = await tree();
    const own = await createDealerCustomer(t.db, a1.dealer.id);
    expect((await t.request({ method: 'GET', url: `/api/dealer-customers/${own.id}`, token: a1.jwt })).statusCode).toBe(200);
    const created = await t.request({ method: 'POST', url: '/api/dealer-customers', token: a1.jwt, payload: customer(code('C')) });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe('A sub-dealer sees customers read-only');
    const changed = await t.request({
      method: 'PUT',
      url: `/api/dealer-customers/${own.id}`,
      token: a1.jwt,
      payload: customer(own.customerCode),
    });
    expect(changed.statusCode).toBe(403);
  });

  it('lists a dealer’s own customers only with showSubDealerCustomers=false', async () => {
    const { a, a1 } = await tree();
    const mine = await createDealerCustomer(t.db, a.dealer.id);
    const theirs = await createDealerCustomer(t.db, a1.dealer.id);
    const list = async (query: string) =>
      (
        (await t.request({ method: 'GET', url: `/api/dealer-customers?${query}`, token: a.jwt })).json().data as {
          customerInfo: { customerId: string };
        }[]
      )
        .map((c) => c.customerInfo.customerId)
        .sort();
    expect(await list('')).toEqual([mine.customerCode, theirs.customerCode].sort());
    expect(await list('showSubDealerCustomers=false')).toEqual([mine.customerCode]);
    expect(await list(`dealerId=${a1.dealer.id}`)).toEqual([theirs.customerCode]);
  });

  it('finds customers by a search term over the subtree', async () => {
    const { a, a1 } = await tree();
    const found = await createDealerCustomer(t.db, a1.dealer.id, { company: 'Zahnklinik Sonnenschein' });
    await createDealerCustomer(t.db, a1.dealer.id, { company: 'Other Practice' });
    const response = await t.request({ method: 'GET', url: '/api/dealer-customers?_q=sonnenSCHEIN', token: a.jwt });
    expect(response.json()).toMatchObject({ count: 1, data: [{ dealerCustomerId: found.id, dealerInfo: { id: a1.dealer.id } }] });
  });

  it('lets only the manager give a customer to another dealer', async () => {
    const { a, a1 } = await tree();
    const own = await createDealerCustomer(t.db, a.dealer.id);
    const byDealer = await t.request({
      method: 'PUT',
      url: `/api/dealer-customers/${own.id}`,
      token: a.jwt,
      payload: customer(own.customerCode, a1.dealer.id),
    });
    expect(byDealer.statusCode).toBe(403);
    const byManager = await t.request({
      method: 'PUT',
      url: `/api/dealer-customers/${own.id}`,
      token: managerJwt,
      payload: customer(own.customerCode, a1.dealer.id),
    });
    expect(byManager.json().dealerInfo.id).toBe(a1.dealer.id);
    // The moved customer now shows under A1 (its path moved with it).
    const a1List = await t.request({ method: 'GET', url: '/api/dealer-customers', token: a1.jwt });
    expect(a1List.json().data.map((c: { dealerCustomerId: number }) => c.dealerCustomerId)).toContain(own.id);
  });
});

describe('the dealer list', () => {
  it("names each dealer's parent by its Reseller Id, also when the parent is on another page", async () => {
    const { a, a1 } = await tree();
    const list = await t.request({
      method: 'GET',
      url: '/api/dealers',
      token: managerJwt,
      query: { _q: a1.dealer.dealerCode, _start: '0', _limit: '10' },
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { id: number; parentDealerCode: string | null }[];
    // The search finds the sub-dealer but not its parent, so the code cannot come from the page.
    expect(rows.some((row) => row.id === a.dealer.id)).toBe(false);
    expect(rows.find((row) => row.id === a1.dealer.id)?.parentDealerCode).toBe(a.dealer.dealerCode);
    const root = await t.request({
      method: 'GET',
      url: '/api/dealers',
      token: managerJwt,
      query: { _q: a.dealer.dealerCode, _start: '0', _limit: '10' },
    });
    expect(root.json().data.find((row: { id: number }) => row.id === a.dealer.id).parentDealerCode).toBeNull();
  });
});
