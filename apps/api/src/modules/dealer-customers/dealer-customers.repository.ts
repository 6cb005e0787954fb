import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { CustomerInfo } from '@casebridge/shared/schemas/dealers';
import type { Db } from '../../db/client.ts';
import { dealerCustomers, dealers } from '../../db/schema/dealers.ts';
import { dealerCustomerCounts, dealerCustomerListVersions } from '../../db/schema/dealer-list-counts.ts';

/** The dealer_customers table; reads join the owning dealer's public id and name. */
export interface CustomerListQuery {
  start: number;
  limit: number;
  sort: { field: 'created_at' | 'customerId' | 'lastName' | 'company'; direction: 'asc' | 'desc' };
  search?: string;
}

export interface ListTarget {
  dealerId: number;
  version: string;
  searchVersion: string;
}

/** Whose customers: the whole network, a dealer's subtree (path), or one dealer's own. */
export type CustomerScope = { kind: 'all' } | { kind: 'subtree'; dealerId: number } | { kind: 'own'; dealerId: number };

const SORT = {
  created_at: dealerCustomers.createdAt,
  customerId: dealerCustomers.customerCode,
  lastName: dealerCustomers.lastName,
  company: dealerCustomers.company,
} as const;
const columns = { customer: dealerCustomers, dealerCode: dealers.dealerCode, dealerName: dealers.name };
export type CustomerRow = typeof dealerCustomers.$inferSelect & { dealerCode: string; dealerName: string };

function scopeCondition(scope: CustomerScope): SQL | undefined {
  // The subtree is the GIN-indexed path condition (schema comment in db/schema/dealers.ts).
  if (scope.kind === 'subtree') return sql`${dealerCustomers.dealerPath} @> array[${scope.dealerId}]::integer[]`;
  if (scope.kind === 'own') return eq(dealerCustomers.dealerId, scope.dealerId);
  return undefined;
}

function searchCondition(search: string): SQL {
  return sql`${dealerCustomers.searchText} like ${`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

/**
 * One page. The order is fully determined (the id breaks ties in the same direction), so each
 * sort walks its btree index (migration 0016) and stops after the page even when the subtree is
 * the whole network.
 */
export async function customerPage(db: Db, scope: CustomerScope, query: CustomerListQuery): Promise<CustomerRow[]> {
  const where = and(scopeCondition(scope), query.search ? searchCondition(query.search) : undefined);
  const by = query.sort.direction === 'asc' ? asc : desc;
  const rows = await db
    .select(columns)
    .from(dealerCustomers)
    .innerJoin(dealers, eq(dealers.id, dealerCustomers.dealerId))
    .where(where)
    .orderBy(by(SORT[query.sort.field]), by(dealerCustomers.id))
    .limit(query.limit)
    .offset(query.start);
  return rows.map((row) => ({ ...row.customer, dealerCode: row.dealerCode, dealerName: row.dealerName }));
}

/**
 * How many customers a search finds: a count over every match (a weak term matches tens of
 * thousands of rows), which is why the service keeps it per version.
 */
export async function countSearch(db: Db, scope: CustomerScope, search: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dealerCustomers)
    .where(and(scopeCondition(scope), searchCondition(search)));
  return row?.n ?? 0;
}

/** Without a search term: the per-dealer counts, a sum over the subtree's dealers rather than a count over its customers. */
export async function countOfScope(db: Db, scope: CustomerScope): Promise<number> {
  const total = sql<string>`coalesce(sum(${dealerCustomerCounts.customers}), 0)`;
  const query =
    scope.kind === 'all'
      ? db.select({ total }).from(dealerCustomerCounts)
      : scope.kind === 'own'
        ? db.select({ total }).from(dealerCustomerCounts).where(eq(dealerCustomerCounts.dealerId, scope.dealerId))
        : db
            .select({ total })
            .from(dealerCustomerCounts)
            .innerJoin(dealers, eq(dealers.id, dealerCustomerCounts.dealerId))
            .where(sql`${dealers.path} @> array[${scope.dealerId}]::integer[]`);
  const [row] = await query;
  return Number(row?.total ?? 0);
}

/**
 * The dealer whose customers a list shows (the one given, or the caller's own) with its tree's
 * versions, in one round trip: a cached page then costs the session check, the rule book and
 * this. `version` stamps pages, `searchVersion` a search's count (schema comment in
 * db/schema/dealer-list-counts.ts); both are '0' before the tree's first change.
 */
export async function listTarget(db: Db, dealerId: number): Promise<ListTarget | null> {
  const [row] = await db
    .select({
      dealerId: dealers.id,
      version: sql<string>`coalesce(${dealerCustomerListVersions.version}, 0)::text`,
      searchVersion: sql<string>`coalesce(${dealerCustomerListVersions.searchVersion}, 0)::text`,
    })
    .from(dealers)
    .leftJoin(dealerCustomerListVersions, eq(dealerCustomerListVersions.rootDealerId, sql`${dealers.path}[1]`))
    .where(eq(dealers.id, dealerId));
  return row ?? null;
}

export async function findCustomer(db: Db, id: number): Promise<CustomerRow | null> {
  const [row] = await db
    .select(columns)
    .from(dealerCustomers)
    .innerJoin(dealers, eq(dealers.id, dealerCustomers.dealerId))
    .where(eq(dealerCustomers.id, id));
  return row ? { ...row.customer, dealerCode: row.dealerCode, dealerName: row.dealerName } : null;
}

/** Customer ids compare case-insensitively, like dealer ids. */
export async function customerCodeTaken(db: Db, code: string, exceptId: number | null): Promise<boolean> {
  const conditions = [sql`lower(${dealerCustomers.customerCode}) = ${code.toLowerCase()}`];
  if (exceptId !== null) conditions.push(ne(dealerCustomers.id, exceptId));
  const [row] = await db
    .select({ id: dealerCustomers.id })
    .from(dealerCustomers)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

function infoColumns(info: CustomerInfo) {
  return {
    customerCode: info.customerId,
    title: info.title,
    salutation: info.salutation,
    firstName: info.firstName,
    lastName: info.lastName,
    position: info.position,
    company: info.company,
    contactInformation: info.contactInformation,
    showInfoToOutOfMaintenanceUsers: info.permissions.showInfoToOutOfMaintenanceUsers,
  };
}

export async function insertCustomer(db: Db, dealerId: number, info: CustomerInfo): Promise<number> {
  const [row] = await db
    .insert(dealerCustomers)
    .values({ dealerId, ...infoColumns(info) })
    .returning({ id: dealerCustomers.id });
  return row!.id;
}

export async function updateCustomer(db: Db, id: number, dealerId: number, info: CustomerInfo): Promise<void> {
  await db
    .update(dealerCustomers)
    .set({ dealerId, ...infoColumns(info), updatedAt: sql`now()` })
    .where(eq(dealerCustomers.id, id));
}
