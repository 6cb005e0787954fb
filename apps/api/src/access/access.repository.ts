import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MillRole } from '@casebridge/shared/constants/roles';
import type { Db } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared-statement.ts';
import { companies } from '../db/schema/companies.ts';
import { dealerMembers, dealers } from '../db/schema/dealers.ts';
import { labs, millClients } from '../db/schema/labs.ts';
import { millMembers, mills } from '../db/schema/mills.ts';
import { projects } from '../db/schema/orders.ts';
import { userSessions } from '../db/schema/user-sessions.ts';
import { users } from '../db/schema/users.ts';

/**
 * The membership lookups the rule book decides on. They only read the tables that say who
 * belongs where (mill staff, mill clients, dealer members, an order's mill and lab); those tables
 * are written by their features' repositories. Each lookup is one indexed query.
 */
export type MillRow = typeof mills.$inferSelect;
/** The signed-in user; `ip` is where the request came from (set by the HTTP session hook, for the audit trail). */
export type SessionUser = typeof users.$inferSelect & { ip?: string };

/**
 * The lookups every mill or dealer request makes run as named prepared statements: PostgreSQL parses
 * and plans them once per connection (ADR 0005: they are most of a cached orders page's cost).
 */
const ownDealer = alias(dealers, 'own_dealer');

/**
 * The token's session as every session check reads it, inside the statement that reads the user
 * (so a request still costs one read): seconds since it was last seen, or null when it is ended,
 * expired, another user's, or of an older token version (ADR 0021). `sessionId` must be a uuid
 * (verifySessionToken checks it before any statement runs).
 */
export function sessionAgeOf(sessionId: Placeholder) {
  // Written out with its own alias: drizzle leaves column names unqualified in a one-table select.
  return sql<number | null>`(select extract(epoch from now() - s.last_seen_at)::int from ${userSessions} s
    where s.id = ${sessionId}::uuid and s.user_id = "users"."id" and s.token_version = "users"."token_version"
      and s.ended_at is null and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(secs => ${sql.raw(String(SESSION_IDLE_SECONDS))}))`;
}

/**
 * A session not used for this long has ended (ASVS 7.3.1; docs/security.md says why 3 days): a
 * device left signed in over a long weekend asks for the password again, a working week does not.
 */
export const SESSION_IDLE_SECONDS = 72 * 3600;

const rootDealer = alias(dealers, 'root_dealer');

function prepareHotLookups(db: Db) {
  return {
    sessionUser: db
      .select({ user: users, sessionAge: sessionAgeOf(sql.placeholder('sessionId')) })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('access_session_user'),
    millAndStaffRole: db
      .select({ mill: mills, role: millMembers.millRole })
      .from(mills)
      .leftJoin(millMembers, and(eq(millMembers.millId, mills.id), eq(millMembers.userId, sql.placeholder('userId'))))
      .where(eq(mills.id, sql.placeholder('millId')))
      .prepare('access_mill_and_staff_role'),
    dealerTenancy: db
      .select({
        dealerId: dealerMembers.dealerId,
        dealerRole: dealerMembers.dealerRole,
        companyId: ownDealer.companyId,
        parentId: ownDealer.parentId,
        depth: sql<number>`cardinality(${ownDealer.path})`,
        rootId: rootDealer.id,
        subDealerAllowed: ownDealer.subDealerAllowed,
        ownConfigurationsAllowed: ownDealer.ownConfigurationsAllowed,
        rootSubDealerAllowed: rootDealer.subDealerAllowed,
        rootOwnConfigurationsAllowed: rootDealer.ownConfigurationsAllowed,
      })
      .from(dealerMembers)
      .innerJoin(ownDealer, eq(ownDealer.id, dealerMembers.dealerId))
      // The path starts at the root (a root's path is itself).
      .innerJoin(rootDealer, eq(rootDealer.id, sql`${ownDealer.path}[1]`))
      .where(eq(dealerMembers.userId, sql.placeholder('userId')))
      .limit(1)
      .prepare('access_dealer_tenancy'),
    dealerTarget: db
      .select({
        id: dealers.id,
        parentId: dealers.parentId,
        path: dealers.path,
        ownConfigurationsAllowed: dealers.ownConfigurationsAllowed,
        rootOwnConfigurationsAllowed: rootDealer.ownConfigurationsAllowed,
      })
      .from(dealers)
      .innerJoin(rootDealer, eq(rootDealer.id, sql`${dealers.path}[1]`))
      .where(eq(dealers.id, sql.placeholder('dealerId')))
      .prepare('access_dealer_target'),
  };
}

const hot = preparedPerDatabase(prepareHotLookups);

/** The user a session token names and the age of its session, as the session check reads them. */
export async function sessionUserById(db: Db, userId: number, sessionId: string) {
  const [row] = await hot(db).sessionUser.execute({ userId, sessionId });
  return row ?? null;
}

/** The session check's one write: last seen, at most once a minute per session (ADR 0021). */
export async function markSessionSeen(db: Db, sessionId: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(userSessions.id, sessionId));
}

/** A mill and the user's staff role in it (null when not staff), in one round trip; null when no such mill. */
export async function millWithStaffRole(db: Db, userId: number, millId: number): Promise<{ mill: MillRow; role: MillRole | null } | null> {
  const [row] = await hot(db).millAndStaffRole.execute({ userId, millId });
  return row ?? null;
}

export type OrderRow = typeof projects.$inferSelect;

export async function millById(db: Db, millId: number): Promise<MillRow | null> {
  const [mill] = await db.select().from(mills).where(eq(mills.id, millId));
  return mill ?? null;
}

export async function staffRole(db: Db, userId: number, millId: number): Promise<MillRole | null> {
  const [row] = await db
    .select({ role: millMembers.millRole })
    .from(millMembers)
    .where(and(eq(millMembers.millId, millId), eq(millMembers.userId, userId)));
  return row?.role ?? null;
}

export async function administersAnyMill(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ millId: millMembers.millId })
    .from(millMembers)
    .where(and(eq(millMembers.userId, userId), eq(millMembers.millRole, 'admin')))
    .limit(1);
  return row !== undefined;
}

/** The lab of a lab company as a client of a mill, with the relation's state; null when none. */
export async function clientRelation(db: Db, labCompanyId: number, millId: number) {
  const [row] = await db
    .select({
      labId: labs.id,
      confirmed: millClients.confirmed,
      blocked: sql<boolean>`${millClients.blockedByMill} or ${millClients.blockedBySystem}`,
    })
    .from(labs)
    .innerJoin(millClients, and(eq(millClients.labId, labs.id), eq(millClients.millId, millId)))
    .where(eq(labs.companyId, labCompanyId));
  return row ?? null;
}

export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return row !== undefined;
}

export async function labIdOfCompany(db: Db, companyId: number): Promise<number | null> {
  const [row] = await db.select({ id: labs.id }).from(labs).where(eq(labs.companyId, companyId));
  return row?.id ?? null;
}

export async function orderById(db: Db, orderId: number): Promise<OrderRow | null> {
  const [order] = await db.select().from(projects).where(eq(projects.id, orderId));
  return order ?? null;
}

/** The strongest role the user has in any mill whose confirmed client is the lab of this company. */
export async function staffRoleOverClientCompany(db: Db, userId: number, companyId: number): Promise<MillRole | null> {
  const rows = await db
    .select({ role: millMembers.millRole })
    .from(labs)
    .innerJoin(millClients, and(eq(millClients.labId, labs.id), eq(millClients.confirmed, true)))
    .innerJoin(millMembers, and(eq(millMembers.millId, millClients.millId), eq(millMembers.userId, userId)))
    .where(eq(labs.companyId, companyId));
  if (rows.length === 0) return null;
  return rows.some((row) => row.role === 'admin') ? 'admin' : 'user';
}

/**
 * A dealer user's dealer tenancy: its dealer (and the dealer's company) and role there, where the dealer stands in its tree
 * (parent, depth: 1 for a root) and the permissions of the dealer and of its root. One prepared
 * statement: every dealer request asks it once (access.ts), and no service asks again.
 */
export async function dealerTenancy(db: Db, userId: number) {
  const [row] = await hot(db).dealerTenancy.execute({ userId });
  return row ?? null;
}

/**
 * A dealer as a target: its parent and its own permission to use own configurations, with its
 * root's, and its materialised path (the ids from the root down to itself, schema/dealers.ts), by
 * which "in a subtree" is a look at one row instead of a walk down the tree.
 */
export async function dealerTarget(db: Db, dealerId: number) {
  const [row] = await hot(db).dealerTarget.execute({ dealerId });
  return row ?? null;
}
