import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDealer, createLab, createMill, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { millMembers } from '../../db/schema/mills.ts';

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

interface SessionAnswer {
  mills: { id: number; millRole: string | null; actions: string[] }[];
  actions: string[];
}

describe('the actions of each mill in the session answer', () => {
  it('lists per mill what the role there gives: admin of one mill, plain user of another', async () => {
    const a = await createMill(t.db);
    const b = await createMill(t.db);
    await t.db.insert(millMembers).values({ millId: b.mill.id, userId: a.admin.id, millRole: 'user' });
    const jwt = await signIn(t, a.admin.email);
    const me: SessionAnswer = (await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).json();
    const actionsOf = (millId: number) => me.mills.find((mill) => mill.id === millId)?.actions;
    expect(actionsOf(a.mill.id)).toEqual(
      expect.arrayContaining(['millUsers.manage', 'mill.update', 'subscription.manage', 'order.process']),
    );
    expect(actionsOf(b.mill.id)).toEqual(expect.arrayContaining(['clients.manage', 'order.process']));
    expect(actionsOf(b.mill.id)).not.toContain('millUsers.manage');
    expect(actionsOf(b.mill.id)).not.toContain('mill.update');
    // The answer agrees with the calls: the staff list is the admin's to manage in one mill only.
    const staffList = (millId: number) => t.request({ method: 'GET', url: `/api/mills/${millId}/users`, token: jwt });
    expect((await staffList(a.mill.id)).statusCode).toBe(200);
    expect((await staffList(b.mill.id)).statusCode).toBe(403);
    // What no single mill decides stays in the account's list; nothing about one mill does.
    expect(me.actions).toContain('account.update');
    expect(me.actions).not.toContain('millUsers.manage');
  });

  it("gives a lab a client's actions in each mill it is a client of", async () => {
    const mill = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.mill.id });
    const me: SessionAnswer = (await t.request({ method: 'GET', url: '/api/users/me', token: await signIn(t, lab.user.email) })).json();
    expect(me.mills[0]?.actions).toEqual(expect.arrayContaining(['orders.create', 'order.edit']));
    expect(me.mills[0]?.actions).not.toContain('order.process');
    expect(me.actions).not.toContain('orders.create');
  });
});

describe('the configuration section in the session answer', () => {
  it('lists dealer.configure for a root with subDealerAllowed and a sub-dealer with own configurations, not for one without', async () => {
    const root = await createDealer(t.db, { subDealerAllowed: true, ownConfigurationsAllowed: true });
    const plainSub = await createDealer(t.db, { parentId: root.dealer.id });
    const configuringSub = await createDealer(t.db, { parentId: root.dealer.id, ownConfigurationsAllowed: true });
    const actionsOf = async (email: string): Promise<string[]> =>
      (await t.request({ method: 'GET', url: '/api/users/me', token: await signIn(t, email) })).json().actions;
    expect(await actionsOf(root.user.email)).toContain('dealer.configure');
    expect(await actionsOf(configuringSub.user.email)).toContain('dealer.configure');
    expect(await actionsOf(plainSub.user.email)).not.toContain('dealer.configure');
  });
});
