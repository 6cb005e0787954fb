import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../db/schema/companies.ts';
import { dealerMembers, dealers } from '../db/schema/dealers.ts';
import { millClients } from '../db/schema/labs.ts';
import { mills } from '../db/schema/mills.ts';
import { projects } from '../db/schema/orders.ts';
import { users } from '../db/schema/users.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { addMillUser, createDealer, createLab, createManager, createMill } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TENANCY } from '../../test/tenancy.ts';
import { authorize, type ScopeTargets } from './access.ts';
import { renderPermissionMatrix } from './permission-matrix.ts';
import { ACTIONS, PERMISSIONS, ROLES, roleMay, type Action, type Role, type ScopeKind } from './rule-book.ts';
import type { SessionUser } from './session-check.ts';
import { PERMISSION_MATRIX_FILE } from './write-permission-matrix.ts';

/**
 * The rule book, tried from the table itself: every action × every role, against an object of the
 * caller's own tenant and one of another tenant. Own: allowed exactly when the table says so,
 * else 403 (404 where the role has no tenancy of that kind at all). Other tenant: always 404.
 */
let t: TestApp;
type World = Awaited<ReturnType<typeof buildWorld>>;
let world: World;

async function order(db: Db, millId: number, labId: number) {
  const [row] = await db.insert(projects).values({ millId, labId, name: 'Case', submittedAt: new Date() }).returning();
  return row!;
}

/** A root dealer whose permissions pass every dealer rule (the rules themselves: 'dealer rules' below). */
async function dealerUser(db: Db, dealerRole: 'dealer' | 'manager') {
  const created = await createDealer(db, { subDealerAllowed: true, ownConfigurationsAllowed: true });
  await db.update(dealerMembers).set({ dealerRole }).where(eq(dealerMembers.userId, created.user.id));
  const [child] = await db.insert(dealers).values({ companyId: created.dealer.companyId, parentId: created.dealer.id }).returning();
  return { ...created, child: child! };
}

/** A manager with the operator's company record, so "own company" exists for every role. */
async function operatorManager(db: Db) {
  const manager = await createManager(db);
  const [company] = await db.insert(companies).values({ name: 'Operator' }).returning();
  const [updated] = await db.update(users).set({ companyId: company!.id }).where(eq(users.id, manager.id)).returning();
  return updated!;
}

async function buildWorld(db: Db) {
  const millA = await createMill(db);
  const millB = await createMill(db);
  const labA = await createLab(db, { clientOf: millA.mill.id });
  const labB = await createLab(db, { clientOf: millB.mill.id });
  const plainUser = await addMillUser(db, millA.mill.id, millA.company.id, 'user');
  const dealer = await dealerUser(db, 'dealer');
  const dealerManager = await dealerUser(db, 'manager');
  const otherDealer = await createDealer(db);
  const callers: Record<Role, SessionUser> = {
    millAdmin: millA.admin,
    millUser: plainUser,
    lab: labA.user,
    manager: await operatorManager(db),
    dealer: dealer.user,
    dealerManager: dealerManager.user,
  };
  return {
    callers,
    millA,
    millB,
    labA,
    labB,
    dealer,
    dealerManager,
    otherDealer,
    orderA: await order(db, millA.mill.id, labA.lab.id),
    orderB: await order(db, millB.mill.id, labB.lab.id),
  };
}

const MISSING = 2_000_000_000;

/** An object of the caller's own tenant, and one of another tenant (null where none exists). */
function targets(role: Role, kind: ScopeKind): { own: object; other: object | null } {
  const w = world;
  const caller = w.callers[role];
  const ownCompany = { companyId: caller.companyId ?? -1 };
  const ownDealer = role === 'dealerManager' ? w.dealerManager : w.dealer;
  const byKind: { [K in ScopeKind]: { own: ScopeTargets[K]; other: ScopeTargets[K] | null } } = {
    account: { own: {}, other: null },
    platform: { own: {}, other: null },
    // The manager's tenant is the whole platform: only a missing object is "another" one.
    mill: { own: { millId: w.millA.mill.id }, other: { millId: role === 'manager' ? MISSING : w.millB.mill.id } },
    order: { own: { orderId: w.orderA.id }, other: { orderId: role === 'manager' ? MISSING : w.orderB.id } },
    // A mill's staff also see the companies of their confirmed clients.
    company: {
      own: role === 'millAdmin' || role === 'millUser' ? { companyId: w.labA.company.id } : ownCompany,
      other: role === 'manager' ? { companyId: MISSING } : { companyId: w.labB.company.id },
    },
    ownCompany: { own: ownCompany, other: { companyId: w.labB.company.id } },
    dealer: {
      own: role === 'manager' ? { dealerId: w.dealer.dealer.id } : { dealerId: ownDealer.dealer.id },
      other: role === 'manager' ? { dealerId: MISSING } : { dealerId: w.otherDealer.dealer.id },
    },
  };
  return byKind[kind];
}

async function outcome(role: Role | SessionUser, action: Action, target: object): Promise<number> {
  try {
    await authorize(t.db, typeof role === 'string' ? world.callers[role] : role, action, target as never);
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('the rule book', () => {
  it('has a row for every role and only known actions', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) for (const action of PERMISSIONS[role]) expect(ACTIONS).toHaveProperty([action]);
  });

  it('is documented by the generated permission matrix, unchanged', async () => {
    expect(await readFile(PERMISSION_MATRIX_FILE, 'utf8')).toBe(renderPermissionMatrix());
  });

  const actions = Object.keys(ACTIONS) as Action[];
  for (const action of actions) {
    it(`decides ${action} for every role, in its own tenant and in another`, async () => {
      const kind: ScopeKind = ACTIONS[action].scope;
      for (const role of ROLES) {
        const { own, other } = targets(role, kind);
        const expected = !TENANCY[kind].includes(role) ? 404 : roleMay(role, action) ? 200 : 403;
        expect({ role, tenant: 'own', status: await outcome(role, action, own) }).toEqual({ role, tenant: 'own', status: expected });
        if (other)
          expect({ role, tenant: 'other', status: await outcome(role, action, other) }).toEqual({ role, tenant: 'other', status: 404 });
      }
    });
  }
});

/**
 * The dealer rules (rule book `dealerRules`), each kind of dealer against its own dealer and a
 * sub-dealer of it. Every caller is a dealer manager, whose role has every dealer action, so only
 * the rules decide. The expected answers are written out, not derived from the rule book.
 */
describe('dealer rules', () => {
  async function kind(options: { parentId?: number; subDealerAllowed: boolean; ownConfigurationsAllowed: boolean }) {
    const { dealer, user } = await createDealer(t.db, { ...options, dealerRole: 'manager' });
    const [child] = await t.db
      .insert(dealers)
      .values({ companyId: dealer.companyId, parentId: dealer.id, ownConfigurationsAllowed: true })
      .returning();
    return { dealer, user, child: child! };
  }

  async function kinds() {
    const root = await kind({ subDealerAllowed: true, ownConfigurationsAllowed: true });
    const plainRoot = await kind({ subDealerAllowed: false, ownConfigurationsAllowed: false });
    const sub = await kind({ parentId: root.dealer.id, subDealerAllowed: true, ownConfigurationsAllowed: true });
    const subSub = await kind({ parentId: sub.dealer.id, subDealerAllowed: false, ownConfigurationsAllowed: false });
    // Its own permission is not enough: its root allows no own configurations in its network.
    const subOfPlain = await kind({ parentId: plainRoot.dealer.id, subDealerAllowed: false, ownConfigurationsAllowed: true });
    return { root, plainRoot, sub, subSub, subOfPlain };
  }

  // [own dealer, its sub-dealer] per kind of dealer.
  const EXPECTED: Partial<Record<Action, Record<keyof Awaited<ReturnType<typeof kinds>>, [number, number]>>> = {
    'dealer.create': { root: [200, 200], plainRoot: [403, 403], sub: [200, 200], subSub: [403, 403], subOfPlain: [403, 403] },
    'customers.create': { root: [200, 200], plainRoot: [200, 403], sub: [403, 403], subSub: [403, 403], subOfPlain: [403, 403] },
    'customers.update': { root: [200, 403], plainRoot: [200, 403], sub: [403, 403], subSub: [403, 403], subOfPlain: [403, 403] },
    'tickets.assign': { root: [200, 200], plainRoot: [200, 200], sub: [403, 403], subSub: [403, 403], subOfPlain: [403, 403] },
    'tickets.setExternal': { root: [200, 200], plainRoot: [200, 200], sub: [403, 403], subSub: [403, 403], subOfPlain: [403, 403] },
    'dealerConfig.edit': { root: [200, 200], plainRoot: [409, 409], sub: [200, 200], subSub: [409, 200], subOfPlain: [409, 409] },
    'dealerConfig.publish': { root: [200, 200], plainRoot: [409, 409], sub: [200, 200], subSub: [409, 200], subOfPlain: [409, 409] },
    'dealer.configure': { root: [200, 200], plainRoot: [403, 403], sub: [200, 200], subSub: [403, 403], subOfPlain: [403, 403] },
    'tickets.move': { root: [200, 200], plainRoot: [200, 200], sub: [200, 200], subSub: [200, 200], subOfPlain: [200, 200] },
  };

  it('names every action that has dealer rules', () => {
    const ruled = (Object.keys(ACTIONS) as Action[]).filter((action) => 'dealerRules' in ACTIONS[action]);
    expect(ruled.every((action) => action in EXPECTED)).toBe(true);
  });

  it('answers each kind of dealer on its own dealer and on its sub-dealer as the spec says', async () => {
    const callers = await kinds();
    const got: Record<string, Record<string, [number, number]>> = {};
    for (const action of Object.keys(EXPECTED) as Action[]) {
      got[action] = {};
      for (const [name, { user, dealer, child }] of Object.entries(callers))
        got[action][name] = [await outcome(user, action, { dealerId: dealer.id }), await outcome(user, action, { dealerId: child.id })];
    }
    expect(got).toEqual(EXPECTED);
  });

  it('lets a grant of the same request decide a second action without reading the tenancy again', async () => {
    const { sub } = await kinds();
    const grant = await authorize(t.db, sub.user, 'tickets.list', {});
    expect(grant.dealer).toMatchObject({
      dealerId: sub.dealer.id,
      depth: 2,
      root: { subDealerAllowed: true, ownConfigurationsAllowed: true },
    });
    expect(grant.listScope).toEqual({ kind: 'subtree', dealerId: sub.dealer.id });
    await expect(authorize(t.db, grant, 'tickets.assign', { dealerId: sub.child.id })).rejects.toMatchObject({
      statusCode: 403,
      code: 'SUB_DEALER_READ_ONLY',
    });
  });
});

describe('blocks', () => {
  it('refuses a blocked mill the actions that grow it, and leaves it the rest', async () => {
    const { mill, admin } = await createMill(t.db);
    await t.db.update(mills).set({ blocked: true }).where(eq(mills.id, mill.id));
    for (const action of Object.keys(ACTIONS) as Action[]) {
      const rule: { scope: string; refusedWhen?: readonly string[] } = ACTIONS[action];
      if (rule.scope !== 'mill' || !roleMay('millAdmin', action)) continue;
      const status = await authorize(t.db, admin, action, { millId: mill.id } as never).then(
        () => 200,
        (error: AppError) => error.statusCode,
      );
      expect({ action, status }).toEqual({ action, status: rule.refusedWhen?.includes('millBlocked') ? 403 : 200 });
    }
  });

  it('lets a lab its mill blocked read and withdraw, but not write', async () => {
    const { mill } = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const draft = await order(t.db, mill.id, lab.lab.id);
    await t.db.update(millClients).set({ blockedByMill: true }).where(eq(millClients.labId, lab.lab.id));
    const status = (action: Action) =>
      authorize(t.db, lab.user, action, { orderId: draft.id } as never).then(
        () => 200,
        (error: AppError) => error.statusCode,
      );
    expect(await status('order.read')).toBe(200);
    expect(await status('order.delete')).toBe(200);
    expect(await status('order.edit')).toBe(403);
    expect(await status('order.message')).toBe(403);
  });

  it('shows a mill nothing of a lab that has not accepted, and the lab nothing of the mill', async () => {
    const { mill, admin } = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id, confirmed: false });
    await expect(authorize(t.db, admin, 'company.read', { companyId: lab.company.id })).rejects.toMatchObject({ statusCode: 404 });
    await expect(authorize(t.db, lab.user, 'mill.read', { millId: mill.id })).rejects.toMatchObject({ statusCode: 404 });
    const [company] = await t.db.select().from(companies).where(eq(companies.id, lab.company.id));
    expect(company).toBeDefined();
    await t.db.update(users).set({ blocked: false }).where(eq(users.id, lab.user.id));
  });
});
