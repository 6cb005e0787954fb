import type { MillRole } from '@casebridge/shared/constants/roles';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import {
  administersAnyMill,
  clientRelation,
  companyExists,
  dealerTarget,
  dealerTenancy,
  labIdOfCompany,
  millById,
  millWithStaffRole,
  orderById,
  staffRole,
  staffRoleOverClientCompany,
  type MillRow,
  type OrderRow,
} from './access.repository.ts';
import {
  ACTIONS,
  failedDealerRule,
  PERMISSIONS,
  roleMay,
  type Action,
  type ActionRule,
  type Block,
  type DealerFacts,
  type Role,
  type ScopeKind,
} from './rule-book.ts';
import type { SessionUser } from './session-check.ts';

/** What each kind of scope names. */
export interface ScopeTargets {
  account: Record<string, never>;
  platform: Record<string, never>;
  mill: { millId: number };
  order: { orderId: number };
  company: { companyId: number };
  ownCompany: { companyId: number };
  dealer: { dealerId: number };
}
export type TargetOf<A extends Action> = ScopeTargets[(typeof ACTIONS)[A]['scope']];

/**
 * A dealer user's place in the reseller tree, read once per request (`dealerTenancy`): its dealer,
 * root or sub-dealer at which depth, and the permissions of the dealer and of its root.
 */
export interface DealerTenancy {
  dealerId: number;
  dealerRole: 'dealer' | 'manager';
  /** The dealer's company (its name is the dealer's name in the session answer). */
  companyId: number;
  parentId: number | null;
  /** 1 for a root dealer, 2 for its sub-dealer, and so on. */
  depth: number;
  rootId: number;
  subDealerAllowed: boolean;
  ownConfigurationsAllowed: boolean;
  root: { subDealerAllowed: boolean; ownConfigurationsAllowed: boolean };
}

/** The rows of the reseller network a caller's lists hold: the manager all of them, a dealer user its subtree. */
export type ListScope = { kind: 'all' } | { kind: 'subtree'; dealerId: number };

/** What the rule book found out on the way; services use it instead of asking again. */
export interface Grant {
  user: SessionUser;
  role: Role;
  /** Mill scopes, and orders: the mill. */
  mill?: MillRow;
  /** Order scopes: the order. */
  order?: OrderRow;
  /** A lab caller: its lab (for an order, the order's lab). */
  labId?: number;
  /** A dealer user: its tenancy. */
  dealer?: DealerTenancy;
  /** The manager and dealer users: what their lists of the reseller network hold. */
  listScope?: ListScope;
  /** A dealer scope's target, as the dealer rules saw it. */
  target?: DealerFacts['target'];
}

interface Resolved {
  role: Role;
  blocks: Block[];
  mill?: MillRow;
  order?: OrderRow;
  labId?: number;
  dealer?: DealerTenancy;
  target?: DealerFacts['target'];
}

const NOT_FOUND: Record<ScopeKind, string> = {
  account: 'User',
  platform: 'Resource',
  mill: 'Mill',
  order: 'Order',
  company: 'Company',
  ownCompany: 'Company',
  dealer: 'Dealer',
};

const BLOCK_MESSAGES: Record<Block, string> = {
  millBlocked: 'This mill is blocked. Please contact CaseBridge support to unblock it.',
  clientBlocked: 'This mill does not accept orders or messages from you at the moment.',
};

/**
 * The first call of every service method. It decides the caller's role in the tenant the target
 * belongs to, and then:
 * - no role there (another tenant's object, or none at all): 404, exactly like a missing one;
 * - a role that lacks the action: 403;
 * - a block that stops this action (rule book `refusedWhen`): 403 with the reason;
 * - a dealer rule that does not hold for a dealer user (rule book `dealerRules`): its answer.
 * A second action in the same request passes the first grant instead of the user: the dealer
 * tenancy it holds is not read again.
 */
export async function authorize<A extends Action>(db: Db, caller: SessionUser | Grant, action: A, target: TargetOf<A>): Promise<Grant> {
  const scope: ScopeKind = ACTIONS[action].scope;
  const user = 'role' in caller ? caller.user : caller;
  const known = 'role' in caller ? caller.dealer : undefined;
  const targets = target as Partial<ScopeTargets[keyof ScopeTargets]> & Record<string, number>;
  const resolved = await resolveRole(db, user, scope, targets, known);
  if (!resolved) throw AppError.notFound(NOT_FOUND[scope]);
  return decide(user, action, resolved);
}

/** The scope of a dealer-side grant's lists (the manager: all; a dealer user: its subtree). */
export function listScopeOf(grant: Grant): ListScope {
  if (!grant.listScope) throw new Error(`a ${grant.role} has no list of the reseller network`);
  return grant.listScope;
}

/** Whether the grant's caller may also take another action on the same target, without asking the database again. */
export function grantAllows(grant: Grant, action: Action): boolean {
  if (!roleMay(grant.role, action)) return false;
  return !grant.dealer || failedDealerRule(action, factsOf(grant.dealer, grant.target)) === undefined;
}

/** The caller's own tenant as the rule book resolves it: its role there and, for a dealer user, its dealer tenancy. */
export interface OwnTenant {
  role: Role;
  dealer?: DealerTenancy;
}

/** Reads the caller's own tenant once (a dealer user's tenancy: one statement), for the session answer to share. */
export async function ownTenantOf(db: Db, user: SessionUser): Promise<OwnTenant | null> {
  const own = await ownResolved(db, user);
  return own && { role: own.role, dealer: own.dealer };
}

/** Actions decided by the caller's role in one mill: about the mill, or one of its orders. */
const aboutOneMill = (action: Action): boolean => ACTIONS[action].scope === 'mill' || ACTIONS[action].scope === 'order';

/** Roles held per mill: staff by their membership there, a lab as that mill's client. */
const PER_MILL_ROLES: readonly Role[] = ['millAdmin', 'millUser', 'lab'];

/**
 * The actions the caller may take in its own tenant, as the session lists them (`GET /users/me`):
 * a dealer user's on its own dealer (its dealer rules decided), everyone else's by role. For mill
 * staff and labs the actions about one mill are left out: their role differs per mill, and each
 * mill of the session lists its own (`actionsInMill`).
 */
export function actionsOnOwnTenant(user: SessionUser, own: OwnTenant): Action[] {
  const dealer = own.dealer;
  const target = dealer && { isOwn: true, ownConfigurationsAllowed: ownConfigurationsOf(dealer, dealer.root.ownConfigurationsAllowed) };
  const grant: Grant = { user, role: own.role, dealer, target };
  const perMill = PER_MILL_ROLES.includes(own.role);
  return (PERMISSIONS[own.role] as readonly Action[]).filter((action) => !(perMill && aboutOneMill(action)) && grantAllows(grant, action));
}

/**
 * The actions about one mill (the mill, its orders) the caller's role there gives: staff by their
 * mill role, a lab as the mill's client. Blocks are not taken off: the session's mill says it is
 * blocked and by whom, and the refused calls answer with the reason.
 */
export function actionsInMill(roleThere: MillRole | 'client'): Action[] {
  const role: Role = roleThere === 'client' ? 'lab' : roleThere === 'admin' ? 'millAdmin' : 'millUser';
  return (PERMISSIONS[role] as readonly Action[]).filter(aboutOneMill);
}

/**
 * The same decision as `authorize` for mill staff whose membership the caller already read in
 * its own statement (the orders list reads session, membership and list version in one round
 * trip, ADR 0005). Null when the user is no staff of that mill: then ask `authorize`.
 */
export function authorizeStaff<A extends Action>(
  user: SessionUser,
  action: A,
  mill: MillRow | null,
  staffRole: MillRole | null,
): Grant | null {
  if (ACTIONS[action].scope !== 'mill') throw new Error(`${action} is not about a mill`);
  if (user.roleType !== 'mill' || !mill || !staffRole) return null;
  return decide(user, action, staffResolved(mill, staffRole));
}

function decide(user: SessionUser, action: Action, resolved: Resolved): Grant {
  const rule: ActionRule = ACTIONS[action];
  if (!roleMay(resolved.role, action)) throw AppError.forbidden(rule.forbidden?.message, rule.forbidden?.code);
  const block = rule.refusedWhen?.find((kind) => resolved.blocks.includes(kind));
  if (block) throw AppError.forbidden(BLOCK_MESSAGES[block], block === 'millBlocked' ? 'MILL_BLOCKED' : 'CLIENT_BLOCKED');
  const { role, dealer, target } = resolved;
  const failed = dealer ? failedDealerRule(action, factsOf(dealer, target)) : undefined;
  if (failed) throw new AppError(failed.status, failed.code, failed.message);
  const listScope: ListScope | undefined =
    role === 'manager' ? { kind: 'all' } : dealer ? { kind: 'subtree', dealerId: dealer.dealerId } : undefined;
  return { user, role, mill: resolved.mill, order: resolved.order, labId: resolved.labId, dealer, listScope, target };
}

function factsOf(dealer: DealerTenancy, target: DealerFacts['target']): DealerFacts {
  return {
    isRoot: dealer.parentId === null,
    subDealerAllowed: dealer.subDealerAllowed,
    ownConfigurations: ownConfigurationsOf(dealer, dealer.root.ownConfigurationsAllowed),
    target,
  };
}

/** A dealer may use own configurations: its own permission and, for a sub-dealer, its root's too (ADR 0013). */
function ownConfigurationsOf(dealer: { parentId: number | null; ownConfigurationsAllowed: boolean }, rootAllows: boolean): boolean {
  return dealer.ownConfigurationsAllowed && (dealer.parentId === null || rootAllows);
}

async function resolveRole(
  db: Db,
  user: SessionUser,
  scope: ScopeKind,
  target: Record<string, number>,
  known: DealerTenancy | undefined,
): Promise<Resolved | null> {
  switch (scope) {
    case 'account':
    case 'platform':
      return known ? { role: dealerRoleOf(known), blocks: [], dealer: known } : ownResolved(db, user);
    case 'mill':
      return millRole(db, user, target.millId!);
    case 'order':
      return orderRole(db, user, target.orderId!);
    case 'company':
      return companyRole(db, user, target.companyId!, true);
    case 'ownCompany':
      return companyRole(db, user, target.companyId!, false);
    case 'dealer':
      return dealerRole(db, user, target.dealerId!, known);
  }
}

/**
 * The role someone has on their own account and company. Mill staff are their company's
 * administrators when they administer one of its mills (ADR 0004: only they change its details).
 * A dealer user's comes with its dealer tenancy.
 */
async function ownResolved(db: Db, user: SessionUser): Promise<Resolved | null> {
  switch (user.roleType) {
    case 'mill':
      return { role: (await administersAnyMill(db, user.id)) ? 'millAdmin' : 'millUser', blocks: [] };
    case 'lab':
      return { role: 'lab', blocks: [] };
    case 'manager':
      return { role: 'manager', blocks: [] };
    case 'dealer': {
      const dealer = await tenancyOf(db, user);
      return dealer ? { role: dealerRoleOf(dealer), blocks: [], dealer } : null;
    }
  }
}

async function tenancyOf(db: Db, user: SessionUser): Promise<DealerTenancy | null> {
  if (user.roleType !== 'dealer') return null;
  const row = await dealerTenancy(db, user.id);
  if (!row) return null;
  const { rootSubDealerAllowed, rootOwnConfigurationsAllowed, ...own } = row;
  return { ...own, root: { subDealerAllowed: rootSubDealerAllowed, ownConfigurationsAllowed: rootOwnConfigurationsAllowed } };
}

const dealerRoleOf = (dealer: DealerTenancy): Role => (dealer.dealerRole === 'manager' ? 'dealerManager' : 'dealer');

function staffResolved(mill: MillRow, staffRole: MillRole): Resolved {
  return { role: staffRole === 'admin' ? 'millAdmin' : 'millUser', blocks: mill.blocked ? ['millBlocked'] : [], mill };
}

async function millRole(db: Db, user: SessionUser, millId: number): Promise<Resolved | null> {
  if (user.roleType === 'mill') {
    // Staff ask on every request of their workspace: the mill and the role in one round trip.
    const found = await millWithStaffRole(db, user.id, millId);
    if (!found?.role) return null;
    return staffResolved(found.mill, found.role);
  }
  const mill = await millById(db, millId);
  if (!mill) return null;
  if (user.roleType === 'lab' && user.companyId !== null) {
    const client = await clientRelation(db, user.companyId, millId);
    // A lab sees a mill only once it agreed to be its client.
    if (!client?.confirmed) return null;
    return { role: 'lab', blocks: client.blocked ? ['clientBlocked'] : [], mill, labId: client.labId };
  }
  if (user.roleType === 'manager') return { role: 'manager', blocks: [], mill };
  return null;
}

async function orderRole(db: Db, user: SessionUser, orderId: number): Promise<Resolved | null> {
  const order = await orderById(db, orderId);
  if (!order) return null;
  const mill = (await millById(db, order.millId)) ?? undefined;
  // The mill sees an order once the lab submitted it; a draft is the lab's alone.
  if (user.roleType === 'mill' && order.submittedAt) {
    const role = await staffRole(db, user.id, order.millId);
    if (role) return { role: role === 'admin' ? 'millAdmin' : 'millUser', blocks: [], mill, order };
  }
  if (user.roleType === 'lab' && user.companyId !== null && (await labIdOfCompany(db, user.companyId)) === order.labId) {
    const client = await clientRelation(db, user.companyId, order.millId);
    // No client any more, or blocked: the lab still reads its orders but writes nothing new.
    const blocked = !client?.confirmed || client.blocked;
    return { role: 'lab', blocks: blocked ? ['clientBlocked'] : [], mill, order, labId: order.labId };
  }
  if (user.roleType === 'manager') return { role: 'manager', blocks: [], mill, order };
  return null;
}

/** One's own company; with `clients`, also the company of a lab that is a confirmed client of one's mill. */
async function companyRole(db: Db, user: SessionUser, companyId: number, clients: boolean): Promise<Resolved | null> {
  if (user.companyId === companyId) return ownResolved(db, user);
  if (user.roleType === 'manager' && clients) return (await companyExists(db, companyId)) ? { role: 'manager', blocks: [] } : null;
  if (!clients || user.roleType !== 'mill') return null;
  const role = await staffRoleOverClientCompany(db, user.id, companyId);
  return role ? { role: role === 'admin' ? 'millAdmin' : 'millUser', blocks: [] } : null;
}

/**
 * A dealer of the caller's subtree (the manager: any dealer). The target is one row by primary key;
 * its materialised path says whether it lies in the subtree, so no walk down the tree.
 */
async function dealerRole(db: Db, user: SessionUser, dealerId: number, known: DealerTenancy | undefined): Promise<Resolved | null> {
  if (user.roleType !== 'manager' && user.roleType !== 'dealer') return null;
  const dealer = known ?? (await tenancyOf(db, user)) ?? undefined;
  if (user.roleType === 'dealer' && !dealer) return null;
  const found = await dealerTarget(db, dealerId);
  if (!found) return null;
  if (user.roleType === 'manager') return { role: 'manager', blocks: [] };
  if (!dealer || !found.path.includes(dealer.dealerId)) return null;
  const target = {
    isOwn: found.id === dealer.dealerId,
    ownConfigurationsAllowed: ownConfigurationsOf(found, found.rootOwnConfigurationsAllowed),
  };
  return { role: dealerRoleOf(dealer), blocks: [], dealer, target };
}
