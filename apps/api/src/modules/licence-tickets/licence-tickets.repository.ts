import { and, asc, count, desc, eq, inArray, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { LicenceContent } from '@casebridge/shared/schemas/licence-tickets';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { dealerCustomers, dealers, licenceTickets } from '../../db/schema/dealers.ts';
import { executePrepared } from '../../db/prepared-statement.ts';
import { mills } from '../../db/schema/mills.ts';
import { licenceTicketCounts } from '../../db/schema/dealer-list-counts.ts';
import { licenceDeskVersions } from '../../db/schema/licence-desk-versions.ts';

/** The licence_tickets table: tickets of the desktop software; an unused one is an activation key. */
export type LicenceTicketRow = typeof licenceTickets.$inferSelect;

/** Locks the ticket row for the rest of the transaction, so concurrent sign-ups with one key queue up. */
export async function lockTicketByKey(db: Db, key: string): Promise<LicenceTicketRow | null> {
  const [ticket] = await db.select().from(licenceTickets).where(eq(licenceTickets.key, key)).for('update');
  return ticket ?? null;
}

export async function setTicketUsed(db: Db, ticketId: number, millId: number): Promise<void> {
  await db
    .update(licenceTickets)
    .set({ usedByMillId: millId, usedAt: sql`now()` })
    .where(eq(licenceTickets.id, ticketId));
}

// ---- The dealers' ticket desk (issue 14) ----

/** Whose tickets: the whole network (manager) or a dealer's subtree (its path). */
export type TicketScope = { kind: 'all' } | { kind: 'subtree'; dealerId: number };

export interface TicketListQuery {
  start: number;
  limit: number;
  sort: { field: 'ticketId' | 'id' | 'licenceExpiry' | 'maintenanceExpiry' | 'dealer' | 'customer'; direction: 'asc' | 'desc' };
  search?: string;
  dealerId?: number;
  archived: 'all' | 'active' | 'archived';
}

export interface DeskRow {
  id: number;
  key: string;
  dealerId: number | null;
  dealerCode: string | null;
  dealerName: string | null;
  dealerParentId: number | null;
  customerId: number | null;
  customerCode: string | null;
  customerCompany: string | null;
  customerLastName: string | null;
  externalCustomerId: string;
  description: string;
  archived: boolean;
  licenceExpiry: string | null;
  maintenanceExpiry: string | null;
  productText: string;
  hasContent: boolean;
  /** Whole days from today (UTC) to the licence expiry; null without one. */
  expiryInDays: number | null;
  /** The mill this ticket signed up as an activation key, and its name (its company's); null while unused. */
  signedUpMillId: number | null;
  signedUpMillName: string | null;
}

/** `ticketId` is the 5×5 key (spec §2's default sort, walked in its unique index); `id` the row. */
const SORT = {
  ticketId: licenceTickets.key,
  id: licenceTickets.id,
  licenceExpiry: licenceTickets.licenceExpiry,
  maintenanceExpiry: licenceTickets.maintenanceExpiry,
  dealer: dealers.name,
  customer: dealerCustomers.company,
} as const;

/** Whole days from `today` to the licence expiry. */
function daysToExpiry(today: SQL) {
  return sql<number | null>`(${licenceTickets.licenceExpiry} - ${today})`;
}

const deskColumns = {
  id: licenceTickets.id,
  key: licenceTickets.key,
  dealerId: licenceTickets.dealerId,
  dealerCode: dealers.dealerCode,
  dealerName: dealers.name,
  dealerParentId: dealers.parentId,
  customerId: licenceTickets.customerId,
  customerCode: dealerCustomers.customerCode,
  customerCompany: dealerCustomers.company,
  customerLastName: dealerCustomers.lastName,
  externalCustomerId: licenceTickets.externalCustomerId,
  description: licenceTickets.description,
  archived: sql<boolean>`${licenceTickets.archivedAt} is not null`,
  licenceExpiry: licenceTickets.licenceExpiry,
  maintenanceExpiry: licenceTickets.maintenanceExpiry,
  productText: licenceTickets.productText,
  hasContent: sql<boolean>`${licenceTickets.content} is not null`,
  expiryInDays: daysToExpiry(sql`(now() at time zone 'utc')::date`),
  // The signed-up mill is joined by primary keys (mills.id, then companies.id): an index lookup
  // per row of the page only, no query per row; no index on used_by_mill_id is needed, because
  // nothing filters or sorts tickets by their mill.
  signedUpMillId: licenceTickets.usedByMillId,
  signedUpMillName: companies.name,
};

/** The subtree is the GIN-indexed path condition (schema comment in db/schema/dealers.ts). */
function scopeCondition(scope: TicketScope): SQL | undefined {
  return scope.kind === 'subtree' ? sql`${licenceTickets.dealerPath} @> array[${scope.dealerId}]::integer[]` : undefined;
}

const searchedCustomers = alias(dealerCustomers, 'searched_customers');

function escapeLike(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A search term finds a ticket by its own search text or by what its row shows of its customer: the
 * customer id, company and last name. Those are the customer columns whose change moves the desk's
 * stamp (migration 0025), so a kept search answer never outlives a rename. The customers' trigram
 * index (dealer_customers_search_idx) picks the candidates; their ids, one array, then meet
 * licence_tickets_customer_idx, so the term costs no join and no scan of either table.
 */
export function deskSearchCondition(search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  // Apart from the desk's own join of dealer_customers, which the sort by customer uses.
  const c = searchedCustomers;
  const shownOfCustomer = sql`lower(${c.customerCode} || ' ' || ${c.company} || ' ' || ${c.lastName})`;
  const customerIds = new QueryBuilder()
    .select({ id: c.id })
    .from(c)
    .where(and(like(c.searchText, pattern), like(shownOfCustomer, pattern)));
  return sql`(${licenceTickets.searchText} like ${pattern} or ${licenceTickets.customerId} = any(array(${customerIds})))`;
}

function deskConditions(scope: TicketScope, query: Pick<TicketListQuery, 'search' | 'dealerId' | 'archived'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
  if (query.dealerId !== undefined) conditions.push(sql`${licenceTickets.dealerPath} @> array[${query.dealerId}]::integer[]`);
  if (query.search) conditions.push(deskSearchCondition(query.search));
  if (query.archived === 'active') conditions.push(isNull(licenceTickets.archivedAt));
  if (query.archived === 'archived') conditions.push(isNotNull(licenceTickets.archivedAt));
  return and(...conditions);
}

/**
 * The ids of one page, in order. The joins are there for the dealer and customer sorts only; the
 * planner drops them for the others and walks the sort's index (licence expiry: its btree), so a
 * page costs its rows and the offset, whatever the search.
 */
export async function deskPageIds(db: Db, scope: TicketScope, query: TicketListQuery): Promise<number[]> {
  const column = SORT[query.sort.field];
  // Nulls (no expiry, no customer) go last either way; the id breaks ties so pages never overlap.
  const order = query.sort.direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const rows = await db
    .select({ id: licenceTickets.id })
    .from(licenceTickets)
    .leftJoin(dealers, eq(dealers.id, licenceTickets.dealerId))
    .leftJoin(dealerCustomers, eq(dealerCustomers.id, licenceTickets.customerId))
    .where(deskConditions(scope, query))
    .orderBy(order, query.sort.direction === 'asc' ? asc(licenceTickets.id) : desc(licenceTickets.id))
    .limit(query.limit)
    .offset(query.start);
  return rows.map((row) => row.id);
}

/**
 * The desk rows of `ids`, in that order, with names of dealers, customers and mills as they are
 * now and the days to expiry counted from `today` (YYYY-MM-DD, UTC; the date the answer is kept under).
 */
export async function deskRowsByIds(db: Db, ids: number[], today: string): Promise<DeskRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...deskColumns, expiryInDays: daysToExpiry(sql`${today}::date`) })
    .from(licenceTickets)
    .leftJoin(dealers, eq(dealers.id, licenceTickets.dealerId))
    .leftJoin(dealerCustomers, eq(dealerCustomers.id, licenceTickets.customerId))
    .leftJoin(mills, eq(mills.id, licenceTickets.usedByMillId))
    .leftJoin(companies, eq(companies.id, mills.companyId))
    .where(inArray(licenceTickets.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The count of a search: over every match, so the service keeps it per desk version. */
export async function countDeskSearch(
  db: Db,
  scope: TicketScope,
  query: Pick<TicketListQuery, 'search' | 'dealerId' | 'archived'>,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(licenceTickets).where(deskConditions(scope, query));
  return row?.n ?? 0;
}

/**
 * The whole network's desk stamp (the manager's scope): the sum of every tree's counter
 * (db/schema/licence-desk-versions.ts), which moves with every change any desk row shows.
 */
export async function networkDeskVersion(db: Db): Promise<string> {
  const [row] = await executePrepared<{ stamp: string }>(
    db,
    sql`select coalesce(sum(${licenceDeskVersions.version}), 0)::text as stamp from ${licenceDeskVersions}`,
    'desk_version',
  );
  return row?.stamp ?? '0';
}

/**
 * The stamp of a tree's desks, by its root (the caller's dealer tenancy names it): a desk answer
 * from the cache costs the session, the access rule and this.
 */
export async function dealerDeskVersion(db: Db, rootDealerId: number): Promise<string> {
  const [row] = await executePrepared<{ stamp: string }>(
    db,
    sql`select coalesce((select version from ${licenceDeskVersions} where root_dealer_id = ${rootDealerId}), 0)::text as stamp`,
    'desk_version',
  );
  return row?.stamp ?? '0';
}

/**
 * The unsearched count, from the per-dealer counts (migration 0016): a sum over the dealers of the
 * subtree (or all of them) in the archive state asked for, instead of a count over the tickets.
 */
export async function countOfDesk(db: Db, subtreeOf: number | null, archived: TicketListQuery['archived']): Promise<number> {
  const conditions: (SQL | undefined)[] = [];
  if (archived !== 'all') conditions.push(eq(licenceTicketCounts.archived, archived === 'archived'));
  if (subtreeOf !== null)
    conditions.push(
      sql`${licenceTicketCounts.dealerId} in (select ${dealers.id} from ${dealers} where ${dealers.path} @> array[${subtreeOf}]::integer[])`,
    );
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${licenceTicketCounts.tickets}), 0)` })
    .from(licenceTicketCounts)
    .where(and(...conditions));
  return Number(row?.total ?? 0);
}

export async function findDeskTicket(db: Db, id: number): Promise<DeskRow | null> {
  const [row] = await db
    .select(deskColumns)
    .from(licenceTickets)
    .leftJoin(dealers, eq(dealers.id, licenceTickets.dealerId))
    .leftJoin(dealerCustomers, eq(dealerCustomers.id, licenceTickets.customerId))
    .leftJoin(mills, eq(mills.id, licenceTickets.usedByMillId))
    .leftJoin(companies, eq(companies.id, mills.companyId))
    .where(eq(licenceTickets.id, id));
  return row ?? null;
}

/** The dealers of a scope that own at least one ticket, for the desk's dealer filter. */
export async function dealersWithTickets(db: Db, scope: TicketScope): Promise<{ id: number; dealerCode: string; name: string }[]> {
  const scoped = scope.kind === 'subtree' ? sql`and ${dealers.path} @> array[${scope.dealerId}]::integer[]` : sql``;
  return db
    .select({ id: dealers.id, dealerCode: dealers.dealerCode, name: dealers.name })
    .from(dealers)
    .where(sql`exists (select 1 from ${licenceTickets} where ${licenceTickets.dealerId} = ${dealers.id}) ${scoped}`)
    .orderBy(asc(dealers.name), asc(dealers.id));
}

export async function setTicketCustomer(db: Db, id: number, customerId: number | null): Promise<void> {
  await db
    .update(licenceTickets)
    .set({ customerId, updatedAt: sql`now()` })
    .where(eq(licenceTickets.id, id));
}

/** One statement: the new dealer, its path (trigger), and no customer (spec §4). */
export async function moveTicket(db: Db, id: number, dealerId: number): Promise<void> {
  await db
    .update(licenceTickets)
    .set({ dealerId, customerId: null, updatedAt: sql`now()` })
    .where(eq(licenceTickets.id, id));
}

export async function setTicketExternal(db: Db, id: number, externalCustomerId: string, description: string): Promise<void> {
  await db
    .update(licenceTickets)
    .set({ externalCustomerId, description, updatedAt: sql`now()` })
    .where(eq(licenceTickets.id, id));
}

/**
 * Archives or unarchives the tickets among `ids` that lie in the scope and are not in that state
 * yet; returns those that changed, with their dealers. Ids outside the scope are skipped silently, like missing ones.
 */
export async function archiveTickets(
  db: Db,
  scope: TicketScope,
  ids: number[],
  archived: boolean,
): Promise<{ id: number; dealerId: number | null }[]> {
  const changed = await db
    .update(licenceTickets)
    .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
    .where(
      and(
        inArray(licenceTickets.id, ids),
        scopeCondition(scope),
        archived ? isNull(licenceTickets.archivedAt) : isNotNull(licenceTickets.archivedAt),
      ),
    )
    .returning({ id: licenceTickets.id, dealerId: licenceTickets.dealerId });
  return changed;
}

export async function ticketContentByKey(db: Db, key: string): Promise<{ id: number; content: LicenceContent | null } | null> {
  const [row] = await db
    .select({ id: licenceTickets.id, content: licenceTickets.content })
    .from(licenceTickets)
    .where(eq(licenceTickets.key, key));
  return row ?? null;
}

export async function ticketContentById(db: Db, id: number): Promise<{ key: string; content: LicenceContent | null } | null> {
  const [row] = await db
    .select({ key: licenceTickets.key, content: licenceTickets.content })
    .from(licenceTickets)
    .where(eq(licenceTickets.id, id));
  return row ?? null;
}

/** The row id of a ticket key (keys are stored upper case), for the dealer's lookup by key. */
export async function ticketIdByKey(db: Db, key: string): Promise<number | null> {
  const [row] = await db.select({ id: licenceTickets.id }).from(licenceTickets).where(eq(licenceTickets.key, key));
  return row?.id ?? null;
}

/** The ticket's assigned customer and its stored content: what the registration record is made of. */
export async function ticketRegistrationSource(db: Db, id: number) {
  const [row] = await db
    .select({
      customerId: licenceTickets.customerId,
      content: licenceTickets.content,
      productText: licenceTickets.productText,
      salutation: dealerCustomers.salutation,
      firstName: dealerCustomers.firstName,
      lastName: dealerCustomers.lastName,
      position: dealerCustomers.position,
      company: dealerCustomers.company,
      contact: dealerCustomers.contactInformation,
    })
    .from(licenceTickets)
    .leftJoin(dealerCustomers, eq(dealerCustomers.id, licenceTickets.customerId))
    .where(eq(licenceTickets.id, id));
  return row ?? null;
}

/** Dealer ids by their public code, compared case-insensitively like everywhere else. */
export async function dealerIdsByCode(db: Db, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const lowered = [...new Set(codes.map((code) => code.toLowerCase()))];
  const rows = await db
    .select({ id: dealers.id, code: dealers.dealerCode })
    .from(dealers)
    .where(sql`lower(${dealers.dealerCode}) = any(${sql.param(lowered)}::text[])`);
  return new Map(rows.map((row) => [row.code.toLowerCase(), row.id]));
}

export interface PushedTicketRow {
  key: string;
  dealerId: number;
  content: LicenceContent;
}

/** The columns copied out of the content (schema comment): written with it, every time. */
function contentColumns(content: LicenceContent) {
  const info = content.mainProductInfo;
  return { content, productText: info.productName, licenceExpiry: info.licenseExp, maintenanceExpiry: info.maintenanceExp };
}

/**
 * Inserts new keys and refreshes known ones in one statement. A known ticket keeps its customer
 * unless the licence server gives it to another dealer; `xmax = 0` tells an insert from an update.
 */
export async function upsertPushedTickets(db: Db, rows: PushedTicketRow[]): Promise<{ created: number; updated: number }> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  const result = await db
    .insert(licenceTickets)
    .values(rows.map((row) => ({ key: row.key, dealerId: row.dealerId, ...contentColumns(row.content) })))
    .onConflictDoUpdate({
      target: licenceTickets.key,
      set: {
        dealerId: sql`excluded.dealer_id`,
        customerId: sql`case when ${licenceTickets.dealerId} is distinct from excluded.dealer_id then null else ${licenceTickets.customerId} end`,
        content: sql`excluded.content`,
        productText: sql`excluded.product_text`,
        licenceExpiry: sql`excluded.licence_expiry`,
        maintenanceExpiry: sql`excluded.maintenance_expiry`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const created = result.filter((row) => row.inserted).length;
  return { created, updated: result.length - created };
}
