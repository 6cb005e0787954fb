import type { MillRole } from '@casebridge/shared/constants/roles';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import {
  administersAnyMill,
  clientRelation,
  companyExists,
  dealerExists,
  dealerInSubtree,
  dealerMembership,
  labIdOfCompany,
  millById,
  millWithStaffRole,
  orderById,
  staffRole,
  staffRoleOverClientCompany,
  type MillRow,
  type OrderRow,
} from './access.repository.ts';
import { ACTIONS, roleMay, type Action, type Block, type Role, type ScopeKind } from './rule-book.ts';
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
}

interface Resolved {
  role: Role;
  blocks: Block[];
  mill?: MillRow;
  order?: OrderRow;
  labId?: number;
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
 * - a block that stops this action (rule book `refusedWhen`): 403 with the reason.
 */
export async function authorize<A extends Action>(db: Db, user: SessionUser, action: A, target: TargetOf<A>): Promise<Grant> {
  const scope: ScopeKind = ACTIONS[action].scope;
  const resolved = await resolveRole(db, user, scope, target);
  if (!resolved) throw AppError.notFound(NOT_FOUND[scope]);
  return decide(user, action, resolved);
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
  if (!roleMay(resolved.role, action)) throw AppError.forbidden();
  const rule = ACTIONS[action] as { refusedWhen?: readonly Block[] };
  const block = rule.refusedWhen?.find((kind) => resolved.blocks.includes(kind));
  if (block) throw AppError.forbidden(BLOCK_MESSAGES[block], block === 'millBlocked' ? 'MILL_BLOCKED' : 'CLIENT_BLOCKED');
  return { user, role: resolved.role, mill: resolved.mill, order: resolved.order, labId: resolved.labId };
}

async function resolveRole(db: Db, user: SessionUser, scope: ScopeKind, target: Record<string, number>): Promise<Resolved | null> {
  switch (scope) {
    case 'account':
    case 'platform':
      return withoutBlocks(await ownRole(db, user));
    case 'mill':
      return millRole(db, user, target.millId!);
    case 'order':
      return orderRole(db, user, target.orderId!);
    case 'company':
      return companyRole(db, user, target.companyId!, true);
    case 'ownCompany':
      return companyRole(db, user, target.companyId!, false);
    case 'dealer':
      return dealerRole(db, user, target.dealerId!);
  }
}

const withoutBlocks = (role: Role | null): Resolved | null => (role ? { role, blocks: [] } : null);

/**
 * The role someone has on their own account and company. Mill staff are their company's
 * administrators when they administer one of its mills (ADR 0004: only they change its details).
 */
async function ownRole(db: Db, user: SessionUser): Promise<Role | null> {
  switch (user.roleType) {
    case 'mill':
      return (await administersAnyMill(db, user.id)) ? 'millAdmin' : 'millUser';
    case 'lab':
      return 'lab';
    case 'manager':
      return 'manager';
    case 'dealer': {
      const membership = await dealerMembership(db, user.id);
      if (!membership) return null;
      return membership.role === 'manager' ? 'dealerManager' : 'dealer';
    }
  }
}

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
  if (user.companyId === companyId) return withoutBlocks(await ownRole(db, user));
  if (user.roleType === 'manager' && clients) return (await companyExists(db, companyId)) ? { role: 'manager', blocks: [] } : null;
  if (!clients || user.roleType !== 'mill') return null;
  const role = await staffRoleOverClientCompany(db, user.id, companyId);
  return role ? { role: role === 'admin' ? 'millAdmin' : 'millUser', blocks: [] } : null;
}

async function dealerRole(db: Db, user: SessionUser, dealerId: number): Promise<Resolved | null> {
  if (user.roleType === 'manager') return (await dealerExists(db, dealerId)) ? { role: 'manager', blocks: [] } : null;
  if (user.roleType !== 'dealer') return null;
  const membership = await dealerMembership(db, user.id);
  if (!membership || !(await dealerInSubtree(db, membership.dealerId, dealerId))) return null;
  return { role: membership.role === 'manager' ? 'dealerManager' : 'dealer', blocks: [] };
}
