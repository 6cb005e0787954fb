import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDealerUser, createDealer, signIn, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 24 item 5: a dealer manager of a sub-dealer picks the dealer of a user from its own
 * subtree, at any depth; the choice is kept; a dealer outside the subtree answers 404.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Root A, its sub-dealer A1 with a sub-dealer A1a, another root B, and a dealer manager of A1. */
async function world() {
  const a = await createDealer(t.db, { subDealerAllowed: true });
  const a1 = await createDealer(t.db, { parentId: a.dealer.id, subDealerAllowed: true });
  const a1a = await createDealer(t.db, { parentId: a1.dealer.id });
  const b = await createDealer(t.db, { subDealerAllowed: true });
  const manager = await addDealerUser(t.db, a1.dealer.id, a1.dealer.companyId, 'manager');
  return { a: a.dealer, a1: a1.dealer, a1a: a1a.dealer, b: b.dealer, jwt: await signIn(t, manager.email) };
}

const body = (dealerId: number, email = uniqueEmail('picked')) => ({
  firstName: 'Pia',
  lastName: 'Picked',
  email,
  role: 'dealer',
  dealerId,
});

describe('the dealer of a dealer user', () => {
  it("is offered from the manager's whole subtree and nothing else", async () => {
    const w = await world();
    const listed = await t.request({ method: 'GET', url: '/api/dealers?_limit=100', token: w.jwt });
    expect(
      listed
        .json()
        .data.map((d: { id: number }) => d.id)
        .sort(),
    ).toEqual([w.a1.id, w.a1a.id].sort());
  });

  it('sticks to a sub-dealer below the sub-dealer, through save and reload', async () => {
    const w = await world();
    const added = await t.request({ method: 'POST', url: '/api/dealer-users', token: w.jwt, payload: body(w.a1a.id) });
    expect(added.json()).toMatchObject({ dealerId: w.a1a.id, dealerName: w.a1a.name });
    const moved = await t.request({
      method: 'PUT',
      url: `/api/dealer-users/${added.json().id}`,
      token: w.jwt,
      payload: body(w.a1.id, added.json().email),
    });
    expect(moved.json()).toMatchObject({ dealerId: w.a1.id });
    const reloaded = await t.request({
      method: 'GET',
      url: `/api/dealer-users?dealerId=${w.a1.id}&_q=${encodeURIComponent(added.json().email)}`,
      token: w.jwt,
    });
    expect(reloaded.json().data).toEqual([expect.objectContaining({ id: added.json().id, dealerId: w.a1.id })]);
  });

  it('answers 404 for a dealer above or beside the subtree, and leaves the user where it was', async () => {
    const w = await world();
    for (const outside of [w.a.id, w.b.id]) {
      const refused = await t.request({ method: 'POST', url: '/api/dealer-users', token: w.jwt, payload: body(outside) });
      expect(refused.statusCode).toBe(404);
    }
    const added = await t.request({ method: 'POST', url: '/api/dealer-users', token: w.jwt, payload: body(w.a1a.id) });
    const moved = await t.request({
      method: 'PUT',
      url: `/api/dealer-users/${added.json().id}`,
      token: w.jwt,
      payload: body(w.b.id, added.json().email),
    });
    expect(moved.statusCode).toBe(404);
    const list = await t.request({ method: 'GET', url: `/api/dealer-users?dealerId=${w.a1a.id}`, token: w.jwt });
    expect(list.json().data.map((u: { id: number }) => u.id)).toContain(added.json().id);
  });
});
