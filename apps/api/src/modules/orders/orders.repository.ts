import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { sessionAgeOf } from '../../access/access.repository.ts';
import type { ComponentStatus } from '@casebridge/shared/constants/orders';
import type { Order } from '@casebridge/shared/schemas/orders';
import type { Db } from '../../db/client.ts';
import { millMembers, mills } from '../../db/schema/mills.ts';
import { components, orderListVersions, projects } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { fileUrl } from '../../lib/file-url.ts';
import { executePrepared, preparedPerDatabase } from '../../db/prepared-statement.ts';

/** The orders' tables: projects (orders), components, and the list's counters and versions. */
export type OrderRow = typeof projects.$inferSelect;
export type ComponentRow = typeof components.$inferSelect;

export interface OrderFilters {
  millId: number;
  labId?: number;
  /** Component statuses an order must have at least one of. */
  statuses?: string[];
  client?: number;
  responsible?: number | 'none';
  search?: string;
}

export interface OrderPage {
  start: number;
  limit: number;
  sort: { field: 'created_at' | 'name' | 'id'; direction: 'asc' | 'desc' };
}

const SORT_SQL = { created_at: sql`p.created_at`, name: sql`p.name`, id: sql`p.id` } as const;

/** The bits of projects.status_mask, kept by the triggers of migration 0005. */
const STATUS_BITS: Record<string, number> = { Open: 1, Downloaded: 2, Closed: 4 };

function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE of both the page and the count, so the total always matches the filters. */
function whereOf(f: OrderFilters): SQL {
  const parts: SQL[] = [sql`p.submitted_at is not null`, sql`p.mill_id = ${f.millId}`];
  if (f.labId !== undefined) parts.push(sql`p.lab_id = ${f.labId}`);
  if (f.client !== undefined) parts.push(sql`p.lab_id = ${f.client}`);
  if (f.responsible === 'none') parts.push(sql`p.responsible_id is null`);
  else if (f.responsible !== undefined) parts.push(sql`p.responsible_id = ${f.responsible}`);
  if (f.statuses?.length) {
    // Written out per status so PostgreSQL can use the matching partial index.
    const bits = f.statuses.map((status) => sql`p.status_mask & ${sql.raw(String(STATUS_BITS[status] ?? 0))} <> 0`);
    parts.push(sql`(${sql.join(bits, sql` or `)})`);
  }
  if (f.search) parts.push(sql`p.search_text like ${likePattern(f.search)}`);
  return sql.join(parts, sql` and `);
}

interface OrderListRow extends Record<string, unknown> {
  id: number;
  total: number;
  name: string;
  created_at: Date;
  is_deleted: boolean;
  mill_id: number;
  lab_id: number;
  lab_name: string;
  lab_logo: string | null;
  responsible: { id: number; firstName: string; lastName: string } | null;
  messages: number;
  new_messages: number;
  components: Order['components'] | null;
}

/**
 * One round trip for a page: the ids of the page by index order, then each order's components,
 * counts and names through correlated subqueries on indexed columns, and the total: the mill's
 * counter when unfiltered, else a count on the same filters (an uncorrelated subquery, run once).
 *
 * The one statement that reads other features' tables (files, messages and read marks for the
 * counts; the lab's company and the responsible person for names), read-only: a page must be one
 * statement (ADR 0005), and asking each owner per page would multiply the list's round trips.
 */
export async function listOrders(
  db: Db,
  viewerId: number,
  filters: OrderFilters,
  page: OrderPage,
): Promise<{ count: number; data: Order[] }> {
  const where = whereOf(filters);
  // The unfiltered list of a mill reads its total from the counter the triggers keep.
  const unfiltered =
    filters.labId === undefined &&
    filters.client === undefined &&
    filters.responsible === undefined &&
    !filters.statuses?.length &&
    !filters.search;
  const totalSql = unfiltered
    ? sql`(select coalesce((select submitted from mill_order_counts where mill_id = ${filters.millId}), 0))`
    : sql`(select count(*)::int from projects p where ${where})`;
  // Null placement matches the index (created_at desc nulls last), so it serves the ORDER BY
  // in both directions without a sort.
  const direction = page.sort.direction === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  // A search matches few orders through the GIN index but costs a large index scan: do it once
  // and take both the page and the total from its result.
  const pageSource = filters.search
    ? sql`
    with hits as materialized (select p.id, p.name, p.created_at from projects p where ${where}),
    page as (
      select p.id from hits p
      order by ${SORT_SQL[page.sort.field]} ${direction}, p.id ${direction}
      limit ${page.limit} offset ${page.start}
    )`
    : sql`
    with page as (
      select p.id from projects p
      where ${where}
      order by ${SORT_SQL[page.sort.field]} ${direction}, p.id ${direction}
      limit ${page.limit} offset ${page.start}
    )`;
  const totalOfPage = filters.search ? sql`(select count(*)::int from hits)` : totalSql;
  const pageQuery = sql`
    ${pageSource}
    select p.id, p.name, p.created_at, p.is_deleted, p.mill_id, p.lab_id,
      ${totalOfPage} as total,
      lc.name as lab_name, lc.logo_path as lab_logo,
      case when r.id is null then null else json_build_object('id', r.id, 'firstName', r.first_name, 'lastName', r.last_name) end as responsible,
      (select count(*)::int from messages m where m.project_id = p.id) as messages,
      (select count(*)::int from messages m where m.project_id = p.id and m.author_id is distinct from ${viewerId}
         and not exists (select 1 from message_reads mr where mr.message_id = m.id and mr.user_id = ${viewerId})) as new_messages,
      (select json_agg(json_build_object(
          'id', c.id, 'name', c.name, 'displayName', c.name, 'status', c.status,
          'documentsCount', (select count(*)::int from component_files f where f.component_id = c.id and f.kind = 'document'),
          'downloadsCount', (select count(*)::int from component_files f where f.component_id = c.id and f.kind = 'download')
        ) order by c.id) from components c where c.project_id = p.id) as components
    from page
    join projects p on p.id = page.id
    join labs l on l.id = p.lab_id
    join companies lc on lc.id = l.company_id
    left join users r on r.id = p.responsible_id
    order by ${SORT_SQL[page.sort.field]} ${direction}, p.id ${direction}
  `;
  // The total rides along with the page (one round trip); only a page past the end asks again.
  // A search pattern is planned for its value each time; everything else reuses its plan.
  const rows = filters.search
    ? (await db.execute<OrderListRow>(pageQuery)).rows
    : await executePrepared<OrderListRow>(db, pageQuery, 'orders_list');
  const total = rows[0]?.total ?? (await db.execute<{ n: number }>(sql`select ${totalSql}::int as n`)).rows[0]?.n ?? 0;
  return { count: total, data: rows.map(toOrderDto) };
}

function toOrderDto(row: OrderListRow): Order {
  return {
    id: row.id,
    name: row.name,
    created_at: new Date(row.created_at).toISOString(),
    isDeleted: row.is_deleted,
    millId: row.mill_id,
    labId: row.lab_id,
    client: { id: row.lab_id, name: row.lab_name },
    author: { companyName: row.lab_name, logo: fileUrl(row.lab_logo) },
    responsible: row.responsible,
    messages: row.messages,
    newMessages: row.new_messages,
    components: row.components ?? [],
  };
}

/**
 * The mill's orders-list version (migration 0008) plus row 0's (names and logos of any mill).
 * It is read on every list request, cache hit or not, so it is a named prepared statement.
 */
function prepareListVersion(db: Db) {
  return db
    .select({ version: sql<string>`coalesce(sum(${orderListVersions.version}), 0)::text` })
    .from(orderListVersions)
    .where(sql`${orderListVersions.millId} in (0, ${sql.placeholder('millId')})`)
    .prepare('order_list_version');
}

/**
 * What a cached list hit needs, in one round trip (ADR 0005): the session's user, their staff
 * role in the mill and the mill (read-only joins, decided on by access/), and the list version.
 */
function prepareSessionAndVersion(db: Db) {
  return db
    .select({
      user: users,
      sessionAge: sessionAgeOf(sql.placeholder('sessionId')),
      staffRole: millMembers.millRole,
      mill: mills,
      version: sql<string>`(select coalesce(sum(${orderListVersions.version}), 0)::text from ${orderListVersions} where ${orderListVersions.millId} in (0, ${sql.placeholder('millId')}))`,
    })
    .from(users)
    .leftJoin(mills, eq(mills.id, sql.placeholder('millId')))
    .leftJoin(millMembers, and(eq(millMembers.userId, users.id), eq(millMembers.millId, mills.id)))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('order_list_session_and_version');
}

const sessionAndVersionStatement = preparedPerDatabase(prepareSessionAndVersion);
const listVersionStatement = preparedPerDatabase(prepareListVersion);

export async function sessionMillAndVersion(db: Db, claims: { userId: number; sessionId: string }, millId: number) {
  const [row] = await sessionAndVersionStatement(db).execute({ userId: claims.userId, sessionId: claims.sessionId, millId });
  return row ?? null;
}

export async function listVersion(db: Db, millId: number): Promise<string> {
  const [row] = await listVersionStatement(db).execute({ millId });
  return row?.version ?? '0';
}

// ---- Orders and their components

export async function insertOrder(tx: Db, values: { millId: number; labId: number; authorId: number; name: string }): Promise<OrderRow> {
  const [order] = await tx.insert(projects).values(values).returning();
  return order!;
}

export async function insertComponents(db: Db, orderId: number, names: string[]): Promise<{ id: number; name: string }[]> {
  return db
    .insert(components)
    .values(names.map((name) => ({ projectId: orderId, name })))
    .returning({ id: components.id, name: components.name });
}

/** Stamps the order submitted; null when it already was (a second submit changes nothing). */
export async function markSubmitted(db: Db, orderId: number): Promise<OrderRow | null> {
  const [updated] = await db
    .update(projects)
    .set({ submittedAt: sql`now()` })
    .where(and(eq(projects.id, orderId), isNull(projects.submittedAt)))
    .returning();
  return updated ?? null;
}

export async function setResponsible(db: Db, orderId: number, responsibleId: number | null): Promise<void> {
  await db.update(projects).set({ responsibleId }).where(eq(projects.id, orderId));
}

export async function markDeleted(tx: Db, orderId: number): Promise<void> {
  await tx.update(projects).set({ isDeleted: true }).where(eq(projects.id, orderId));
}

/** Components, files and messages go with it (foreign keys cascade). */
export async function deleteOrder(tx: Db, orderId: number): Promise<void> {
  await tx.delete(projects).where(eq(projects.id, orderId));
}

export async function findComponent(db: Db, componentId: number): Promise<ComponentRow | null> {
  const [component] = await db.select().from(components).where(eq(components.id, componentId));
  return component ?? null;
}

export async function orderNames(db: Db, orderIds: number[]): Promise<{ id: number; name: string }[]> {
  if (orderIds.length === 0) return [];
  return db.select({ id: projects.id, name: projects.name }).from(projects).where(inArray(projects.id, orderIds));
}

export async function componentNames(db: Db, componentIds: number[]): Promise<{ id: number; name: string }[]> {
  if (componentIds.length === 0) return [];
  return db.select({ id: components.id, name: components.name }).from(components).where(inArray(components.id, componentIds));
}

export async function componentsOfOrders(db: Db, orderIds: number[]): Promise<ComponentRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(components).where(inArray(components.projectId, orderIds)).orderBy(asc(components.id));
}

export async function updateComponent(db: Db, componentId: number, patch: { status?: ComponentStatus; comment?: string }): Promise<void> {
  await db.update(components).set(patch).where(eq(components.id, componentId));
}

/** Open components whose documents were all fetched become Downloaded; the others stay as they are. */
export async function markDownloaded(db: Db, componentIds: number[]): Promise<void> {
  if (componentIds.length === 0) return;
  await db
    .update(components)
    .set({ status: 'Downloaded' })
    .where(and(inArray(components.id, componentIds), eq(components.status, 'Open')));
}

// ---- Drafts and counts

/** A lab user's own unsubmitted orders with one mill (not deleted), newest first. */
function ownDrafts(owner: { millId: number; labId: number; authorId: number }): SQL | undefined {
  return and(
    eq(projects.millId, owner.millId),
    eq(projects.labId, owner.labId),
    eq(projects.authorId, owner.authorId),
    isNull(projects.submittedAt),
    eq(projects.isDeleted, false),
  );
}

export async function findDrafts(
  db: Db,
  owner: { millId: number; labId: number; authorId: number },
  limit: number,
): Promise<{ total: number; drafts: OrderRow[] }> {
  const [[total], drafts] = await Promise.all([
    db.select({ value: count() }).from(projects).where(ownDrafts(owner)),
    db.select().from(projects).where(ownDrafts(owner)).orderBy(desc(projects.createdAt), desc(projects.id)).limit(limit),
  ]);
  return { total: total?.value ?? 0, drafts };
}

/** Submitted orders of these mills: where a mill's staff land after signing in. */
export async function countSubmitted(db: Db, millIds: number[]): Promise<number> {
  if (millIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(projects)
    .where(and(inArray(projects.millId, millIds), sql`${projects.submittedAt} is not null`));
  return row?.n ?? 0;
}

/** Every order of a lab, drafts included. */
export async function countOfLab(db: Db, labId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(eq(projects.labId, labId));
  return row?.n ?? 0;
}
