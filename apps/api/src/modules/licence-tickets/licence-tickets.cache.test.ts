import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { dealerCustomers, dealers, licenceTickets } from '../../db/schema/dealers.ts';
import { createDealer, createDealerCustomer, createManager, createMill, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { deskSearchCondition } from './licence-tickets.repository.ts';

/**
 * The desk's cache (whole answers and search counts per desk stamp): whatever changes a ticket,
 * through the API or straight in the database, shows in the next answer of the same search, and so
 * does a rename of what a row shows (its customer, dealer, or the mill it signed up).
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

const randomKey = () => Array.from({ length: 5 }, () => randomBytes(3).toString('hex').slice(0, 5).toUpperCase()).join('-');

interface DeskAnswer {
  count: number;
  data: {
    id: number;
    archived: boolean;
    customer: { name: string } | null;
    dealer: { name: string } | null;
    signedUpMill: { name: string } | null;
  }[];
}

async function desk(jwt: string, query: string): Promise<DeskAnswer> {
  const response = await t.request({ method: 'GET', url: `/api/dealer-tickets?${query}`, token: jwt });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A root dealer (signed in) with a sub-dealer, and tickets of a product named uniquely for this test. */
async function treeWithTickets(count: number) {
  const root = await createDealer(t.db, { subDealerAllowed: true });
  const sub = await createDealer(t.db, { parentId: root.dealer.id });
  const product = `Product ${randomBytes(4).toString('hex')}`;
  const rows = await t.db
    .insert(licenceTickets)
    .values(
      Array.from({ length: count }, (_, i) => ({
        key: randomKey(),
        dealerId: i % 2 ? sub.dealer.id : root.dealer.id,
        productText: product,
        licenceExpiry: `2030-01-${String(i + 1).padStart(2, '0')}`,
      })),
    )
    .returning({ id: licenceTickets.id, key: licenceTickets.key });
  return { root: { ...root, jwt: await signIn(t, root.user.email) }, sub, product, tickets: rows };
}

describe('the ticket desk cache', () => {
  it('follows archiving and a customer assignment in the next answer of the same search', async () => {
    const { root, product, tickets } = await treeWithTickets(4);
    const search = `_q=${encodeURIComponent(product)}&archived=active&_sort=licenceExpiry:asc`;
    expect(await desk(root.jwt, search)).toMatchObject({ count: 4 });

    await t.request({ method: 'PUT', url: `/api/dealer-tickets/${tickets[0]!.id}/archived`, token: root.jwt, payload: { archived: true } });
    const afterArchive = await desk(root.jwt, search);
    expect(afterArchive.count).toBe(3);
    expect(afterArchive.data.map((row) => row.id)).toEqual(tickets.slice(1).map((row) => row.id));

    const customer = await createDealerCustomer(t.db, root.dealer.id, { company: 'Assigned Lab', lastName: 'Lee' });
    await t.request({
      method: 'PUT',
      url: `/api/dealer-tickets/${tickets[2]!.id}/customer`,
      token: root.jwt,
      payload: { dealerCustomerId: customer.id },
    });
    expect((await desk(root.jwt, search)).data[1]!.customer).toMatchObject({ name: 'Assigned Lab, Lee' });

    // The customer edited, the dealer renamed: the same cached page shows the new names.
    await t.db.update(dealerCustomers).set({ company: 'Renamed Lab' }).where(eq(dealerCustomers.id, customer.id));
    await t.db.update(dealers).set({ name: 'Renamed Root' }).where(eq(dealers.id, root.dealer.id));
    const renamed = (await desk(root.jwt, search)).data[1]!;
    expect(renamed).toMatchObject({ customer: { name: 'Renamed Lab, Lee' }, dealer: { name: 'Renamed Root' } });
  });

  it('follows a rename of the mill a ticket signed up, and the customer order of a cached sort', async () => {
    const { root, product, tickets } = await treeWithTickets(2);
    const mill = await createMill(t.db);
    await t.db.update(licenceTickets).set({ usedByMillId: mill.mill.id }).where(eq(licenceTickets.id, tickets[0]!.id));
    const [a, b] = [
      await createDealerCustomer(t.db, root.dealer.id, { company: 'Alpha Lab' }),
      await createDealerCustomer(t.db, root.dealer.id, { company: 'Beta Lab' }),
    ];
    await t.db.update(licenceTickets).set({ customerId: a.id }).where(eq(licenceTickets.id, tickets[0]!.id));
    await t.db.update(licenceTickets).set({ customerId: b.id }).where(eq(licenceTickets.id, tickets[1]!.id));
    const search = `_q=${encodeURIComponent(product)}&_sort=customer:asc`;
    expect((await desk(root.jwt, search)).data.map((row) => row.id)).toEqual([tickets[0]!.id, tickets[1]!.id]);

    await t.db.update(companies).set({ name: 'Renamed Mill' }).where(eq(companies.id, mill.mill.companyId));
    expect((await desk(root.jwt, search)).data[0]!.signedUpMill).toMatchObject({ name: 'Renamed Mill' });

    // Renamed past the other customer: the kept order of the customer sort must not stay.
    await t.db.update(dealerCustomers).set({ company: 'Zeta Lab' }).where(eq(dealerCustomers.id, a.id));
    expect((await desk(root.jwt, search)).data.map((row) => row.id)).toEqual([tickets[1]!.id, tickets[0]!.id]);
  });

  it('follows tickets written, moved and deleted straight in the database, in every scope', async () => {
    const { root, sub, product, tickets } = await treeWithTickets(2);
    const search = `_q=${encodeURIComponent(product)}`;
    const counts = async () => [(await desk(root.jwt, search)).count, (await desk(managerJwt, search)).count];
    expect(await counts()).toEqual([2, 2]);

    await t.db
      .insert(licenceTickets)
      .values(Array.from({ length: 3 }, () => ({ key: randomKey(), dealerId: sub.dealer.id, productText: product })));
    expect(await counts()).toEqual([5, 5]);

    // Moved to another tree: gone from this one, still the manager's.
    const other = await createDealer(t.db);
    await t.db.update(licenceTickets).set({ dealerId: other.dealer.id }).where(eq(licenceTickets.id, tickets[0]!.id));
    expect(await counts()).toEqual([4, 5]);

    await t.db.delete(licenceTickets).where(eq(licenceTickets.productText, product));
    expect(await counts()).toEqual([0, 0]);
  });

  it('pages a cached search in a fixed order and finds a key by a fragment from its middle', async () => {
    const { root, product, tickets } = await treeWithTickets(5);
    const search = `_q=${encodeURIComponent(product)}&_sort=licenceExpiry:desc&_limit=2`;
    const pages = [];
    for (const start of [0, 2, 4]) pages.push(...(await desk(root.jwt, `${search}&_start=${start}`)).data.map((row) => row.id));
    expect(pages).toEqual(tickets.map((row) => row.id).reverse());

    const middle = tickets[3]!.key.slice(8, 15).toLowerCase();
    expect((await desk(root.jwt, `_q=${middle}`)).data.map((row) => row.id)).toContain(tickets[3]!.id);
  });

  it("finds tickets by what their rows show of the customer (id, company, last name) and follows the customer's rename", async () => {
    const { root, tickets } = await treeWithTickets(3);
    const tag = randomBytes(3).toString('hex');
    const keller = await createDealerCustomer(t.db, root.dealer.id, {
      company: `Zahnlabor Keller ${tag}`,
      lastName: `Keller${tag}`,
      customerCode: `KC-${tag}`,
    });
    // Tickets 0 and 2 are the root's own (the customer must be of the ticket's dealer's subtree).
    const kellers = [tickets[0]!.id, tickets[2]!.id];
    for (const id of kellers) {
      const response = await t.request({
        method: 'PUT',
        url: `/api/dealer-tickets/${id}/customer`,
        token: root.jwt,
        payload: { dealerCustomerId: keller.id },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const found = async (term: string) => (await desk(root.jwt, `_q=${encodeURIComponent(term)}&_sort=id:asc`)).data.map((row) => row.id);
    expect(await found(`zahnlabor keller ${tag}`)).toEqual(kellers);
    expect(await found(`KELLER${tag}`)).toEqual(kellers);
    expect(await found(`kc-${tag}`)).toEqual(kellers);
    expect((await desk(root.jwt, `_q=${encodeURIComponent(`keller ${tag}`)}`)).count).toBe(2);

    // Renamed straight in the database: the kept answers of both terms must not stay.
    await t.db
      .update(dealerCustomers)
      .set({ company: `Praxis Berg ${tag}`, lastName: `Berg${tag}` })
      .where(eq(dealerCustomers.id, keller.id));
    expect(await found(`keller ${tag}`)).toEqual([]);
    expect((await desk(root.jwt, `_q=${encodeURIComponent(`keller ${tag}`)}`)).count).toBe(0);
    expect(await found(`praxis berg ${tag}`)).toEqual(kellers);
  });

  it("finds a customer's tickets through the customers' trigram index and the tickets' customer index", async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx.select({ id: licenceTickets.id }).from(licenceTickets).where(deskSearchCondition('keller'));
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('dealer_customers_search_idx');
    expect(plan).toContain('licence_tickets_customer_idx');
    expect(plan).toContain('licence_tickets_search_idx');
  });

  it('can answer a key fragment from the trigram index, without reading every ticket', async () => {
    // With sequential scans priced out the planner shows whether an index serves the condition at all.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select id from licence_tickets where search_text like '%b2-c3d%'`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('licence_tickets_search_idx');
  });
});
