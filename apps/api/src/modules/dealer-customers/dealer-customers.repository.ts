import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { CustomerInfo } from '@casebridge/shared/schemas/dealers';
import type { Db } from '../../db/client.ts';
import { dealerCustomers, dealers } from '../../db/schema/dealers.ts';

/** The dealer_customers table; reads join the owning dealer's public id and name. */
export interface CustomerListQuery {
  start: number;
  limit: number;
  sort: { field: 'created_at' | 'customerId' | 'lastName' | 'company'; direction: 'asc' | 'desc' };
  search?: string;
}

/** Whose customers: the whole network, a dealer's subtree (path), or one dealer's own. */
export type CustomerScope = { kind: 'all' } | { kind: 'subtree'; dealerId: number } | { kind: 'own'; dealerId: number };

const SORT = { created_at: dealerCustomers.createdAt, customerId: dealerCustomers.customerCode, lastName: dealerCustomers.lastName, company: dealerCustomers.company } as const;
const columns = { customer: dealerCustomers, dealerCode: dealers.dealerCode, dealerName: dealers.name };
export type CustomerRow = typeof dealerCustomers.$inferSelect & { dealerCode: string; dealerName: string };

function scopeCondition(scope: CustomerScope): SQL | undefined {
  // The subtree is the GIN-indexed path condition (schema comment in db/schema/dealers.ts).
  if (scope.kind === 'subtree') return sql`${dealerCustomers.dealerPath} @> array[${scope.dealerId}]::integer[]`;
  if (scope.kind === 'own') return eq(dealerCustomers.dealerId, scope.dealerId);
  return undefined;
}

export async function listCustomers(db: Db, scope: CustomerScope, query: CustomerListQuery): Promise<{ count: number; data: CustomerRow[] }> {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
  if (query.search) conditions.push(sql`${dealerCustomers.searchText} like ${`%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const where = and(...conditions);
  const order = query.sort.direction === 'asc' ? asc(SORT[query.sort.field]) : desc(SORT[query.sort.field]);
  const [rows, [total]] = await Promise.all([
    db.select(columns).from(dealerCustomers).innerJoin(dealers, eq(dealers.id, dealerCustomers.dealerId)).where(where).orderBy(order, desc(dealerCustomers.id)).limit(query.limit).offset(query.start),
    db.select({ n: count() }).from(dealerCustomers).where(where),
  ]);
  return { count: total?.n ?? 0, data: rows.map((row) => ({ ...row.customer, dealerCode: row.dealerCode, dealerName: row.dealerName })) };
}

export async function findCustomer(db: Db, id: number): Promise<CustomerRow | null> {
  const [row] = await db.select(columns).from(dealerCustomers).innerJoin(dealers, eq(dealers.id, dealerCustomers.dealerId)).where(eq(dealerCustomers.id, id));
  return row ? { ...row.customer, dealerCode: row.dealerCode, dealerName: row.dealerName } : null;
}

/** Customer ids compare case-insensitively, like dealer ids. */
export async function customerCodeTaken(db: Db, code: string, exceptId: number | null): Promise<boolean> {
  const conditions = [sql`lower(${dealerCustomers.customerCode}) = ${code.toLowerCase()}`];
  if (exceptId !== null) conditions.push(ne(dealerCustomers.id, exceptId));
  const [row] = await db.select({ id: dealerCustomers.id }).from(dealerCustomers).where(and(...conditions)).limit(1);
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
  const [row] = await db.insert(dealerCustomers).values({ dealerId, ...infoColumns(info) }).returning({ id: dealerCustomers.id });
  return row!.id;
}

export async function updateCustomer(db: Db, id: number, dealerId: number, info: CustomerInfo): Promise<void> {
  await db.update(dealerCustomers).set({ dealerId, ...infoColumns(info), updatedAt: sql`now()` }).where(eq(dealerCustomers.id, id));
}
