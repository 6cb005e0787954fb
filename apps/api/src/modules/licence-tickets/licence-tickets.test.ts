import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceContentSchema, MAX_TICKET_BATCH, type LicenceContent } from '@casebridge/shared/schemas/licence-tickets';
import { dealers, licenceTickets } from '../../db/schema/dealers.ts';
import { DEMO_TICKET_COUNT, seedDemoTickets } from '../../db/seed/demo-tickets.ts';
import { createDealer, createDealerCustomer, createLab, createManager, createMill, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { LICENCE_LOOKUP_LIMIT, tokenMatches } from './licence-tickets.service.ts';

/**
 * Issue 14, slice 1: the dealers' ticket desk (subtree isolation, assignment, moves, external id,
 * archive), the licence content lookup (from the store and from a fake licence server) and the
 * licence server's push.
 */
const TOKEN = 'licence-server-token-0123456789abcdef';
let t: TestApp;
let remote: TestApp;
let fake: Server;
/** What the fake licence server answers next: a status and a body, optionally after a delay. */
let fakeAnswer: { status: number; body: string; delayMs?: number } = { status: 200, body: '{}' };
const fakeRequests: unknown[] = [];

const randomKey = () => Array.from({ length: 5 }, () => randomBytes(4).toString('hex').slice(0, 5).toUpperCase()).join('-');

function content(product: string, licenseExp: string | null, maintenanceExp: string | null = null): LicenceContent {
  const row = {
    code: 'M1',
    itemId: '1001',
    name: `${product} base`,
    licenseExp,
    featureMapBinarySetBits: '0101',
    permissions: 'run',
    information: '',
    formerDongleNo: '',
    maintenanceExp,
  };
  return {
    mainProductInfo: {
      dongleId: `3-${randomBytes(3).toString('hex')}`,
      productName: product,
      licenseExp,
      maintenanceExp,
      isNetwork: false,
      isCommercial: true,
    },
    activationLicenses: [row],
    orderedLicenses: [row],
    licenseDetails: [
      {
        code: 'P',
        enable: true,
        name: product,
        productCode: 'P1',
        count: 1,
        expiryaDate: licenseExp,
        epd: '',
        children: [{ code: 'P.1', enable: true, name: 'Module', productCode: 'P1M', count: 2, expiryaDate: null, epd: '' }],
      },
    ],
    nonExpandables: [],
  };
}

interface Network {
  root: { id: number; code: string; jwt: string };
  child: { id: number; code: string; jwt: string };
  grandchild: { id: number; code: string };
}

async function dealerWithCode(parentId?: number) {
  const created = await createDealer(t.db, { parentId, subDealerAllowed: true });
  const code = `T-${randomBytes(4).toString('hex')}`;
  await t.db.update(dealers).set({ dealerCode: code }).where(eq(dealers.id, created.dealer.id));
  return { id: created.dealer.id, code, email: created.user.email };
}

/** A root dealer, its sub-dealer and the sub-dealer's sub-dealer, with signed-in users for the first two. */
async function network(): Promise<Network> {
  const root = await dealerWithCode();
  const child = await dealerWithCode(root.id);
  const grandchild = await dealerWithCode(child.id);
  return {
    root: { id: root.id, code: root.code, jwt: await signIn(t, root.email) },
    child: { id: child.id, code: child.code, jwt: await signIn(t, child.email) },
    grandchild: { id: grandchild.id, code: grandchild.code },
  };
}

const push = (tickets: unknown[], token: string | null = TOKEN, app: TestApp = t) =>
  app.request({
    method: 'POST',
    url: '/api/licence-server/tickets',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { tickets },
  });

/** Pushes one ticket and answers its row id. */
async function ticket(
  dealerCode: string,
  product = 'CAM Milling',
  licenseExp: string | null = '2030-01-01',
  maintenanceExp: string | null = null,
): Promise<{ id: number; key: string }> {
  const key = randomKey();
  const response = await push([{ key, dealerCode, content: content(product, licenseExp, maintenanceExp) }]);
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await t.db.select({ id: licenceTickets.id }).from(licenceTickets).where(eq(licenceTickets.key, key));
  return { id: row!.id, key };
}

const list = (jwt: string, query = '') => t.request({ method: 'GET', url: `/api/dealer-tickets${query}`, token: jwt });

beforeAll(async () => {
  fake = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      fakeRequests.push(JSON.parse(body || 'null'));
      const answer = fakeAnswer;
      setTimeout(() => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body), answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  [t, remote] = await Promise.all([
    createTestApp({ env: { LICENCE_SERVER_TOKEN: TOKEN } }),
    createTestApp({ env: { LICENCE_CONTENT_URL: `http://127.0.0.1:${port}/content` } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), remote?.close()]);
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

describe('the licence server push', () => {
  it('is off (404) without a configured token, and refuses a missing or wrong token (401)', async () => {
    const row = { key: randomKey(), dealerCode: 'X', content: content('CAM', null) };
    expect((await push([row], TOKEN, remote)).statusCode).toBe(404);
    expect((await push([row], null)).statusCode).toBe(401);
    expect((await push([row], `${TOKEN}x`)).statusCode).toBe(401);
    expect((await push([row], 'short')).statusCode).toBe(401);
  });

  it('creates new keys, updates known ones (keeping the customer on the same dealer), and counts both', async () => {
    const net = await network();
    const first = { key: randomKey().toLowerCase(), dealerCode: net.root.code.toLowerCase(), content: content('CAM Basic', '2027-05-01') };
    const second = { key: randomKey(), dealerCode: net.child.code, content: content('CAM Pro', null) };
    const created = await push([first, second]);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ created: 2, updated: 0 });
    // Keys are stored canonical (upper case), dealer codes compare case-insensitively.
    const [stored] = await t.db.select().from(licenceTickets).where(eq(licenceTickets.key, first.key.toUpperCase()));
    expect(stored).toMatchObject({ dealerId: net.root.id, productText: 'CAM Basic', licenceExpiry: '2027-05-01' });
    const customer = await createDealerCustomer(t.db, net.root.id);
    await t.db.update(licenceTickets).set({ customerId: customer.id }).where(eq(licenceTickets.id, stored!.id));

    const again = await push([
      { ...first, content: content('CAM Basic', '2028-05-01') },
      { ...second, dealerCode: net.root.code },
    ]);
    expect(again.json()).toEqual({ created: 0, updated: 2 });
    const [renewed] = await t.db.select().from(licenceTickets).where(eq(licenceTickets.id, stored!.id));
    expect(renewed).toMatchObject({ licenceExpiry: '2028-05-01', customerId: customer.id });
  });

  it('stores nothing when a dealer code is unknown (422 naming the rows), and refuses repeated and malformed keys', async () => {
    const net = await network();
    const good = { key: randomKey(), dealerCode: net.root.code, content: content('CAM', null) };
    const response = await push([good, { key: randomKey(), dealerCode: 'NO-SUCH-DEALER', content: content('CAM', null) }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'UNKNOWN_DEALER_CODE', errors: { 'tickets.1.dealerCode': ['UNKNOWN_DEALER_CODE'] } });
    expect(response.json().message).toContain('row 2');
    expect(await t.db.select().from(licenceTickets).where(eq(licenceTickets.key, good.key))).toEqual([]);

    const repeated = await push([good, { ...good, key: good.key.toLowerCase() }]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().errors).toEqual({ 'tickets.1.key': ['VALIDATION_FAILED'] });
    for (const key of [
      'ABCDE-12345-FGHIJ-KLMNO',
      'ABCDE-12345-FGHIJ-KLMNO-PQRS!',
      'ABCDE_12345_FGHIJ_KLMNO_PQRST',
      'ABCDE-12345-FGHIJ-KLMNO-PQRST\u0000',
    ]) {
      expect((await push([{ ...good, key }])).statusCode, key).toBe(400);
    }
    // Dates the database would refuse are refused here, as 400 instead of a failed insert.
    for (const date of ['2026-02-30', '0000-01-01', '2026-13-01']) {
      expect((await push([{ ...good, content: content('CAM', date) }])).statusCode, date).toBe(400);
    }
    expect((await push([])).statusCode).toBe(400);
    expect((await push(Array.from({ length: 1001 }, () => good))).statusCode).toBe(400);
  });

  it('compares tokens in constant time whatever their lengths', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(tokenMatches('', TOKEN)).toBe(false);
  });
});

describe('the ticket desk', () => {
  it('shows a dealer its subtree only, the manager everything; another subtree is invisible', async () => {
    const net = await network();
    const other = await network();
    const own = await ticket(net.root.code);
    const ofChild = await ticket(net.child.code);
    const ofGrandchild = await ticket(net.grandchild.code);
    const foreign = await ticket(other.root.code);

    // In creation order (the rows' order), not the random keys'.
    const ids = async (jwt: string, query = '?_limit=100') =>
      (await list(jwt, `${query}&_sort=id:asc`)).json().data.map((row: { id: number }) => row.id);
    expect(await ids(net.root.jwt)).toEqual([own.id, ofChild.id, ofGrandchild.id]);
    expect(await ids(net.child.jwt)).toEqual([ofChild.id, ofGrandchild.id]);
    expect(await ids(other.root.jwt)).toEqual([foreign.id]);
    // The filter narrows to a dealer's subtree; a dealer outside one's own is 404, like a missing one.
    expect(await ids(net.root.jwt, `?dealerId=${net.child.id}`)).toEqual([ofChild.id, ofGrandchild.id]);
    expect((await list(net.child.jwt, `?dealerId=${net.root.id}`)).statusCode).toBe(404);
    expect((await list(net.root.jwt, `?dealerId=${other.root.id}`)).statusCode).toBe(404);

    const manager = await signIn(t, (await createManager(t.db)).email);
    expect(await ids(manager, `?dealerId=${net.root.id}`)).toEqual([own.id, ofChild.id, ofGrandchild.id]);
    const row = (await list(net.root.jwt, `?_q=${own.key}`)).json().data[0];
    expect(row).toMatchObject({
      id: own.id,
      key: own.key,
      dealer: { id: net.root.id, dealerCode: net.root.code, parentId: null },
      customer: null,
      archived: false,
      productText: 'CAM Milling',
      status: 'active',
    });

    const dealersOfChild = (await t.request({ method: 'GET', url: '/api/dealer-tickets/dealers', token: net.child.jwt })).json().data;
    expect(dealersOfChild.map((d: { id: number }) => d.id).sort()).toEqual([net.child.id, net.grandchild.id].sort());

    const mill = await createMill(t.db);
    expect((await list(await signIn(t, mill.admin.email))).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/dealer-tickets' })).statusCode).toBe(401);
  });

  it('searches, sorts by expiry (tickets without one last) and pages', async () => {
    const net = await network();
    const late = await ticket(net.root.code, 'Zirconia Suite', '2031-01-01', '2029-01-01');
    const early = await ticket(net.child.code, 'Titanium Suite', '2020-01-01', '2021-01-01');
    const none = await ticket(net.root.code, 'Zirconia Lite', null, null);
    const middle = await ticket(net.grandchild.code, 'Zirconia Suite', '2026-06-01', '2027-01-01');
    const ids = async (query: string) => (await list(net.root.jwt, query)).json().data.map((row: { id: number }) => row.id);

    expect(await ids('?_sort=licenceExpiry:asc')).toEqual([early.id, middle.id, late.id, none.id]);
    expect(await ids('?_sort=licenceExpiry:desc')).toEqual([late.id, middle.id, early.id, none.id]);
    expect(await ids('?_sort=maintenanceExpiry:asc&_start=1&_limit=2')).toEqual([middle.id, late.id]);
    expect(await ids('?_sort=id:desc&_limit=1')).toEqual([middle.id]);
    const page = (await list(net.root.jwt, '?_q=ZIRCONIA&_sort=id:asc&_limit=2')).json();
    expect(page).toMatchObject({ count: 3 });
    expect(page.data.map((row: { id: number }) => row.id)).toEqual([late.id, none.id]);
    expect(await ids(`?_q=${early.key.slice(6, 17).toLowerCase()}`)).toEqual([early.id]);
    // LIKE wildcards are text, not patterns.
    expect(await ids('?_q=%25')).toEqual([]);
    const expired = (await list(net.root.jwt, `?_q=${early.key}`)).json().data[0];
    expect(expired).toMatchObject({ status: 'expired' });
    expect(expired.expiryInDays).toBeLessThan(0);
    expect((await list(net.root.jwt, `?_q=${none.key}`)).json().data[0]).toMatchObject({ status: 'unlimited', expiryInDays: null });

    for (const bad of [
      '?_limit=101',
      '?_limit=0',
      '?_start=-1',
      '?_sort=key:asc',
      '?_sort=id',
      '?archived=maybe',
      '?dealerId=abc',
      '?dealerId=99999999999',
      '?_q=a%00b',
    ]) {
      expect((await list(net.root.jwt, bad)).statusCode, bad).toBe(400);
    }
  });

  it('sorts by the ticket key by default (spec §2), either way, and by the row with id', async () => {
    const net = await network();
    // Pushed in an order that differs from the keys' order, so the row order cannot pass for it.
    const keys = ['M', 'Z', 'A'].map((first) => first + randomKey().slice(1));
    const response = await push(keys.map((key) => ({ key, dealerCode: net.root.code, content: content('Sorted Suite', '2030-01-01') })));
    expect(response.statusCode, response.body).toBe(200);
    const keysOf = async (query: string) => {
      const answer = await list(net.root.jwt, query);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.map((row: { key: string }) => row.key);
    };
    const [m, z, a] = keys;
    expect(await keysOf('')).toEqual([a, m, z]);
    expect(await keysOf('?_sort=ticketId:asc')).toEqual([a, m, z]);
    expect(await keysOf('?_sort=ticketId:desc')).toEqual([z, m, a]);
    expect(await keysOf('?_sort=id:asc')).toEqual([m, z, a]);
    expect(await keysOf('?_sort=ticketId:asc&_start=1&_limit=1')).toEqual([m]);
  });

  it('refuses a sub-dealer every change to its parent’s ticket with 404', async () => {
    const net = await network();
    const parents = await ticket(net.root.code);
    const put = (what: string, payload: object) =>
      t.request({ method: 'PUT', url: `/api/dealer-tickets/${parents.id}/${what}`, token: net.child.jwt, payload });
    expect((await put('dealer', { dealerId: net.child.id })).statusCode).toBe(404);
    expect((await put('archived', { archived: true })).statusCode).toBe(404);
    expect((await put('customer', { dealerCustomerId: null })).statusCode).toBe(404);
    expect((await put('external', { externalCustomerId: 'X', description: '' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/dealer-tickets/${parents.id}/content`, token: net.child.jwt })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request({ method: 'PUT', url: '/api/dealer-tickets/2000000000/archived', token: net.root.jwt, payload: { archived: true } }))
        .statusCode,
    ).toBe(404);
    const [unchanged] = await t.db.select().from(licenceTickets).where(eq(licenceTickets.id, parents.id));
    expect(unchanged).toMatchObject({ dealerId: net.root.id, archivedAt: null, externalCustomerId: '' });
  });

  it('moves a ticket within the subtree and resets its customer; a dealer outside is 404', async () => {
    const net = await network();
    const other = await network();
    const own = await ticket(net.root.code);
    const customer = await createDealerCustomer(t.db, net.root.id);
    const assigned = await t.request({
      method: 'PUT',
      url: `/api/dealer-tickets/${own.id}/customer`,
      token: net.root.jwt,
      payload: { dealerCustomerId: customer.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().customer).toMatchObject({ id: customer.id, customerId: customer.customerCode });

    const moved = await t.request({
      method: 'PUT',
      url: `/api/dealer-tickets/${own.id}/dealer`,
      token: net.root.jwt,
      payload: { dealerId: net.grandchild.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ dealer: { id: net.grandchild.id }, customer: null });
    // The path copy followed: the child now sees it, and may move it on within its own subtree.
    expect((await list(net.child.jwt, `?_q=${own.key}`)).json().count).toBe(1);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/dealer-tickets/${own.id}/dealer`,
          token: net.child.jwt,
          payload: { dealerId: net.child.id },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/dealer-tickets/${own.id}/dealer`,
          token: net.child.jwt,
          payload: { dealerId: net.root.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/dealer-tickets/${own.id}/dealer`,
          token: net.root.jwt,
          payload: { dealerId: other.root.id },
        })
      ).statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(licenceTickets).where(eq(licenceTickets.id, own.id));
    expect(row).toMatchObject({ dealerId: net.child.id, customerId: null });
  });

  it('lets only a top-level dealer (and the manager) assign customers and set the external id', async () => {
    const net = await network();
    const other = await network();
    const ofChild = await ticket(net.child.code);
    const childCustomer = await createDealerCustomer(t.db, net.child.id);
    const rootCustomer = await createDealerCustomer(t.db, net.root.id);
    const foreignCustomer = await createDealerCustomer(t.db, other.root.id);
    const put = (jwt: string, what: string, payload: object) =>
      t.request({ method: 'PUT', url: `/api/dealer-tickets/${ofChild.id}/${what}`, token: jwt, payload });

    const refused = await put(net.child.jwt, 'external', { externalCustomerId: 'EXT-1', description: 'Practice' });
    expect(refused.statusCode).toBe(403);
    // Its own code: the sub-dealer's refusal to assign customers speaks of customers, not of this.
    expect(refused.json()).toMatchObject({
      code: 'EXTERNAL_ID_ROOT_ONLY',
      message: 'Only a top-level dealer can set the external customer id and description',
    });
    const customerRefused = await put(net.child.jwt, 'customer', { dealerCustomerId: childCustomer.id });
    expect(customerRefused.statusCode).toBe(403);
    expect(customerRefused.json().code).toBe('SUB_DEALER_READ_ONLY');

    const external = await put(net.root.jwt, 'external', { externalCustomerId: '  EXT-1 ', description: 'Practice\nsecond line' });
    expect(external.statusCode, external.body).toBe(200);
    expect(external.json()).toMatchObject({ externalCustomerId: 'EXT-1', description: 'Practice\nsecond line' });
    expect((await put(net.root.jwt, 'external', { externalCustomerId: 'a\u0000b', description: '' })).statusCode).toBe(400);
    expect((await put(net.root.jwt, 'external', { externalCustomerId: 'x'.repeat(201), description: '' })).statusCode).toBe(400);

    // The customer must belong to the ticket's dealer or below it: the root's own customer is not the child's.
    expect((await put(net.root.jwt, 'customer', { dealerCustomerId: childCustomer.id })).json().customer.id).toBe(childCustomer.id);
    expect((await put(net.root.jwt, 'customer', { dealerCustomerId: rootCustomer.id })).statusCode).toBe(400);
    expect((await put(net.root.jwt, 'customer', { dealerCustomerId: foreignCustomer.id })).statusCode).toBe(400);
    expect((await put(net.root.jwt, 'customer', { dealerCustomerId: 2_000_000_000 })).statusCode).toBe(400);
    expect((await put(net.root.jwt, 'customer', { dealerCustomerId: null })).json().customer).toBeNull();

    const manager = await signIn(t, (await createManager(t.db)).email);
    expect((await put(manager, 'external', { externalCustomerId: 'EXT-2', description: '' })).json().externalCustomerId).toBe('EXT-2');
  });

  it('archives one or a batch within the subtree and tells how many changed', async () => {
    const net = await network();
    const parents = await ticket(net.root.code);
    const a = await ticket(net.child.code);
    const b = await ticket(net.grandchild.code);
    const batch = (jwt: string, ticketIds: number[], archived: boolean) =>
      t.request({ method: 'POST', url: '/api/dealer-tickets/batch-archive', token: jwt, payload: { ticketIds, archived } });

    expect((await batch(net.child.jwt, [a.id, b.id, parents.id, a.id], true)).json()).toEqual({ changed: 2 });
    expect((await batch(net.child.jwt, [a.id, b.id], true)).json()).toEqual({ changed: 0 });
    const [parentRow] = await t.db.select().from(licenceTickets).where(eq(licenceTickets.id, parents.id));
    expect(parentRow!.archivedAt).toBeNull();
    const ids = async (filter: string) =>
      (await list(net.root.jwt, `?archived=${filter}&_sort=id:asc`)).json().data.map((row: { id: number }) => row.id);
    expect(await ids('archived')).toEqual([a.id, b.id]);
    expect(await ids('active')).toEqual([parents.id]);
    expect(await ids('all')).toEqual([parents.id, a.id, b.id]);

    const one = await t.request({
      method: 'PUT',
      url: `/api/dealer-tickets/${a.id}/archived`,
      token: net.child.jwt,
      payload: { archived: false },
    });
    expect(one.json()).toMatchObject({ id: a.id, archived: false });
    expect((await batch(net.root.jwt, [a.id, b.id], false)).json()).toEqual({ changed: 1 });

    expect(
      (
        await batch(
          net.root.jwt,
          Array.from({ length: MAX_TICKET_BATCH + 1 }, (_, i) => i + 1),
          true,
        )
      ).statusCode,
    ).toBe(400);
    expect((await batch(net.root.jwt, [], true)).statusCode).toBe(400);
    expect((await batch(net.root.jwt, [2 ** 40], true)).statusCode).toBe(400);
    const mill = await createMill(t.db);
    expect((await batch(await signIn(t, mill.admin.email), [a.id], true)).statusCode).toBe(403);
  });

  it('counts the desk from the per-dealer counts: every archive state, a moved ticket, rows written straight in the database', async () => {
    const net = await network();
    const a = await ticket(net.root.code);
    const b = await ticket(net.child.code);
    await ticket(net.grandchild.code);
    const count = async (jwt: string, query = '') => (await list(jwt, query)).json().count as number;
    expect([await count(net.root.jwt), await count(net.child.jwt), await count(net.root.jwt, `?dealerId=${net.child.id}`)]).toEqual([
      3, 2, 2,
    ]);

    await t.request({
      method: 'POST',
      url: '/api/dealer-tickets/batch-archive',
      token: net.root.jwt,
      payload: { ticketIds: [a.id, b.id], archived: true },
    });
    expect([
      await count(net.root.jwt, '?archived=archived'),
      await count(net.root.jwt, '?archived=active'),
      await count(net.child.jwt, '?archived=active'),
    ]).toEqual([2, 1, 1]);

    // The child's ticket moves up to the root: the child's subtree loses it.
    await t.request({ method: 'PUT', url: `/api/dealer-tickets/${b.id}/dealer`, token: net.root.jwt, payload: { dealerId: net.root.id } });
    expect([await count(net.root.jwt), await count(net.child.jwt)]).toEqual([3, 1]);

    // Many rows in one statement, as an import or the licence server's push writes them.
    await t.db.insert(licenceTickets).values(Array.from({ length: 25 }, () => ({ key: randomKey(), dealerId: net.grandchild.id })));
    expect([await count(net.root.jwt), await count(net.child.jwt, '?archived=active')]).toEqual([28, 26]);
    await t.db.delete(licenceTickets).where(eq(licenceTickets.dealerId, net.grandchild.id));
    expect([await count(net.root.jwt), await count(net.child.jwt)]).toEqual([2, 0]);
    // The searched count is counted over the tickets themselves, and agrees.
    expect(await count(net.root.jwt, `?_q=${a.key.slice(0, 11)}`)).toBe(1);
  });
});

describe('licence content lookup', () => {
  const lookup = (app: TestApp, ticketId: string, remoteAddress = '127.0.0.1') =>
    app.app.inject({ method: 'POST', url: '/api/licence-content', payload: { ticketId }, remoteAddress });

  it('answers from the store: the content with the key, never the dealer or customer', async () => {
    const net = await network();
    const own = await ticket(net.root.code, 'CAM Network', '2029-02-03', '2028-01-01');
    await t.db.update(licenceTickets).set({ externalCustomerId: 'SECRET-EXT', description: 'secret' }).where(eq(licenceTickets.id, own.id));
    const response = await lookup(t, `  ${own.key.toLowerCase()} `);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.mainProductInfo).toMatchObject({
      ticketId: own.key,
      productName: 'CAM Network',
      licenseExp: '2029-02-03',
      maintenanceExp: '2028-01-01',
    });
    expect(body.licenseDetails[0].children[0].code).toBe('P.1');
    expect(response.body).not.toContain(net.root.code);
    expect(response.body).not.toContain('SECRET-EXT');

    expect((await lookup(t, randomKey())).statusCode).toBe(404);
    const malformed = await lookup(t, 'ABCDE-12345');
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().errors)).toEqual(['ticketId']);
    // A bare activation key has no content: the public lookup does not confirm it exists.
    const bare = randomKey();
    const [bareRow] = await t.db.insert(licenceTickets).values({ key: bare, dealerId: net.root.id }).returning();
    expect((await lookup(t, bare)).statusCode).toBe(404);
    const dealerView = await t.request({ method: 'GET', url: `/api/dealer-tickets/${bareRow!.id}/content`, token: net.root.jwt });
    expect(dealerView.statusCode).toBe(200);
    expect(dealerView.json()).toMatchObject({ mainProductInfo: { ticketId: bare, productName: '' }, activationLicenses: [] });
    expect(
      (await t.request({ method: 'GET', url: `/api/dealer-tickets/${own.id}/content`, token: net.root.jwt })).json().mainProductInfo
        .productName,
    ).toBe('CAM Network');
  });

  it('limits the public lookup per address', async () => {
    let last = 0;
    for (let i = 0; i <= LICENCE_LOOKUP_LIMIT.perIp.max; i++) last = (await lookup(t, randomKey(), '10.20.30.40')).statusCode;
    expect(last).toBe(429);
    expect((await lookup(t, randomKey(), '10.20.30.41')).statusCode).toBe(404);
  });

  it('asks the licence server when LICENCE_CONTENT_URL is set, and turns its failures into 502', async () => {
    const key = randomKey();
    fakeAnswer = { status: 200, body: JSON.stringify(content('Remote CAM', '2030-03-03')) };
    const response = await lookup(remote, key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().mainProductInfo).toMatchObject({ ticketId: key, productName: 'Remote CAM' });
    expect(fakeRequests.at(-1)).toEqual({ ticketId: key });

    fakeAnswer = { status: 404, body: '{}' };
    expect((await lookup(remote, key)).statusCode).toBe(404);
    for (const answer of [
      { status: 500, body: 'boom' },
      { status: 200, body: 'not json' },
      { status: 200, body: '{"mainProductInfo":1}' },
    ]) {
      fakeAnswer = answer;
      const failed = await lookup(remote, key);
      expect(failed.statusCode, answer.body).toBe(502);
      expect(failed.json().code).toBe('LICENCE_SERVER_UNAVAILABLE');
    }
  });

  it('gives up on a licence server that does not answer within 5 s', { timeout: 15_000 }, async () => {
    fakeAnswer = { status: 200, body: JSON.stringify(content('Slow', null)), delayMs: 6000 };
    const started = Date.now();
    const response = await lookup(remote, randomKey());
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('no answer in time');
    expect(Date.now() - started).toBeLessThan(5900);
  });
});

describe('registration data, active product details and the lookup by key', () => {
  /** Every kind of caller of issue 14's access table, beside the network's own two. */
  async function callers() {
    const net = await network();
    const other = await network();
    const mill = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.mill.id });
    return {
      net,
      callers: {
        root: net.root.jwt,
        subDealer: net.child.jwt,
        otherRoot: other.root.jwt,
        manager: await signIn(t, (await createManager(t.db)).email),
        millAdmin: await signIn(t, mill.admin.email),
        lab: await signIn(t, lab.user.email),
        anonymous: undefined,
      } as Record<string, string | undefined>,
    };
  }
  const get = (url: string, jwt: string | undefined) => t.request({ method: 'GET', url, token: jwt });

  it('answers the registration record of a root’s ticket to its dealer and the manager only', async () => {
    const { net, callers: who } = await callers();
    const own = await ticket(net.root.code, 'CAM Milling');
    const customer = await createDealerCustomer(t.db, net.root.id, {
      salutation: 'Dr.',
      firstName: 'Anna',
      lastName: 'Berg',
      position: 'Owner',
      company: 'Berg Dental',
      contactInformation: {
        address1: 'Hauptstr. 1',
        address2: 'Hinterhaus',
        zipCode: '20095',
        city: 'Hamburg',
        state: 'Hamburg',
        country: 'DE',
        phone: '+49 40 123',
        email: 'anna@berg.test',
      },
    });
    await t.db.update(licenceTickets).set({ customerId: customer.id }).where(eq(licenceTickets.id, own.id));
    const url = `/api/dealer-tickets/${own.id}/registration`;

    const expected = { root: 200, subDealer: 404, otherRoot: 404, manager: 200, millAdmin: 404, lab: 404, anonymous: 401 };
    const got = Object.fromEntries(
      await Promise.all(Object.entries(who).map(async ([name, jwt]) => [name, (await get(url, jwt)).statusCode])),
    );
    expect(got).toEqual(expected);

    expect((await get(url, net.root.jwt)).json()).toEqual({
      salutation: 'Dr.',
      firstname: 'Anna',
      lastname: 'Berg',
      position: 'Owner',
      company: 'Berg Dental',
      zipcode: '20095',
      city: 'Hamburg',
      region: 'Hamburg',
      country: 'DE',
      phone: '+49 40 123',
      email: 'anna@berg.test',
      address_1: 'Hauptstr. 1',
      address_2: 'Hinterhaus',
      address_3: '',
      // The code of the ticket's product (its top licence detail), not its name.
      productid: 'P1',
    });
  });

  it('lets a sub-dealer read the registration of its own tickets, and says when a ticket has no customer', async () => {
    const { net } = await callers();
    const ofChild = await ticket(net.child.code);
    const url = `/api/dealer-tickets/${ofChild.id}/registration`;
    const none = await get(url, net.child.jwt);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('TICKET_WITHOUT_CUSTOMER');
    const customer = await createDealerCustomer(t.db, net.child.id, { contactInformation: { district: 'Altona' } });
    await t.request({
      method: 'PUT',
      url: `/api/dealer-tickets/${ofChild.id}/customer`,
      token: net.root.jwt,
      payload: { dealerCustomerId: customer.id },
    });
    const record = (await get(url, net.child.jwt)).json();
    expect(record).toMatchObject({ firstname: 'Carla', lastname: 'Customer', region: 'Altona', email: '', address_1: '' });
    // Moving the ticket resets its customer (spec §4): the registration goes with it.
    await t.request({
      method: 'PUT',
      url: `/api/dealer-tickets/${ofChild.id}/dealer`,
      token: net.root.jwt,
      payload: { dealerId: net.grandchild.id },
    });
    expect((await get(url, net.child.jwt)).json().code).toBe('TICKET_WITHOUT_CUSTOMER');
    // A missing ticket is the plain 404, and a bad id 400, never 500.
    expect((await get('/api/dealer-tickets/2000000000/registration', net.root.jwt)).json().code).toBe('NOT_FOUND');
    expect((await get('/api/dealer-tickets/abc/registration', net.root.jwt)).statusCode).toBe(400);
  });

  it('answers the active product details of a sub-dealer’s ticket to it, its root and the manager', async () => {
    const { net, callers: who } = await callers();
    const ofChild = await ticket(net.child.code, 'CAM Grinding', '2031-04-05');
    const url = `/api/dealer-tickets/${ofChild.id}/active-product`;
    const expected = { root: 200, subDealer: 200, otherRoot: 404, manager: 200, millAdmin: 404, lab: 404, anonymous: 401 };
    const got = Object.fromEntries(
      await Promise.all(Object.entries(who).map(async ([name, jwt]) => [name, (await get(url, jwt)).statusCode])),
    );
    expect(got).toEqual(expected);
    const body = (await get(url, net.child.jwt)).json();
    expect(body).toMatchObject({ ticketId: ofChild.key, productName: 'CAM Grinding' });
    expect(body.data).toEqual([expect.objectContaining({ code: 'M1', name: 'CAM Grinding base', licenseExp: '2031-04-05' })]);

    // A bare activation key has no licence content, so no active product detail.
    const [bare] = await t.db.insert(licenceTickets).values({ key: randomKey(), dealerId: net.child.id }).returning();
    expect((await get(`/api/dealer-tickets/${bare!.id}/active-product`, net.child.jwt)).json()).toEqual({
      ticketId: bare!.key,
      productName: '',
      data: [],
    });
  });

  it('looks a ticket up by its key within the subtree, in any case, and hides other keys as 404', async () => {
    const { net, callers: who } = await callers();
    const ofChild = await ticket(net.child.code, 'CAM Printing');
    const url = (key: string) => `/api/dealer-tickets/by-key/${encodeURIComponent(key)}/content`;
    const expected = { root: 200, subDealer: 200, otherRoot: 404, manager: 200, millAdmin: 404, lab: 404, anonymous: 401 };
    const got = Object.fromEntries(
      await Promise.all(Object.entries(who).map(async ([name, jwt]) => [name, (await get(url(ofChild.key), jwt)).statusCode])),
    );
    expect(got).toEqual(expected);
    const body = (await get(url(ofChild.key.toLowerCase()), net.child.jwt)).json();
    expect(body.mainProductInfo).toMatchObject({ ticketId: ofChild.key, productName: 'CAM Printing' });
    expect(body.licenseDetails[0].children[0].code).toBe('P.1');
    // The parent's ticket is another subtree for the sub-dealer: the same 404 as an unknown key.
    const ofRoot = await ticket(net.root.code);
    const hidden = await get(url(ofRoot.key), net.child.jwt);
    const unknown = await get(url(randomKey()), net.child.jwt);
    expect([hidden.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(hidden.json().code).toBe(unknown.json().code);
    for (const bad of ['ABCDE-12345', 'ABCDE-12345-FGHIJ-KLMNO-PQRS!', 'x'.repeat(70)])
      expect((await get(url(bad), net.child.jwt)).statusCode, bad).toBe(400);
  });
});

describe('demo tickets', () => {
  it('spreads a few hundred valid tickets over the demo dealers, the same keys on every run', async () => {
    const codes = ['DD-ROOT', 'DD-NORTH', 'DD-HAMBURG'];
    let parentId: number | undefined;
    for (const code of codes) {
      const created = await createDealer(remote.db, { parentId });
      await remote.db.update(dealers).set({ dealerCode: code }).where(eq(dealers.id, created.dealer.id));
      parentId = created.dealer.id;
    }
    const today = new Date('2026-11-23T10:00:00Z');
    await seedDemoTickets(remote.db, today);
    await seedDemoTickets(remote.db, today);
    const rows = await remote.db.select().from(licenceTickets);
    expect(rows).toHaveLength(DEMO_TICKET_COUNT);
    for (const row of rows) expect(licenceContentSchema.safeParse(row.content).success).toBe(true);
    expect(new Set(rows.map((row) => row.dealerId)).size).toBe(3);
    const expiries = rows.map((row) => row.licenceExpiry);
    expect(expiries.some((date) => date === null)).toBe(true);
    expect(expiries.some((date) => date !== null && date < '2026-11-23')).toBe(true);
    expect(expiries.some((date) => date !== null && date > '2028-11-23')).toBe(true);
    expect(
      rows.some((row) => row.content!.mainProductInfo.isNetwork) && rows.some((row) => !row.content!.mainProductInfo.isCommercial),
    ).toBe(true);
    expect(rows.some((row) => row.content!.licenseDetails[0]!.children!.some((child) => (child.children ?? []).length > 0))).toBe(true);
  });
});

describe('required inputs of the desk’s changes (spec §5)', () => {
  it('refuses a move without a dealer (missing, null or text) with 400 naming dealerId, and leaves the ticket as it was', async () => {
    const net = await network();
    const own = await ticket(net.root.code);
    const customer = await createDealerCustomer(t.db, net.root.id);
    const assigned = await t.request({
      method: 'PUT',
      url: `/api/dealer-tickets/${own.id}/customer`,
      token: net.root.jwt,
      payload: { dealerCustomerId: customer.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    for (const payload of [{}, { dealerId: null }, { dealerId: String(net.child.id) }]) {
      const refused = await t.request({ method: 'PUT', url: `/api/dealer-tickets/${own.id}/dealer`, token: net.root.jwt, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Please correct the marked fields',
        errors: { dealerId: ['VALIDATION_FAILED'] },
      });
    }
    // A move resets the customer: a kept customer shows that nothing moved.
    const [row] = await t.db.select().from(licenceTickets).where(eq(licenceTickets.id, own.id));
    expect(row).toMatchObject({ dealerId: net.root.id, customerId: customer.id });
  });

  it('answers 404 for the external id of a ticket that does not exist and stores nothing; a malformed id is 400', async () => {
    const net = await network();
    const manager = await signIn(t, (await createManager(t.db)).email);
    const marker = `EXT-${randomBytes(4).toString('hex')}`;
    const put = (jwt: string, id: string) =>
      t.request({
        method: 'PUT',
        url: `/api/dealer-tickets/${id}/external`,
        token: jwt,
        payload: { externalCustomerId: marker, description: 'Practice' },
      });

    for (const jwt of [manager, net.root.jwt]) {
      const missing = await put(jwt, '2000000000');
      expect(missing.statusCode, missing.body).toBe(404);
      expect(missing.json().code).toBe('NOT_FOUND');
    }
    for (const id of ['abc', '12abc', '1.5', '0']) {
      const malformed = await put(manager, id);
      expect(malformed.statusCode, id).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { id: ['VALIDATION_FAILED'] } });
    }
    expect(await t.db.select({ id: licenceTickets.id }).from(licenceTickets).where(eq(licenceTickets.externalCustomerId, marker))).toEqual(
      [],
    );
  });
});
