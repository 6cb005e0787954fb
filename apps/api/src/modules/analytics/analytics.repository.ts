import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Read-only queries of the manager's analytics over other features' tables (mills, companies,
 * mill_subscriptions, plans, mill_order_counts, projects, components, component_files, users,
 * mill_members, labs, mill_clients, licence_keys, usage_hours); analytics owns no table. Each view is one statement per
 * page that aggregates only the page's rows, on the existing indexes (projects by mill and
 * creation time, components by order, files by component and kind), and reads the mills' order
 * totals from the counters the order triggers keep.
 */

const idFilter = (column: SQL, ids: number[] | undefined) => (ids ? sql`and ${column} = any(${`{${ids.join(',')}}`}::int[])` : sql``);

/** Latest submitted order ids of one mill, newest first, through projects_mill_submitted_idx. */
const latestOrderIdsOfMill = (millId: SQL, limit: number) => sql`coalesce((
  select array_agg(r.id order by r.created_at desc, r.id desc) from (
    select p.id, p.created_at from projects p where p.mill_id = ${millId} and p.submitted_at is not null
    order by p.created_at desc, p.id desc limit ${limit}) r), '{}')`;

export type MillOverviewRow = {
  mill_id: number;
  name: string;
  contract_type: string;
  clients_count: number;
  allowed_clients: number;
  orders_created: number;
  max_orders_count: number;
  project_ids: number[];
};

/** A page of mills by id, each with its plan's limits (custom terms on the custom plan) and usage. */
export async function millsOverviewPage(db: Db, page: { start: number; limit: number; ids?: number[]; latestIds: number }) {
  const rows = await db.execute<MillOverviewRow>(sql`
    select m.id as mill_id, c.name, coalesce(pl.name, s.plan_key, 'basic') as contract_type,
      (select count(*)::int from mill_clients mc where mc.mill_id = m.id) as clients_count,
      coalesce(case when s.plan_key = 'custom' then s.custom_allowed_clients end, pl.allowed_clients, 0) as allowed_clients,
      coalesce(oc.submitted, 0) as orders_created,
      coalesce(case when s.plan_key = 'custom' then s.custom_max_orders end, pl.max_orders, 0) as max_orders_count,
      ${latestOrderIdsOfMill(sql`m.id`, page.latestIds)} as project_ids
    from mills m
    join companies c on c.id = m.company_id
    left join mill_subscriptions s on s.mill_id = m.id
    left join plans pl on pl.key = coalesce(s.plan_key, 'basic')
    left join mill_order_counts oc on oc.mill_id = m.id
    where true ${idFilter(sql`m.id`, page.ids)}
    order by m.id
    limit ${page.limit} offset ${page.start}
  `);
  const [total] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from mills m where true ${idFilter(sql`m.id`, page.ids)}`)).rows;
  return { rows: rows.rows, count: total!.n };
}

export async function millChoices(db: Db) {
  const rows = await db.execute<{ id: number; name: string }>(sql`select m.id, c.name from mills m join companies c on c.id = m.company_id order by m.id`);
  return rows.rows;
}

export async function millExists(db: Db, millId: number): Promise<boolean> {
  return (await db.execute(sql`select 1 from mills where id = ${millId}`)).rows.length === 1;
}

export type MillOrderRow = {
  id: number;
  name: string;
  created_at: Date;
  components_count: number;
  documents_count: number;
  documents_size: string;
};

/**
 * A page of a mill's submitted orders created in [from, to), newest first, each with its
 * components and the documents the lab sent (count and bytes).
 */
export async function millOrdersPage(db: Db, millId: number, filter: { from?: Date; to?: Date; ids?: number[]; start: number; limit: number }) {
  const where = sql`p.mill_id = ${millId} and p.submitted_at is not null
    ${filter.from ? sql`and p.created_at >= ${filter.from}` : sql``}
    ${filter.to ? sql`and p.created_at < ${filter.to}` : sql``}
    ${idFilter(sql`p.id`, filter.ids)}`;
  const rows = await db.execute<MillOrderRow>(sql`
    select p.id, p.name, p.created_at, parts.components_count, parts.documents_count, parts.documents_size
    from (select id, name, created_at from projects p where ${where} order by p.created_at desc, p.id desc limit ${filter.limit} offset ${filter.start}) p
    cross join lateral (
      select count(distinct c.id)::int as components_count, count(f.id)::int as documents_count, coalesce(sum(f.size), 0)::bigint as documents_size
      from components c left join component_files f on f.component_id = c.id and f.kind = 'document'
      where c.project_id = p.id
    ) parts
    order by p.created_at desc, p.id desc
  `);
  const [total] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from projects p where ${where}`)).rows;
  return { rows: rows.rows, count: total!.n };
}

export type UserStatRow = {
  id: number;
  email: string;
  role: string;
  company: string;
  created_at: Date;
  projects_count: number;
  latest: { project_ids: number[]; last_order_at: string | null };
  mills: { id: number; name: string }[];
  labs: string[];
};

/** Which orders are a user's: those of the mills a staff member works for, or of a lab user's lab. */
const staffOrders = sql`p.mill_id in (select mm.mill_id from mill_members mm where mm.user_id = page.id)`;
const labOrders = sql`p.lab_id in (select lab_of.lab_id from lab_of where lab_of.user_id = page.id)`;

/** The latest order ids (newest first) and the newest order's time, on the projects indexes. */
const latestOrders = (orders: SQL, limit: number) => sql`(
  select json_build_object('project_ids', coalesce(array_agg(r.id order by r.created_at desc, r.id desc), '{}'), 'last_order_at', max(r.created_at))
  from (select p.id, p.created_at from projects p where p.submitted_at is not null and ${orders} order by p.created_at desc, p.id desc limit ${limit}) r)`;

/**
 * A page of the mills' and labs' users, newest first (spec §9 default sort). A staff member's
 * orders are those of the mills they work for (totals from mill_order_counts), a lab user's
 * those of their lab.
 */
export async function userStatsPage(db: Db, page: { start: number; limit: number; latestIds: number }) {
  const rows = await db.execute<UserStatRow>(sql`
    with page as (
      select u.id, u.email, u.role_type, u.company_id, u.created_at from users u
      where u.role_type in ('mill', 'lab')
      order by u.created_at desc, u.id desc limit ${page.limit} offset ${page.start}
    ), lab_of as (
      select page.id as user_id, l.id as lab_id, co.name from page join labs l on l.company_id = page.company_id join companies co on co.id = l.company_id
      where page.role_type = 'lab'
    ), user_mills as (
      select mm.user_id, mm.mill_id from mill_members mm join page on page.id = mm.user_id
      union
      select lab_of.user_id, mc.mill_id from lab_of join mill_clients mc on mc.lab_id = lab_of.lab_id and mc.confirmed
    )
    select page.id, page.email, page.created_at, coalesce(co.name, '') as company,
      case when page.role_type = 'mill' then coalesce(
        (select mm.mill_role from mill_members mm where mm.user_id = page.id order by mm.mill_role = 'admin' desc limit 1), 'user') else 'lab' end as role,
      case when page.role_type = 'mill'
        then (select coalesce(sum(oc.submitted), 0)::int from mill_members mm join mill_order_counts oc on oc.mill_id = mm.mill_id where mm.user_id = page.id)
        else (select count(*)::int from projects p where p.submitted_at is not null and ${labOrders})
      end as projects_count,
      case when page.role_type = 'mill' then ${latestOrders(staffOrders, page.latestIds)} else ${latestOrders(labOrders, page.latestIds)} end as latest,
      coalesce((select json_agg(json_build_object('id', m.id, 'name', mco.name) order by m.id) from user_mills um
        join mills m on m.id = um.mill_id join companies mco on mco.id = m.company_id where um.user_id = page.id), '[]') as mills,
      coalesce((select array_agg(lab_of.name) from lab_of where lab_of.user_id = page.id), '{}') as labs
    from page
    left join companies co on co.id = page.company_id
    order by page.created_at desc, page.id desc
  `);
  const [total] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from users where role_type in ('mill', 'lab')`)).rows;
  return { rows: rows.rows, count: total!.n };
}

export type MillActivityRow = {
  mill_id: number;
  name: string;
  mill_email: string;
  orders_count: number;
  project_ids: number[];
  created_at: Date;
};

/**
 * Mills that received orders in [from, to), busiest first, with the latest of those orders' ids.
 * One range scan of projects_mill_submitted_idx per mill instead of a scan of all orders.
 */
export async function activityOf(db: Db, from: Date, to: Date, idsShown: number) {
  const rows = await db.execute<MillActivityRow>(sql`
    select m.id as mill_id, c.name, m.created_at, recent.orders_count, recent.project_ids,
      coalesce(nullif(c.email, ''), (select u.email from mill_members mm join users u on u.id = mm.user_id
        where mm.mill_id = m.id and mm.mill_role = 'admin' order by mm.created_at, u.id limit 1), '') as mill_email
    from mills m
    join companies c on c.id = m.company_id
    cross join lateral (
      select count(*)::int as orders_count, (array_agg(p.id order by p.created_at desc, p.id desc))[1:${idsShown}] as project_ids
      from projects p
      where p.mill_id = m.id and p.submitted_at is not null and p.created_at >= ${from} and p.created_at < ${to}
    ) recent
    where recent.orders_count > 0
    order by recent.orders_count desc, m.id
  `);
  return rows.rows;
}

/**
 * Orders per mill and UTC day in [from, to): one index-only range scan of
 * projects_mill_submitted_idx per mill (its key holds mill and creation time), so the cost grows
 * with the orders inside the range, not with the table: ~90 days of the bench's 500,000 orders is
 * a few tens of thousands of index entries. Mills are ranked by their total in the range; those
 * past `top` come back as one bucket with a null mill id, and `rest_mills` says how many they are.
 */
export async function ordersPerMillAndDay(db: Db, from: Date, to: Date, top: number) {
  const rows = await db.execute<{ mill_id: number | null; name: string | null; day: string; n: number; rest_mills: number }>(sql`
    with per_mill_day as materialized (
      select m.id as mill_id, d.day, d.n from mills m
      cross join lateral (
        select (p.created_at at time zone 'UTC')::date as day, count(*)::int as n from projects p
        where p.mill_id = m.id and p.submitted_at is not null and p.created_at >= ${from} and p.created_at < ${to}
        group by 1
      ) d
    ), ranked as (
      select mill_id, row_number() over (order by sum(n) desc, mill_id) as position from per_mill_day group by mill_id
    )
    select case when r.position <= ${top} then r.mill_id end as mill_id,
      case when r.position <= ${top} then c.name end as name,
      to_char(pmd.day, 'YYYY-MM-DD') as day, sum(pmd.n)::int as n,
      (select count(*)::int from ranked where position > ${top}) as rest_mills
    from per_mill_day pmd
    join ranked r on r.mill_id = pmd.mill_id
    join mills m on m.id = pmd.mill_id
    join companies c on c.id = m.company_id
    group by 1, 2, 3
  `);
  return rows.rows;
}

/**
 * Bytes of every file of each mill's orders. No counter keeps this (only the order count has one),
 * so it is one hash aggregate over component_files ⋈ components ⋈ projects: linear in the number
 * of files (seconds at tens of millions). A trigger-kept per-mill byte counter, like
 * mill_order_counts, would make it O(mills); that needs a migration, not ours to add here.
 */
export async function storedBytesPerMill(db: Db) {
  const rows = await db.execute<{ mill_id: number; name: string; bytes: string }>(sql`
    with per_mill as (
      select p.mill_id, sum(f.size) as bytes from component_files f
      join components co on co.id = f.component_id
      join projects p on p.id = co.project_id
      group by p.mill_id
    )
    select m.id as mill_id, c.name, coalesce(pm.bytes, 0)::bigint as bytes
    from mills m join companies c on c.id = m.company_id left join per_mill pm on pm.mill_id = m.id
    order by bytes desc, m.id
  `);
  return rows.rows;
}

export async function millName(db: Db, millId: number): Promise<string | undefined> {
  const rows = await db.execute<{ name: string }>(sql`select c.name from mills m join companies c on c.id = m.company_id where m.id = ${millId}`);
  return rows.rows[0]?.name;
}

/**
 * One mill per UTC day of [from, to]: orders received (a range scan of projects_mill_submitted_idx)
 * and the day's highest hourly sum of its keys' concurrency peaks (usage_hours by its primary key
 * (licence_key_id, hour), one range per key). licence_keys has no index on mill_id: finding a
 * mill's keys scans that table, which is small (one row per registered key, ~1 ms at 10,000).
 */
export async function millDaily(db: Db, millId: number, fromDay: string, toDay: string) {
  const from = sql`${fromDay}::date::timestamp at time zone 'UTC'`;
  const until = sql`(${toDay}::date + 1)::timestamp at time zone 'UTC'`;
  const days = await db.execute<{ day: string; orders: number; max_concurrent: number }>(sql`
    with orders as (
      select (p.created_at at time zone 'UTC')::date as day, count(*)::int as n from projects p
      where p.mill_id = ${millId} and p.submitted_at is not null and p.created_at >= ${from} and p.created_at < ${until}
      group by 1
    ), hourly as (
      select h.hour, sum(h.max_concurrent)::int as concurrent from usage_hours h
      join licence_keys lk on lk.id = h.licence_key_id
      where lk.mill_id = ${millId} and h.hour >= ${from} and h.hour < ${until}
      group by h.hour
    ), daily_use as (
      select (hour at time zone 'UTC')::date as day, max(concurrent)::int as n from hourly group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(o.n, 0) as orders, coalesce(u.n, 0) as max_concurrent
    from generate_series(${fromDay}::date, ${toDay}::date, interval '1 day') as g(at)
    cross join lateral (select g.at::date as day) d
    left join orders o on o.day = d.day
    left join daily_use u on u.day = d.day
    order by d.day
  `);
  const [keys] = (
    await db.execute<{ all_keys: number; reporting: number }>(sql`
      select count(*)::int as all_keys, (count(*) filter (where enable_data_collection))::int as reporting from licence_keys where mill_id = ${millId}`)
  ).rows;
  return { days: days.rows, licenceKeys: keys!.all_keys, keysReporting: keys!.reporting };
}
