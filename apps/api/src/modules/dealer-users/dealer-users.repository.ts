import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DealerUser } from '@casebridge/shared/schemas/dealers';
import type { Db } from '../../db/client.ts';
import { dealerMembers, dealers } from '../../db/schema/dealers.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Dealer users as the user management lists them: dealer_members joined with the person and the
 * dealer (read only here; users are written by modules/users, memberships by modules/dealers).
 */
export interface DealerUserListQuery {
  start: number;
  limit: number;
  sort: { field: 'created_at' | 'firstName' | 'lastName' | 'email' | 'role'; direction: 'asc' | 'desc' };
  search?: string;
  /** Only the users of this dealer. */
  dealerId?: number;
  /** Only users of dealers in this dealer's subtree; null for the whole network. */
  within: number | null;
}

const SORT = {
  created_at: users.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: dealerMembers.dealerRole,
} as const;
const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: dealerMembers.dealerRole,
  dealerId: dealers.id,
  dealerName: dealers.name,
  blocked: users.blocked,
  confirmed: users.confirmed,
};

function pattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listDealerUsers(db: Db, query: DealerUserListQuery): Promise<{ count: number; data: DealerUser[] }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.within !== null) conditions.push(sql`${dealers.path} @> array[${query.within}]::integer[]`);
  if (query.dealerId !== undefined) conditions.push(eq(dealers.id, query.dealerId));
  if (query.search) {
    const like = pattern(query.search);
    conditions.push(
      or(sql`lower(${users.firstName}) like ${like}`, sql`lower(${users.lastName}) like ${like}`, sql`${users.email} like ${like}`),
    );
  }
  const where = and(...conditions);
  const order = query.sort.direction === 'asc' ? asc(SORT[query.sort.field]) : desc(SORT[query.sort.field]);
  const from = () =>
    db
      .select(columns)
      .from(dealerMembers)
      .innerJoin(users, eq(users.id, dealerMembers.userId))
      .innerJoin(dealers, eq(dealers.id, dealerMembers.dealerId));
  const [data, [total]] = await Promise.all([
    from().where(where).orderBy(order, asc(users.id)).limit(query.limit).offset(query.start),
    db
      .select({ n: count() })
      .from(dealerMembers)
      .innerJoin(users, eq(users.id, dealerMembers.userId))
      .innerJoin(dealers, eq(dealers.id, dealerMembers.dealerId))
      .where(where),
  ]);
  return { count: total?.n ?? 0, data };
}

export async function findDealerUser(db: Db, userId: number): Promise<DealerUser | null> {
  const [row] = await db
    .select(columns)
    .from(dealerMembers)
    .innerJoin(users, eq(users.id, dealerMembers.userId))
    .innerJoin(dealers, eq(dealers.id, dealerMembers.dealerId))
    .where(eq(dealerMembers.userId, userId))
    .limit(1);
  return row ?? null;
}
