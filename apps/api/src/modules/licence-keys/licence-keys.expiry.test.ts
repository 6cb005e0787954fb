import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceTickets } from '../../db/schema/dealers.ts';
import { randomLicenceKey } from '../../db/seed/seed.ts';
import { signedInMill } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 14 item 5: a mill's registered licence key shows the expiry of the licence ticket with
 * that key, in the ticket desk's terms, and only in the owning mill's own list.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A calendar day `offset` days from today, UTC, as the licence store keeps it. */
const day = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
};

const register = (jwt: string, millId: number, licenseKey: string) =>
  t.request({
    method: 'POST',
    url: '/api/toolpass-data-collection-consents',
    token: jwt,
    payload: { millId, licenseKey, enableDataCollection: false },
  });
const listOf = async (jwt: string, millId: number) => {
  const response = await t.request({ method: 'GET', url: `/api/mills/${millId}/toolpass-data-collection-consents?_limit=50`, token: jwt });
  return { status: response.statusCode, body: response.json() };
};

describe("a licence key shows its ticket's expiry", () => {
  it('as days left, EXPIRED, dashes (no expiry) or nothing (no ticket)', async () => {
    const { mill, jwt } = await signedInMill(t);
    const [soon, expired, unlimited, unknown] = [randomLicenceKey(), randomLicenceKey(), randomLicenceKey(), randomLicenceKey()];
    await t.db.insert(licenceTickets).values([
      { key: soon, licenceExpiry: day(12) },
      { key: expired, licenceExpiry: day(-3) },
      { key: unlimited, licenceExpiry: null },
    ]);
    for (const key of [soon, expired, unlimited, unknown]) expect((await register(jwt, mill.id, key)).statusCode).toBe(200);

    const { status, body } = await listOf(jwt, mill.id);
    expect(status).toBe(200);
    const byKey = new Map(body.data.map((row: { licenseKey: string; ticketExpiry: unknown }) => [row.licenseKey, row.ticketExpiry]));
    expect(byKey.get(soon)).toEqual({ status: 'active', expiryInDays: 12, licenceExpiry: day(12) });
    expect(byKey.get(expired)).toEqual({ status: 'expired', expiryInDays: -3, licenceExpiry: day(-3) });
    expect(byKey.get(unlimited)).toEqual({ status: 'unlimited', expiryInDays: null, licenceExpiry: null });
    expect(byKey.get(unknown)).toBeNull();
    // The key column still sorts the joined list, and the count is the mill's keys only.
    expect(body.count).toBe(4);
    expect(body.data.map((row: { licenseKey: string }) => row.licenseKey)).toEqual([soon, expired, unlimited, unknown].sort());
  });

  it("is the owning mill's alone: another mill sees neither the key nor its expiry", async () => {
    const a = await signedInMill(t);
    const b = await signedInMill(t);
    const key = randomLicenceKey();
    await t.db.insert(licenceTickets).values({ key, licenceExpiry: day(40) });
    expect((await register(a.jwt, a.mill.id, key)).statusCode).toBe(200);

    expect((await listOf(b.jwt, a.mill.id)).status).toBe(404);
    const own = await listOf(b.jwt, b.mill.id);
    expect(own.body).toEqual({ count: 0, data: [] });
    // The key is taken; trying it does not tell b the ticket's expiry either.
    const taken = await register(b.jwt, b.mill.id, key);
    expect(taken.statusCode).toBe(400);
    expect(taken.body).not.toContain(day(40));
    expect((await listOf(a.jwt, a.mill.id)).body.data[0].ticketExpiry).toMatchObject({ status: 'active', expiryInDays: 40 });
  });
});
