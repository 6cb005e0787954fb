import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { licenceTickets } from '../../db/schema/dealers.ts';
import { mills } from '../../db/schema/mills.ts';
import { createDealer, createManager, createMill, signIn, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 14 item 5, on the ticket desk: a ticket used as the activation key of a sign-up shows the
 * mill it created, to the manager and to the dealers whose subtree holds the ticket, and to no one else.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const randomKey = () => Array.from({ length: 5 }, () => randomBytes(4).toString('hex').slice(0, 5).toUpperCase()).join('-');

async function ticketOf(dealerId: number): Promise<string> {
  const key = randomKey();
  await t.db.insert(licenceTickets).values({ key, dealerId });
  return key;
}

/** Signs a mill up through the public endpoint, so the desk shows what sign-up really records. */
async function signUpWith(activationKey: string, lastName: string) {
  const email = uniqueEmail('thread');
  const payload = {
    firstName: 'Tina',
    lastName,
    email,
    password: 'tina-has-a-long-password',
    activationKey,
    policyAgreement: true,
    dataProcessingAgreement: true,
    promotionsOptOut: false,
    language: 'en',
  };
  const response = await t.request({ method: 'POST', url: '/api/auth/local/register', payload });
  expect(response.statusCode, response.body).toBe(200);
  const [ticket] = await t.db
    .select({ millId: licenceTickets.usedByMillId })
    .from(licenceTickets)
    .where(eq(licenceTickets.key, activationKey));
  const [mill] = await t.db
    .select({ id: mills.id, name: companies.name })
    .from(mills)
    .innerJoin(companies, eq(companies.id, mills.companyId))
    .where(eq(mills.id, ticket!.millId!));
  return mill!;
}

const deskRow = async (jwt: string, key: string) => {
  const response = await t.request({ method: 'GET', url: `/api/dealer-tickets?_q=${key}`, token: jwt });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.find((row: { key: string }) => row.key === key) ?? null;
};

describe('the ticket desk shows the mill a ticket signed up', () => {
  it('to the manager and the dealers of its subtree; an unused ticket shows none', async () => {
    const root = await createDealer(t.db, { subDealerAllowed: true });
    const child = await createDealer(t.db, { parentId: root.dealer.id, subDealerAllowed: true });
    const other = await createDealer(t.db);
    const used = await ticketOf(child.dealer.id);
    const unused = await ticketOf(child.dealer.id);
    const mill = await signUpWith(used, `Thread${randomBytes(2).toString('hex')}`);
    expect(mill.name).toContain('Tina');

    const managerJwt = await signIn(t, (await createManager(t.db)).email);
    const rootJwt = await signIn(t, root.user.email);
    const childJwt = await signIn(t, child.user.email);
    const otherJwt = await signIn(t, other.user.email);

    for (const jwt of [managerJwt, rootJwt, childJwt]) {
      expect((await deskRow(jwt, used))?.signedUpMill).toEqual({ id: mill.id, name: mill.name });
      expect((await deskRow(jwt, unused))?.signedUpMill).toBeNull();
    }
    // Another root's dealer never sees the ticket, so never the mill either.
    expect(await deskRow(otherJwt, used)).toBeNull();
    const foreign = await t.request({ method: 'GET', url: '/api/dealer-tickets', token: otherJwt });
    expect(JSON.stringify(foreign.json())).not.toContain(mill.name);
  });

  it('answers it on a changed row too (the reread after an action)', async () => {
    const root = await createDealer(t.db, { subDealerAllowed: true });
    const child = await createDealer(t.db, { parentId: root.dealer.id });
    const key = await ticketOf(root.dealer.id);
    const mill = await signUpWith(key, 'Mover');
    const rootJwt = await signIn(t, root.user.email);
    const row = await deskRow(rootJwt, key);
    const moved = await t.request({
      method: 'PUT',
      url: `/api/dealer-tickets/${row.id}/dealer`,
      token: rootJwt,
      payload: { dealerId: child.dealer.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().signedUpMill).toEqual({ id: mill.id, name: mill.name });
  });

  it('a mill created otherwise leaves tickets without a mill', async () => {
    const root = await createDealer(t.db);
    const key = await ticketOf(root.dealer.id);
    await createMill(t.db);
    expect((await deskRow(await signIn(t, root.user.email), key)).signedUpMill).toBeNull();
  });
});
