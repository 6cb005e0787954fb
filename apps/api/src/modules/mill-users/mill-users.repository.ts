import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { MillRole } from '@casebridge/shared/constants/roles';
import type { MillUser } from '@casebridge/shared/schemas/mill-users';
import type { Db } from '../../db/client.ts';
import { millMembers } from '../../db/schema/mills.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The mill_members table. The staff list shows, sorts and searches by the person's name and
 * address, so its reads join the users table (read only; users are written by modules/users).
 */
export interface MillUserListQuery {
  start: number;
  limit: number;
  sort: { field: 'created_at' | 'firstName' | 'lastName' | 'email' | 'millRole'; direction: 'asc' | 'desc' };
  search?: string;
  millRole?: MillRole;
}

const SORT = {
  created_at: millMembers.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  millRole: millMembers.millRole,
} as const;
const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  millRole: millMembers.millRole,
  confirmed: users.confirmed,
};

export async function listMembers(db: Db, millId: number, query: MillUserListQuery): Promise<{ count: number; data: MillUser[] }> {
  const conditions: (SQL | undefined)[] = [eq(millMembers.millId, millId)];
  if (query.millRole) conditions.push(eq(millMembers.millRole, query.millRole));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern)));
  }
  const where = and(...conditions);
  const order = query.sort.direction === 'asc' ? asc(SORT[query.sort.field]) : desc(SORT[query.sort.field]);
  const [data, [total]] = await Promise.all([
    db
      .select(columns)
      .from(millMembers)
      .innerJoin(users, eq(users.id, millMembers.userId))
      .where(where)
      .orderBy(order, asc(users.id))
      .limit(query.limit)
      .offset(query.start),
    db.select({ n: count() }).from(millMembers).innerJoin(users, eq(users.id, millMembers.userId)).where(where),
  ]);
  return { count: total?.n ?? 0, data };
}

export async function findMember(db: Db, millId: number, userId: number): Promise<MillUser | null> {
  const [row] = await db
    .select(columns)
    .from(millMembers)
    .innerJoin(users, eq(users.id, millMembers.userId))
    .where(and(eq(millMembers.millId, millId), eq(millMembers.userId, userId)));
  return row ?? null;
}

/** False when the person is a member already (the primary key lets one in). */
export async function insertMember(db: Db, member: { millId: number; userId: number; millRole: MillRole }): Promise<boolean> {
  const inserted = await db.insert(millMembers).values(member).onConflictDoNothing().returning({ userId: millMembers.userId });
  return inserted.length > 0;
}

export async function setMemberRole(db: Db, millId: number, userId: number, millRole: MillRole): Promise<void> {
  await db
    .update(millMembers)
    .set({ millRole })
    .where(and(eq(millMembers.millId, millId), eq(millMembers.userId, userId)));
}

export async function deleteMember(db: Db, millId: number, userId: number): Promise<void> {
  await db.delete(millMembers).where(and(eq(millMembers.millId, millId), eq(millMembers.userId, userId)));
}

export async function membershipsOf(db: Db, userId: number): Promise<{ millId: number; millRole: MillRole }[]> {
  return db
    .select({ millId: millMembers.millId, millRole: millMembers.millRole })
    .from(millMembers)
    .where(eq(millMembers.userId, userId))
    .orderBy(asc(millMembers.millId));
}

// Needed by notifications (engineer B): who hears of a mill's new orders and messages.
export async function memberUserIds(db: Db, millId: number): Promise<number[]> {
  const rows = await db.select({ userId: millMembers.userId }).from(millMembers).where(eq(millMembers.millId, millId));
  return rows.map((row) => row.userId);
}

// Needed by orders (the orders area's engineer): whom an order can be handed to.
export async function activeMemberNames(db: Db, millId: number): Promise<{ id: number; firstName: string; lastName: string }[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(millMembers)
    .innerJoin(users, eq(users.id, millMembers.userId))
    .where(and(eq(millMembers.millId, millId), eq(users.blocked, false)))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/**
 * The mills this user administers where no other administrator (not blocked) remains. The mills'
 * admin rows are locked first, so two admins of one mill deleting their accounts at once cannot
 * both see the other and leave the mill without one.
 */
export async function millsOnlyAdministeredBy(db: Db, userId: number): Promise<number[]> {
  const { rows } = await db.execute<{ mill_id: number }>(sql`
    with mine as (select mill_id from mill_members where user_id = ${userId} and mill_role = 'admin'),
    locked as (
      select m.mill_id, m.user_id from mill_members m
      where m.mill_id in (select mill_id from mine) and m.mill_role = 'admin'
      for update of m
    )
    select mine.mill_id from mine
    where not exists (
      select 1 from locked l join users u on u.id = l.user_id
      where l.mill_id = mine.mill_id and l.user_id <> ${userId} and not u.blocked
    )
    order by mine.mill_id`);
  return rows.map((row) => Number(row.mill_id));
}

export async function deleteMembershipsOf(db: Db, userId: number): Promise<{ millId: number; millRole: MillRole }[]> {
  return db
    .delete(millMembers)
    .where(eq(millMembers.userId, userId))
    .returning({ millId: millMembers.millId, millRole: millMembers.millRole });
}
