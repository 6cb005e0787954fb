import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Order } from '@casebridge/shared/schemas/orders';
import type { Db } from '../../db/client.ts';
import { fileUrl } from '../session/session.service.ts';

export interface OrderFilters {
  millId?: number;
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
  const parts: SQL[] = [sql`p.submitted_at is not null`];
  if (f.millId !== undefined) parts.push(sql`p.mill_id = ${f.millId}`);
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

interface OrderRow extends Record<string, unknown> {
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
 */
export async function listOrders(db: Db, viewerId: number, filters: OrderFilters, page: OrderPage): Promise<{ count: number; data: Order[] }> {
  const where = whereOf(filters);
  // The unfiltered list of a mill reads its total from the counter the triggers keep.
  const unfiltered = filters.millId !== undefined && filters.labId === undefined && filters.client === undefined && filters.responsible === undefined && !filters.statuses?.length && !filters.search;
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
  const rows = filters.search ? (await db.execute<OrderRow>(pageQuery)).rows : await executePrepared(db, pageQuery, 'orders_list');
  const count = rows[0]?.total ?? (await db.execute<{ n: number }>(sql`select ${totalSql}::int as n`)).rows[0]?.n ?? 0;
  return { count, data: rows.map(toOrderDto) };
}

const dialect = new PgDialect();

/**
 * Runs a statement as a named prepared statement, one per distinct SQL text (the filters and the
 * sort change the text, values are parameters). Planning the list statement costs more than
 * running it, and PostgreSQL keeps a named statement's plan for the connection's lifetime.
 */
async function executePrepared(db: Db, query: SQL, prefix: string): Promise<OrderRow[]> {
  // A transaction's handle has no pool of its own: there the statement runs unnamed.
  const pool = (db as { $client?: pg.Pool }).$client;
  if (!pool) return (await db.execute<OrderRow>(query)).rows;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  return (await pool.query<OrderRow>({ name, text, values: params })).rows;
}

function toOrderDto(row: OrderRow): Order {
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

/** The spec's combined filter: Open and Downloaded together. */
export function statusesOf(filter: string | undefined): string[] | undefined {
  if (!filter) return undefined;
  return filter === 'OpenDownloaded' ? ['Open', 'Downloaded'] : [filter];
}
