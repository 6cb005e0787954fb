import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDealer, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The session answer reads a dealer user's membership once: the tenancy the rule book resolves
 * serves both the dealer summary and the actions. Both lookups of a membership are counted here,
 * so a second read (of either) fails.
 */
const counted = vi.hoisted(() => ({ memberships: 0 }));

vi.mock('../../access/access.repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../access/access.repository.ts')>();
  return {
    ...original,
    dealerTenancy: (...args: Parameters<typeof original.dealerTenancy>) => {
      counted.memberships += 1;
      return original.dealerTenancy(...args);
    },
  };
});

vi.mock('../dealers/dealers.repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../dealers/dealers.repository.ts')>();
  return {
    ...original,
    findDealerOfUser: (...args: Parameters<typeof original.findDealerOfUser>) => {
      counted.memberships += 1;
      return original.findDealerOfUser(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** How many membership reads `act` made. */
async function membershipReadsOf(act: () => Promise<unknown>): Promise<number> {
  const before = counted.memberships;
  await act();
  return counted.memberships - before;
}

describe('the session answer of a dealer user', () => {
  it('reads the dealer membership once for GET /users/me, and still says the dealer and its actions', async () => {
    const dealer = await createDealer(t.db, { subDealerAllowed: true });
    const jwt = await signIn(t, dealer.user.email);
    let me: { dealer: { id: number; name: string }; actions: string[] } | undefined;
    const reads = await membershipReadsOf(async () => {
      me = (await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).json();
    });
    expect(reads).toBe(1);
    expect(me?.dealer).toMatchObject({ id: dealer.dealer.id, name: dealer.dealer.name });
    expect(me?.actions).toContain('dealer.create');
  });

  it('reads it once for the answer of a sign-in', async () => {
    const dealer = await createDealer(t.db);
    expect(await membershipReadsOf(() => signIn(t, dealer.user.email))).toBe(1);
  });
});
