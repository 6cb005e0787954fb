import type { ComponentStatus } from '@casebridge/shared/constants/orders';
import { orderSchema } from '@casebridge/shared/schemas/orders';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../db/client.ts';
import { authorize, authorizeStaff, type Grant } from '../../access/access.ts';
import { acceptLiveSession, type SessionClaims, type SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ErrorCode } from '@casebridge/shared/errors';
import { isStaffOf, staffNames } from '../mill-users/mill-users.queries.ts';
import { tellingPlanLimits } from '../plans/plans.service.ts';
import { takeOrderSlotOf } from '../subscriptions/subscriptions.service.ts';
import { cachePerApp } from '../../lib/versioned-response-cache.ts';
import {
  componentsOfOrders,
  countOfLab,
  countSubmitted,
  deleteOrder as deleteOrderRow,
  findDrafts,
  insertComponents,
  insertOrder,
  listOrders,
  listVersion,
  sessionMillAndVersion,
  markDeleted,
  markDownloaded,
  markSubmitted,
  setResponsible as setResponsibleRow,
  updateComponent as updateComponentRow,
  type ComponentRow,
  type OrderRow,
} from './orders.repository.ts';
import { componentOfOrder } from './orders.queries.ts';

export type { ComponentRow, OrderRow };

declare module '../../platform/events/domain-events.ts' {
  interface DomainEvents {
    /** A lab sent an order: the mill sees it from now on. */
    'order.submitted': { orderId: number; millId: number; labId: number; name: string; submittedBy: number; responsibleId: number | null };
    /** A lab withdrew an order (kept, marked deleted) or discarded a draft (gone with its components). */
    'order.deleted': { orderId: number; componentIds: number[] };
  }
}

/** The order an order-scoped grant was given for (access.ts resolves it to decide). */
export function grantedOrder(grant: Grant): OrderRow {
  if (!grant.order) throw AppError.notFound('Order');
  return grant.order;
}

/** A withdrawn order stays readable, but nothing new is added to it. */
export function refuseIfDeleted(order: OrderRow, message = 'This order was deleted', code: ErrorCode = 'ORDER_DELETED'): void {
  if (order.isDeleted) throw new AppError(409, code, message);
}

// ---- Lists

export interface OrderListQuery {
  start: number;
  limit: number;
  sort: { field: 'created_at' | 'name' | 'id'; direction: 'asc' | 'desc' };
  /** A component status, or the spec's OpenDownloaded. */
  status?: string;
  client?: number;
  responsible?: number | 'none';
  search?: string;
}

/** Every list answer is checked like any response before it is sent, or kept in the cache. */
const orderListResponseSchema = listResponseSchema(orderSchema);

/** The spec's combined filter: Open and Downloaded together. */
function statusesOf(filter: string | undefined): string[] | undefined {
  if (!filter) return undefined;
  return filter === 'OpenDownloaded' ? ['Open', 'Downloaded'] : [filter];
}

/** One cache per running app (its deps), sized by ORDER_LIST_CACHE_BYTES. */
const listCacheOf = cachePerApp((deps: AppDeps) => deps.config.orderListCacheBytes);

/**
 * The orders exchanged with a mill, as the serialized response (checked against its schema):
 * its staff see all of them, a lab its own. The staff's pages are kept in the versioned cache
 * (ADR 0005): a hit costs the access check and one version lookup. The lab's list is not cached
 * (a lab's orders with one mill are few).
 */
export async function orderList(deps: AppDeps, user: SessionUser, millId: number, query: OrderListQuery): Promise<string> {
  // The version is read beside the access check, not after it: a hit then waits for one round
  // trip less. It is used only once access is granted, and read before the page is built, so
  // an answer can only be newer than its stamp (ADR 0005).
  const [grant, version] = await Promise.all([authorize(deps.db, user, 'orders.list', { millId }), listVersion(deps.db, millId)]);
  if (grant.role === 'lab') {
    const filters = {
      millId,
      labId: grant.labId,
      statuses: statusesOf(query.status),
      client: query.client,
      responsible: query.responsible,
      search: query.search,
    };
    return JSON.stringify(
      orderListResponseSchema.parse(
        await listOrders(deps.db, user.id, filters, { start: query.start, limit: query.limit, sort: query.sort }),
      ),
    );
  }
  return staffPage(deps, user, millId, query, version);
}

/**
 * The list as its route calls it, from the verified token: one statement reads the session's
 * user, their staff role and mill, and the list version, so a staff cache hit costs one round
 * trip (ADR 0005). The session rules and the rule book decide as everywhere else; anyone who is
 * not staff of this mill takes the general path.
 */
export async function orderListForSession(deps: AppDeps, claims: SessionClaims, millId: number, query: OrderListQuery): Promise<string> {
  const row = await sessionMillAndVersion(deps.db, claims, millId);
  const user = await acceptLiveSession(deps.db, row, claims);
  const grant = authorizeStaff(user, 'orders.list', row?.mill ?? null, row?.staffRole ?? null);
  if (!grant) return orderList(deps, user, millId, query);
  return staffPage(deps, user, millId, query, row!.version);
}

/** A staff page from the versioned cache, built and kept on a miss. */
async function staffPage(deps: AppDeps, user: SessionUser, millId: number, query: OrderListQuery, version: string): Promise<string> {
  const cache = listCacheOf(deps);
  // The viewer is part of the key: newMessages counts what this user has not read.
  const key = `${millId}:${user.id}:${JSON.stringify(query)}`;
  let body = cache.get(key, version);
  if (body === undefined) {
    const filters = {
      millId,
      statuses: statusesOf(query.status),
      client: query.client,
      responsible: query.responsible,
      search: query.search,
    };
    body = JSON.stringify(
      orderListResponseSchema.parse(
        await listOrders(deps.db, user.id, filters, { start: query.start, limit: query.limit, sort: query.sort }),
      ),
    );
    cache.set(key, version, body);
  }
  return body;
}

export interface DraftWithComponents {
  id: number;
  name: string;
  created_at: string;
  components: { id: number; name: string }[];
}

/** The lab's unsubmitted orders with a mill, to continue sending one (ADR 0003); modules/order-views adds their documents. */
export async function labDrafts(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  limit: number,
): Promise<{ count: number; data: DraftWithComponents[] }> {
  const grant = await authorize(deps.db, user, 'orders.create', { millId });
  const labId = labOf(grant);
  // Only the user's own drafts: nobody else may continue their tus uploads, and a colleague's
  // draft may be being sent right now.
  const { total, drafts } = await findDrafts(deps.db, { millId, labId, authorId: user.id }, limit);
  const parts = await componentsOfOrders(
    deps.db,
    drafts.map((draft) => draft.id),
  );
  const data = drafts.map((draft) => ({
    id: draft.id,
    name: draft.name,
    created_at: draft.createdAt.toISOString(),
    components: parts.filter((part) => part.projectId === draft.id).map((part) => ({ id: part.id, name: part.name })),
  }));
  return { count: total, data };
}

/** Only a lab starts and sends orders (rule book); its grant names the lab. */
function labOf(grant: Grant): number {
  if (grant.labId === undefined) throw AppError.forbidden('Only a lab sends orders', 'ONLY_LABS_SEND_ORDERS');
  return grant.labId;
}

// ---- The lab sends an order

export async function createOrder(
  deps: AppDeps,
  user: SessionUser,
  input: { millId: number; name: string; components: { name: string }[] },
) {
  const grant = await authorize(deps.db, user, 'orders.create', { millId: input.millId });
  const labId = labOf(grant);
  return deps.db.transaction(async (tx) => {
    const order = await insertOrder(tx, { millId: input.millId, labId, authorId: user.id, name: input.name });
    const created = await insertComponents(
      tx,
      order.id,
      input.components.map((c) => c.name),
    );
    return { id: order.id, name: order.name, components: created };
  });
}

export async function addComponent(deps: AppDeps, user: SessionUser, orderId: number, name: string): Promise<{ id: number; name: string }> {
  const order = grantedOrder(await authorize(deps.db, user, 'order.edit', { orderId }));
  refuseIfDeleted(order);
  const [created] = await insertComponents(deps.db, order.id, [name]);
  return created!;
}

/**
 * The order becomes visible to the mill (whose users are told: 'order.submitted'). It takes one of
 * the period's order slots of the mill's plan; with none left it stays a draft (409 PLAN_LIMIT_REACHED).
 */
export async function submitOrder(deps: AppDeps, user: SessionUser, orderId: number): Promise<void> {
  const order = grantedOrder(await authorize(deps.db, user, 'order.edit', { orderId }));
  const afterCommit = await tellingPlanLimits(deps, { millId: order.millId, limit: 'orders', triedBy: user.id }, () =>
    deps.db.transaction(async (tx) => {
      // Marked first: the row lock makes a second submit of this order wait and then find it
      // submitted, so it takes no second slot and tells nobody twice.
      const updated = await markSubmitted(tx, orderId);
      if (!updated) return null;
      await takeOrderSlotOf(tx, updated.millId);
      const { id, millId, labId, name, responsibleId } = updated;
      return deps.events.publish(tx, 'order.submitted', { orderId: id, millId, labId, name, submittedBy: user.id, responsibleId });
    }),
  );
  await afterCommit?.();
}

/**
 * The lab withdraws an order it sent. Its files go (modules/order-files hears 'order.deleted': rows
 * and bytes, so nothing is kept that the lab took back); the order stays in the mill's list marked
 * deleted, with its components and messages, because the mill may already have worked on it. A
 * draft the mill never saw goes entirely. All rows change in one transaction; bytes go after it commits.
 */
export async function deleteOrder(deps: AppDeps, user: SessionUser, orderId: number): Promise<'deleted' | 'discarded'> {
  const order = grantedOrder(await authorize(deps.db, user, 'order.delete', { orderId }));
  refuseIfDeleted(order);
  const afterCommit = await deps.db.transaction(async (tx) => {
    const parts = await componentsOfOrders(tx, [order.id]);
    // Before the rows go: a listener still finds what hangs on the order's components.
    const afterCommit = await deps.events.publish(tx, 'order.deleted', { orderId: order.id, componentIds: parts.map((part) => part.id) });
    if (order.submittedAt) await markDeleted(tx, order.id);
    else await deleteOrderRow(tx, order.id);
    await deps.audit.append(tx, deletionAudit(user, order, parts.length));
    return afterCommit;
  });
  await afterCommit();
  return order.submittedAt ? 'deleted' : 'discarded';
}

/**
 * The lab's deletion of an order (issue 28): in the lab's trail, and the mill's once it was sent
 * (a draft the mill never saw stays the lab's alone).
 */
function deletionAudit(user: SessionUser, order: OrderRow, components: number): AuditEntry {
  const actor = { userId: user.id, tenant: { kind: 'lab' as const, id: order.labId }, ip: user.ip };
  // No name: an order's name may carry the patient's, which the lab took back with the order.
  const before = { submitted: order.submittedAt !== null, components };
  const scope = { millId: order.submittedAt ? order.millId : null, labId: order.labId };
  const action = order.submittedAt ? 'order.deleted' : 'order.discarded';
  return { actor, action, object: { kind: 'order', id: order.id }, before, after: null, scope };
}

// ---- One component, as both sides see it (modules/order-views shows it with its files and messages)

export interface OrderComponent {
  order: OrderRow;
  component: ComponentRow;
}

export async function readableComponent(deps: AppDeps, user: SessionUser, orderId: number, componentId: number): Promise<OrderComponent> {
  const order = grantedOrder(await authorize(deps.db, user, 'order.read', { orderId }));
  return { order, component: await componentOfOrder(deps.db, order.id, componentId) };
}

/** The mill changes a component's status or comment; answers the component as it now is. */
export async function updateComponent(
  deps: AppDeps,
  user: SessionUser,
  orderId: number,
  componentId: number,
  patch: { status?: ComponentStatus; comment?: string },
): Promise<OrderComponent> {
  const order = grantedOrder(await authorize(deps.db, user, 'order.process', { orderId }));
  const component = await componentOfOrder(deps.db, order.id, componentId);
  await deps.db.transaction(async (tx) => {
    const before = { status: component.status, comment: component.comment };
    const action = patch.status !== undefined && patch.status !== component.status ? 'order.status.changed' : 'order.component.changed';
    // The entry first: the update's trigger locks the order's rollup row until commit, and every
    // status change of the order waits for that lock, so nothing else should run while it is held.
    await deps.audit.append(tx, millAudit(user, order, action, { kind: 'component', id: component.id }, before, patch));
    await updateComponentRow(tx, component.id, patch);
  });
  return { order, component: { ...component, ...patch } };
}

// ---- The mill processes orders

export async function responsiblePersons(deps: AppDeps, user: SessionUser, millId: number) {
  await authorize(deps.db, user, 'orders.assign', { millId });
  const data = await staffNames(deps.db, millId);
  return { count: data.length, data };
}

/** Mill users may hand an order to any colleague of the same mill, or to nobody. */
export async function setResponsible(
  deps: AppDeps,
  user: SessionUser,
  target: { millId: number; labId: number; orderId: number },
  responsibleId: number | null,
): Promise<void> {
  const order = grantedOrder(await authorize(deps.db, user, 'order.process', { orderId: target.orderId }));
  // The path names the order's mill and lab: any other pair is a path to nothing.
  if (order.millId !== target.millId || order.labId !== target.labId) throw AppError.notFound('Order');
  if (responsibleId !== null && !(await isStaffOf(deps.db, order.millId, responsibleId))) {
    throw AppError.fields({ responsibleId: ['RESPONSIBLE_NOT_MILL_USER'] }, 'Choose a user of this mill');
  }
  await deps.db.transaction(async (tx) => {
    await setResponsibleRow(tx, order.id, responsibleId);
    const change = [{ responsibleId: order.responsibleId }, { responsibleId }] as const;
    await deps.audit.append(tx, millAudit(user, order, 'order.responsible.changed', { kind: 'order', id: order.id }, ...change));
  });
}

/** An audit entry of the mill's staff about one of its orders: the mill's and the lab's trail. */
function millAudit(
  user: SessionUser,
  order: OrderRow,
  action: string,
  object: AuditEntry['object'],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditEntry {
  const actor = { userId: user.id, tenant: { kind: 'mill' as const, id: order.millId }, ip: user.ip };
  return { actor, action, object, before, after, scope: { millId: order.millId, labId: order.labId } };
}

// ---- What the order's other features ask of it through their events (events.ts)

/** Hears `files.downloaded`: the mill fetching every document of an Open component makes it Downloaded. */
export async function markComponentsDownloaded(tx: Db, componentIds: number[]): Promise<void> {
  await markDownloaded(tx, componentIds);
}

// For users (engineer B): the session's order count decides where a user lands after sign-in.

export async function submittedOrderCount(db: Db, millIds: number[]): Promise<number> {
  return countSubmitted(db, millIds);
}

export async function labOrderCount(db: Db, labId: number): Promise<number> {
  return countOfLab(db, labId);
}
