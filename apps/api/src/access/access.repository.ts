import { and, eq, sql } from 'drizzle-orm';
import type { MillRole } from '@casebridge/shared/constants/roles';
import type { Db } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared-statement.ts';
import { companies } from '../db/schema/companies.ts';
import { dealerMembers } from '../db/schema/dealers.ts';
import { labs, millClients } from '../db/schema/labs.ts';
import { millMembers, mills } from '../db/schema/mills.ts';
import { projects } from '../db/schema/orders.ts';
import { users } from '../db/schema/users.ts';

/**
 * The membership lookups the rule book decides on. They only read the tables that say who
 * belongs where (mill staff, mill clients, dealer members, an order's mill and lab); those tables
 * are written by their features' repositories. Each lookup is one indexed query.
 */
export type MillRow = typeof mills.$inferSelect;
export type SessionUser = typeof users.$inferSelect;

/**
 * The lookups every mill or dealer request makes run as named prepared statements: PostgreSQL parses
 * and plans them once per connection (ADR 0005: they are most of a cached orders page's cost).
 */
function prepareHotLookups(db: Db) {
  return {
    sessionUser: db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('access_session_user'),
    millAndStaffRole: db
      .select({ mill: mills, role: millMembers.millRole })
      .from(mills)
      .leftJoin(millMembers, and(eq(millMembers.millId, mills.id), eq(millMembers.userId, sql.placeholder('userId'))))
      .where(eq(mills.id, sql.placeholder('millId')))
      .prepare('access_mill_and_staff_role'),
    dealerMembership: db
      .select({ dealerId: dealerMembers.dealerId, role: dealerMembers.dealerRole })
      .from(dealerMembers)
      .where(eq(dealerMembers.userId, sql.placeholder('userId')))
      .limit(1)
      .prepare('access_dealer_membership'),
  };
}

const hot = preparedPerDatabase(prepareHotLookups);

/** The user a session token names, as the session check reads it. */
export async function sessionUserById(db: Db, userId: number): Promise<SessionUser | null> {
  const [user] = await hot(db).sessionUser.execute({ userId });
  return user ?? null;
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

/** A dealer user's dealer and role there; prepared, as every dealer request asks it. */
export async function dealerMembership(db: Db, userId: number) {
  const [row] = await hot(db).dealerMembership.execute({ userId });
  return row ?? null;
}

/**
 * Whether `dealerId` is `rootId` or below it in the dealer tree: its materialised path (the ids
 * from the root down to itself, schema/dealers.ts) names `rootId`. One index lookup by primary
 * key, instead of walking the tree down from `rootId`, which for a root dealer visits all 500
 * dealers of a large network on every request.
 */
export async function dealerInSubtree(db: Db, rootId: number, dealerId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from dealers where id = ${dealerId} and path @> array[${rootId}]::integer[]) as found`);
  return rows[0]?.found === true;
}

export async function dealerExists(db: Db, dealerId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`select exists (select 1 from dealers where id = ${dealerId}) as found`);
  return rows[0]?.found === true;
}
