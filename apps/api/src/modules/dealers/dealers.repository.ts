import { and, asc, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DealerRole } from '@casebridge/shared/constants/roles';
import type { Db } from '../../db/client.ts';
import { dealerMembers, dealers } from '../../db/schema/dealers.ts';

/** The dealers and dealer_members tables (the reseller tree and its users). */
export interface DealerMembership {
  id: number;
  companyId: number;
  parentId: number | null;
  dealerRole: DealerRole;
  /** The dealer may use its own configurations: its own permission and, for a sub-dealer, its root's too (spec §6). */
  ownConfigurationsAllowed: boolean;
}

export type DealerRow = typeof dealers.$inferSelect;
export type NewDealerRow = typeof dealers.$inferInsert;
export type DealerWithParent = DealerRow & { parentName: string | null };

const parent = alias(dealers, 'parent');
const root = alias(dealers, 'root');

export async function findDealerOfUser(db: Db, userId: number): Promise<DealerMembership | null> {
  const [row] = await db
    .select({
      id: dealers.id,
      companyId: dealers.companyId,
      parentId: dealers.parentId,
      dealerRole: dealerMembers.dealerRole,
      ownConfigurationsAllowed: sql<boolean>`${dealers.ownConfigurationsAllowed} and ${root.ownConfigurationsAllowed}`,
    })
    .from(dealerMembers)
    .innerJoin(dealers, eq(dealers.id, dealerMembers.dealerId))
    // The path starts at the root (a root's path is itself).
    .innerJoin(root, eq(root.id, sql`${dealers.path}[1]`))
    .where(eq(dealerMembers.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function findDealer(db: Db, id: number): Promise<DealerWithParent | null> {
  const [row] = await db
    .select({ dealer: dealers, parentName: parent.name })
    .from(dealers)
    .leftJoin(parent, eq(parent.id, dealers.parentId))
    .where(eq(dealers.id, id));
  return row ? { ...row.dealer, parentName: row.parentName } : null;
}

export interface DealerListQuery {
  start: number;
  limit: number;
  sort: { field: 'created_at' | 'dealerId' | 'name' | 'email'; direction: 'asc' | 'desc' };
  search?: string;
}

const SORT = { created_at: dealers.createdAt, dealerId: dealers.dealerCode, name: dealers.name, email: dealers.email } as const;
const summary = {
  id: dealers.id,
  dealerId: dealers.dealerCode,
  name: dealers.name,
  email: dealers.email,
  userId: dealers.userId,
  parentDealerId: dealers.parentId,
  parentDealerCode: parent.dealerCode,
};

export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `within`: a dealer id whose subtree (itself included) limits the list; null for the whole network. */
export async function listDealers(db: Db, within: number | null, query: DealerListQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (within !== null) conditions.push(sql`${dealers.path} @> array[${within}]::integer[]`);
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        sql`lower(${dealers.dealerCode}) like ${pattern}`,
        sql`lower(${dealers.name}) like ${pattern}`,
        sql`lower(${dealers.email}) like ${pattern}`,
      ),
    );
  }
  const where = and(...conditions);
  const order = query.sort.direction === 'asc' ? asc(SORT[query.sort.field]) : desc(SORT[query.sort.field]);
  const [data, [total]] = await Promise.all([
    db
      .select(summary)
      .from(dealers)
      .leftJoin(parent, eq(parent.id, dealers.parentId))
      .where(where)
      .orderBy(order, asc(dealers.id))
      .limit(query.limit)
      .offset(query.start),
    db.select({ n: count() }).from(dealers).where(where),
  ]);
  return { count: total?.n ?? 0, data };
}

/** Every dealer below `id` (not itself), parents before their children. */
export async function listBelow(db: Db, id: number) {
  return db
    .select(summary)
    .from(dealers)
    .leftJoin(parent, eq(parent.id, dealers.parentId))
    .where(and(sql`${dealers.path} @> array[${id}]::integer[]`, ne(dealers.id, id)))
    .orderBy(asc(dealers.path));
}

/** Whether `id` is `rootId` or below it (the materialised path, one GIN lookup). */
export async function isInSubtree(db: Db, rootId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(and(eq(dealers.id, id), sql`${dealers.path} @> array[${rootId}]::integer[]`));
  return row !== undefined;
}

export async function insertDealer(db: Db, values: NewDealerRow): Promise<DealerRow> {
  const [row] = await db.insert(dealers).values(values).returning();
  return row!;
}

export async function updateDealerRow(db: Db, id: number, values: Partial<NewDealerRow>): Promise<void> {
  await db.update(dealers).set(values).where(eq(dealers.id, id));
}

/** Another dealer with this public id (case-insensitive: D-1 and d-1 read the same on paper). */
export async function dealerCodeTaken(db: Db, code: string, exceptId: number | null): Promise<boolean> {
  const conditions = [sql`lower(${dealers.dealerCode}) = ${code.toLowerCase()}`];
  if (exceptId !== null) conditions.push(ne(dealers.id, exceptId));
  const [row] = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

// Membership: which users work for which dealer.

export async function insertMember(db: Db, member: { dealerId: number; userId: number; dealerRole: DealerRole }): Promise<void> {
  await db
    .insert(dealerMembers)
    .values(member)
    .onConflictDoUpdate({ target: [dealerMembers.dealerId, dealerMembers.userId], set: { dealerRole: member.dealerRole } });
}

export async function deleteMembershipsOf(db: Db, userId: number): Promise<{ dealerId: number; dealerRole: DealerRole }[]> {
  return db
    .delete(dealerMembers)
    .where(eq(dealerMembers.userId, userId))
    .returning({ dealerId: dealerMembers.dealerId, dealerRole: dealerMembers.dealerRole });
}

export async function moveMember(db: Db, userId: number, dealerId: number, dealerRole: DealerRole): Promise<void> {
  await db.update(dealerMembers).set({ dealerId, dealerRole }).where(eq(dealerMembers.userId, userId));
}

/** A dealer and every dealer below it, by the materialised path's GIN index. */
export async function dealerIdsOfSubtree(db: Db, rootId: number): Promise<number[]> {
  const rows = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(sql`${dealers.path} @> array[${rootId}]::int[]`);
  return rows.map((row) => row.id);
}
