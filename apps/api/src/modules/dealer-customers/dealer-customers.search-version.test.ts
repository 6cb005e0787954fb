import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dealerCustomerListVersions } from '../../db/schema/dealer-list-counts.ts';
import { dealerCustomers, dealers } from '../../db/schema/dealers.ts';
import { createDealer, createDealerCustomer, createManager, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A search's cached count lives under the tree's search version (migration 0023): an edit of a
 * field no search reads keeps the count without counting again, and everything that can change
 * what a search matches (its searched text, a move to another dealer, inserts, deletes) counts
 * again. The counts themselves are counted here, so a count kept too long or rebuilt too often
 * both fail.
 */
const counted = vi.hoisted(() => ({ searches: 0 }));

vi.mock('./dealer-customers.repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./dealer-customers.repository.ts')>();
  return {
    ...original,
    countSearch: (...args: Parameters<typeof original.countSearch>) => {
      counted.searches += 1;
      return original.countSearch(...args);
    },
  };
});

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
  data: { dealerCustomerId: number; dealerInfo: { dealerName: string }; customerInfo: { lastName: string; position: string } }[];
}

async function search(jwt: string, term: string, query = ''): Promise<ListAnswer> {
  const limit = query.includes('_limit=') ? '' : '_limit=100&';
  const response = await t.request({ method: 'GET', url: `/api/dealer-customers?${limit}_q=${term}&${query}`, token: jwt });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** How many search counts the list ran while `act` did its requests. */
async function countsRunBy(act: () => Promise<unknown>): Promise<number> {
  const before = counted.searches;
  await act();
  return counted.searches - before;
}

async function versionsOf(rootDealerId: number) {
  const [row] = await t.db.select().from(dealerCustomerListVersions).where(eq(dealerCustomerListVersions.rootDealerId, rootDealerId));
  return { version: row?.version ?? 0, searchVersion: row?.searchVersion ?? 0 };
}

/** A root dealer with a sub-dealer, both signed in, and three customers whose last names hold the returned term. */
async function treeWithMatches() {
  const root = await createDealer(t.db, { subDealerAllowed: true });
  const sub = await createDealer(t.db, { parentId: root.dealer.id });
  const term = `kappa${root.dealer.id}x`;
  const matches = [];
  for (let i = 0; i < 3; i++) matches.push(await createDealerCustomer(t.db, root.dealer.id, { lastName: `${term}${i}` }));
  const other = await createDealerCustomer(t.db, root.dealer.id, { lastName: 'Unrelated' });
  return {
    root: { ...root, jwt: await signIn(t, root.user.email) },
    sub: { ...sub, jwt: await signIn(t, sub.user.email) },
    term,
    matches,
    other,
  };
}

function customerBody(row: typeof dealerCustomers.$inferSelect, changes: { position?: string; lastName?: string; dealerId?: number }) {
  const { dealerId, ...info } = changes;
  return {
    dealerId,
    customerInfo: {
      customerId: row.customerCode,
      firstName: row.firstName,
      lastName: row.lastName,
      company: row.company,
      position: row.position,
      ...info,
    },
  };
}

describe('the search version of a customer list', () => {
  it('keeps a search’s count, right and uncounted, over edits of fields no search reads, while the pages show them', async () => {
    const { root, term, matches, other } = await treeWithMatches();
    expect(await countsRunBy(async () => expect((await search(root.jwt, term)).count).toBe(3))).toBe(1);
    const before = await versionsOf(root.dealer.id);

    const edited = await t.request({
      method: 'PUT',
      url: `/api/dealer-customers/${matches[0]!.id}`,
      token: root.jwt,
      payload: customerBody(matches[0]!, { position: 'Head of lab' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.db.update(dealerCustomers).set({ title: 'Dr.' }).where(eq(dealerCustomers.id, other.id));

    const after = await versionsOf(root.dealer.id);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.searchVersion).toBe(before.searchVersion);
    const runs = await countsRunBy(async () => {
      const answer = await search(root.jwt, term);
      expect(answer.count).toBe(3);
      expect(answer.data.find((row) => row.dealerCustomerId === matches[0]!.id)?.customerInfo.position).toBe('Head of lab');
      // Another page and sort of the same search read the same count.
      expect((await search(root.jwt, term, '_sort=lastName:desc&_limit=1&_start=2')).count).toBe(3);
    });
    expect(runs).toBe(0);
  });

  it('counts again when the searched text changes, into or out of the search', async () => {
    const { root, term, matches, other } = await treeWithMatches();
    expect((await search(root.jwt, term)).count).toBe(3);
    await t.db
      .update(dealerCustomers)
      .set({ company: `${term} Lab` })
      .where(eq(dealerCustomers.id, other.id));
    expect(await countsRunBy(async () => expect((await search(root.jwt, term)).count).toBe(4))).toBe(1);

    const edited = await t.request({
      method: 'PUT',
      url: `/api/dealer-customers/${matches[1]!.id}`,
      token: root.jwt,
      payload: customerBody(matches[1]!, { lastName: 'Elsewhere' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const answer = await search(root.jwt, term);
    expect(answer.count).toBe(3);
    expect(answer.data.map((row) => row.dealerCustomerId)).not.toContain(matches[1]!.id);
  });

  it('counts again in both places when a customer moves to a sub-dealer or another tree', async () => {
    const { root, sub, term, matches } = await treeWithMatches();
    const elsewhere = await createDealer(t.db);
    const elsewhereJwt = await signIn(t, elsewhere.user.email);
    const counts = async () => [
      (await search(root.jwt, term)).count,
      (await search(root.jwt, term, 'showSubDealerCustomers=false')).count,
      (await search(sub.jwt, term)).count,
      (await search(elsewhereJwt, term)).count,
    ];
    expect(await counts()).toEqual([3, 3, 0, 0]);

    // Within the tree: the root's subtree still finds it, its own customers and the sub-dealer's list change.
    const down = await t.request({
      method: 'PUT',
      url: `/api/dealer-customers/${matches[0]!.id}`,
      token: managerJwt,
      payload: customerBody(matches[0]!, { dealerId: sub.dealer.id }),
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(await counts()).toEqual([3, 2, 1, 0]);

    const away = await t.request({
      method: 'PUT',
      url: `/api/dealer-customers/${matches[1]!.id}`,
      token: managerJwt,
      payload: customerBody(matches[1]!, { dealerId: elsewhere.dealer.id }),
    });
    expect(away.statusCode, away.body).toBe(200);
    expect(await counts()).toEqual([2, 1, 1, 1]);
  });

  it('counts again after customers are added or removed, and not after a dealer is renamed', async () => {
    const { root, sub, term } = await treeWithMatches();
    expect((await search(root.jwt, term)).count).toBe(3);
    const added = await createDealerCustomer(t.db, sub.dealer.id, { firstName: term });
    expect(await countsRunBy(async () => expect((await search(root.jwt, term)).count).toBe(4))).toBe(1);

    await t.db.update(dealers).set({ name: 'Renamed Sub-dealer' }).where(eq(dealers.id, sub.dealer.id));
    const runs = await countsRunBy(async () => {
      const answer = await search(root.jwt, term);
      expect(answer.count).toBe(4);
      expect(answer.data.find((row) => row.dealerCustomerId === added.id)?.dealerInfo.dealerName).toBe('Renamed Sub-dealer');
    });
    expect(runs).toBe(0);

    await t.db.delete(dealerCustomers).where(eq(dealerCustomers.id, added.id));
    expect((await search(root.jwt, term)).count).toBe(3);
  });
});
