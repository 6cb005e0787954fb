import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerCustomers, dealers } from '../../db/schema/dealers.ts';
import { createDealer, createDealerCustomer, createManager, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The customer list's count and response cache (migration 0016, ADR 0005 amended): whatever
 * changes what a list shows, through the API or straight in the database (an import writes
 * thousands of rows in one statement), shows in the next answer of every list of that tree.
 */
let t: TestApp;
let managerJwt: string;

beforeAll(async () => {
  t = await createTestApp();
  managerJwt = await signIn(t, (await createManager(t.db)).email);
});
afterAll(async () => {
  await t.close();
});

interface ListAnswer {
  count: number;
  data: { dealerCustomerId: number; dealerInfo: { id: number; dealerName: string }; customerInfo: { lastName: string } }[];
}

async function list(jwt: string, query = ''): Promise<ListAnswer> {
  const limit = query.includes('_limit=') ? '' : '_limit=100&';
  const response = await t.request({ method: 'GET', url: `/api/dealer-customers?${limit}${query}`, token: jwt });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const ids = (answer: ListAnswer) => answer.data.map((row) => row.dealerCustomerId);

/** A root dealer with a sub-dealer, both signed in, and a second, unrelated tree. */
async function trees() {
  const root = await createDealer(t.db, { subDealerAllowed: true });
  const sub = await createDealer(t.db, { parentId: root.dealer.id });
  const other = await createDealer(t.db);
  return {
    root: { ...root, jwt: await signIn(t, root.user.email) },
    sub: { ...sub, jwt: await signIn(t, sub.user.email) },
    other: { ...other, jwt: await signIn(t, other.user.email) },
  };
}

describe('the customer list count and cache', () => {
  it('counts the subtree, the own dealer and a search, and follows inserts made in the database', async () => {
    const { root, sub } = await trees();
    await createDealerCustomer(t.db, root.dealer.id, { lastName: 'Alpha' });
    await createDealerCustomer(t.db, sub.dealer.id, { lastName: 'Beta' });
    expect((await list(root.jwt)).count).toBe(2);
    expect((await list(root.jwt, 'showSubDealerCustomers=false')).count).toBe(1);
    expect((await list(sub.jwt)).count).toBe(1);

    // One statement with many rows, as an import batch writes them: the cached answers must go.
    await t.db.insert(dealerCustomers).values(
      Array.from({ length: 30 }, (_, i) => ({
        dealerId: sub.dealer.id,
        customerCode: `BULK-${sub.dealer.id}-${i}`,
        firstName: 'Bulk',
        lastName: `Gamma${i}`,
        company: 'Bulk Lab',
      })),
    );
    expect((await list(root.jwt)).count).toBe(32);
    expect((await list(root.jwt, 'showSubDealerCustomers=false')).count).toBe(1);
    expect((await list(sub.jwt)).count).toBe(31);
    expect((await list(root.jwt, '_q=gamma2')).count).toBe(11); // Gamma2, Gamma20…Gamma29

    await t.db.delete(dealerCustomers).where(eq(dealerCustomers.dealerId, sub.dealer.id));
    expect((await list(root.jwt)).count).toBe(1);
    expect((await list(sub.jwt)).count).toBe(0);
  });

  it('shows a customer the manager moves to another tree in both trees at once, and their counts with it', async () => {
    const { root, other } = await trees();
    const moving = await createDealerCustomer(t.db, root.dealer.id);
    expect(ids(await list(root.jwt))).toEqual([moving.id]);
    expect((await list(other.jwt)).count).toBe(0);
    const moved = await t.request({
      method: 'PUT',
      url: `/api/dealer-customers/${moving.id}`,
      token: managerJwt,
      payload: {
        dealerId: other.dealer.id,
        customerInfo: { customerId: moving.customerCode, firstName: 'Carla', lastName: 'Customer', company: 'Practice' },
      },
    });
    expect(moved.statusCode).toBe(200);
    expect(await list(root.jwt)).toEqual({ count: 0, data: [] });
    expect(ids(await list(other.jwt))).toEqual([moving.id]);
    expect((await list(other.jwt)).count).toBe(1);
  });

  it('shows a renamed dealer in the cached rows of its tree', async () => {
    const { root, sub } = await trees();
    await createDealerCustomer(t.db, sub.dealer.id);
    expect((await list(root.jwt)).data[0]!.dealerInfo.dealerName).toBe(sub.dealer.name);
    await t.db.update(dealers).set({ name: 'Renamed Sub-dealer' }).where(eq(dealers.id, sub.dealer.id));
    expect((await list(root.jwt)).data[0]!.dealerInfo.dealerName).toBe('Renamed Sub-dealer');
  });

  it('sorts both ways with ties in a fixed order, and pages without repeating a row', async () => {
    const { root } = await trees();
    for (const lastName of ['Same', 'Same', 'Same', 'Zed', 'Abel']) await createDealerCustomer(t.db, root.dealer.id, { lastName });
    const ascending = await list(root.jwt, '_sort=lastName:asc');
    const descending = await list(root.jwt, '_sort=lastName:desc');
    expect(ascending.data.map((row) => row.customerInfo.lastName)).toEqual(['Abel', 'Same', 'Same', 'Same', 'Zed']);
    expect(ids(descending)).toEqual(ids(ascending).reverse());
    const pages = [];
    for (let start = 0; start < 5; start += 2) pages.push(...ids(await list(root.jwt, `_sort=lastName:asc&_limit=2&_start=${start}`)));
    expect(pages).toEqual(ids(ascending));
  });

  it('keeps a search’s count over its pages and sorts, and recounts when a customer is edited into or out of it', async () => {
    const { root, sub } = await trees();
    const term = `zeta${root.dealer.id}x`;
    const customers = [];
    for (let i = 0; i < 3; i++)
      customers.push(await createDealerCustomer(t.db, i ? sub.dealer.id : root.dealer.id, { lastName: `${term}${i}` }));
    const search = (query: string) => list(root.jwt, `_q=${term}&${query}`);
    expect([
      (await search('_limit=1')).count,
      (await search('_limit=1&_start=2')).count,
      (await search('_sort=lastName:desc')).count,
    ]).toEqual([3, 3, 3]);

    const edited = await t.request({
      method: 'PUT',
      url: `/api/dealer-customers/${customers[0]!.id}`,
      token: root.jwt,
      payload: { customerInfo: { customerId: customers[0]!.customerCode, firstName: 'Carla', lastName: 'Elsewhere', company: 'Practice' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await search('_limit=1&_start=1')).count).toBe(2);
    await t.db
      .update(dealerCustomers)
      .set({ company: `${term} Lab` })
      .where(eq(dealerCustomers.id, customers[0]!.id));
    const back = await search('_sort=lastName:asc');
    expect(back.count).toBe(3);
    expect(back.data.map((row) => row.customerInfo.lastName)).toEqual(['Elsewhere', `${term}1`, `${term}2`]);
  });

  it('never serves one dealer another tree’s cached page', async () => {
    const { root, other } = await trees();
    const mine = await createDealerCustomer(t.db, root.dealer.id);
    const theirs = await createDealerCustomer(t.db, other.dealer.id);
    expect(ids(await list(root.jwt))).toEqual([mine.id]);
    expect(ids(await list(other.jwt))).toEqual([theirs.id]);
    // The manager's network-wide list sees both.
    expect(ids(await list(managerJwt))).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });
});
