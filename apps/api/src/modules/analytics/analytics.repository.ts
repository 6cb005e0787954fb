import { eq, sql, type SQL } from 'drizzle-orm';
import { sessionAgeOf } from '../../access/access.repository.ts';
import type { PlanKey } from '@casebridge/shared/schemas/billing';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared-statement.ts';
import { analyticsVersions } from '../../db/schema/analytics-rollups.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Read-only queries of the manager's analytics over other features' tables (mills, companies,
 * mill_subscriptions, plans, projects, users, mill_members, labs, mill_clients, licence_keys,
 * usage_hours) and the roll-ups the database keeps for them (migration 0020, kept by triggers:
 * order_rollups, mill_rollups, mill_order_days, lab_order_counts; and mill_order_counts of 0006).
 * No view groups orders, components or files: counts and bytes come from the roll-ups, and the
 * only rows of projects read are a page or a few latest ids, through the projects indexes.
 * The stamps of the cached answers are analytics_versions (migration 0024, kept by triggers).
 */

/**
 * What every cached answer needs, in one round trip: the session's user (for the session rules and
 * the rule book, decided on by access/) and the stamp of the answers, the sum of the counters of
 * migration 0024 (one mill's, or all of them with a null mill). A named prepared statement: it runs
 * on every request, hit or not.
 */
function prepareSessionAndStamp(db: Db) {
  const millId = sql.placeholder('millId');
  return db
    .select({
      user: users,
      sessionAge: sessionAgeOf(sql.placeholder('sessionId')),
      version: sql<string>`(select coalesce(sum(${analyticsVersions.version}), 0)::text from ${analyticsVersions}
        where ${millId}::int is null or ${analyticsVersions.millId} = ${millId}::int)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('analytics_session_and_stamp');
}

const sessionAndStampStatement = preparedPerDatabase(prepareSessionAndStamp);

export async function sessionAndStamp(db: Db, claims: { userId: number; sessionId: string }, millId: number | null) {
  const [row] = await sessionAndStampStatement(db).execute({ userId: claims.userId, sessionId: claims.sessionId, millId });
  return row ?? null;
}

/**
 * Newest orders first, spelled as the projects indexes are ordered (nulls last; the columns are
 * never null), so the order and a limit come from an index scan instead of a sort of every match.
 */
const newestFirst = sql`p.created_at desc nulls last, p.id desc nulls last`;

const idFilter = (column: SQL, ids: number[] | undefined) => (ids ? sql`and ${column} = any(${`{${ids.join(',')}}`}::int[])` : sql``);

/**
 * The latest submitted order ids of one mill (created in [from, until) when a range is given),
 * newest first, through projects_mill_submitted_idx.
 */
const latestOrderIdsOfMill = (millId: SQL, limit: number, range?: { from: SQL; until: SQL }) => sql`coalesce((
  select array_agg(r.id order by r.created_at desc, r.id desc) from (
    select p.id, p.created_at from projects p where p.mill_id = ${millId} and p.submitted_at is not null
      ${range ? sql`and p.created_at >= ${range.from} and p.created_at < ${range.until}` : sql``}
    order by ${newestFirst} limit ${limit}) r), '{}')`;

export type MillOverviewRow = {
  mill_id: number;
  name: string;
  contract_type: string;
  plan_key: PlanKey;
  clients_count: number;
  allowed_clients: number;
  orders_created: number;
  max_orders_count: number;
  project_ids: number[];
  /** Its submitted orders that still exist (deleted ones leave mill_order_days), as its orders view counts them. */
  orders_listed: number;
};

/** A page of mills by id, each with its plan's limits (custom terms on the custom plan) and usage. */
export async function millsOverviewPage(db: Db, page: { start: number; limit: number; ids?: number[]; latestIds: number }) {
  const rows = await db.execute<MillOverviewRow>(sql`
    select m.id as mill_id, c.name, coalesce(pl.name, s.plan_key, 'basic') as contract_type, coalesce(s.plan_key, 'basic') as plan_key,
      coalesce(r.clients, 0) as clients_count,
      coalesce(case when s.plan_key = 'custom' then s.custom_allowed_clients end, pl.allowed_clients, 0) as allowed_clients,
      coalesce(oc.submitted, 0) as orders_created,
      coalesce(case when s.plan_key = 'custom' then s.custom_max_orders end, pl.max_orders, 0) as max_orders_count,
      ${latestOrderIdsOfMill(sql`m.id`, page.latestIds)} as project_ids,
      (select coalesce(sum(d.orders), 0)::int from mill_order_days d where d.mill_id = m.id) as orders_listed
    from mills m
    join companies c on c.id = m.company_id
    left join mill_subscriptions s on s.mill_id = m.id
    left join plans pl on pl.key = coalesce(s.plan_key, 'basic')
    left join mill_order_counts oc on oc.mill_id = m.id
    left join mill_rollups r on r.mill_id = m.id
    where true ${idFilter(sql`m.id`, page.ids)}
    order by m.id
    limit ${page.limit} offset ${page.start}
  `);
  const [total] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from mills m where true ${idFilter(sql`m.id`, page.ids)}`))
    .rows;
  return { rows: rows.rows, count: total!.n };
}

export async function millChoices(db: Db) {
  const rows = await db.execute<{ id: number; name: string }>(
    sql`select m.id, c.name from mills m join companies c on c.id = m.company_id order by m.id`,
  );
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

/** A UTC day `YYYY-MM-DD` as SQL: the instant its day starts. */
const dayStartSql = (day: string) => sql`${day}::date::timestamp at time zone 'UTC'`;

/**
 * A page of a mill's submitted orders created on the UTC days [fromDay, untilDay), newest first,
 * each with its components and the documents the lab sent (count and bytes) from order_rollups.
 * The total sums the mill's days in mill_order_days; only a filter by ids counts orders, at most
 * as many as ids were given.
 */
export async function millOrdersPage(
  db: Db,
  millId: number,
  filter: { fromDay?: string; untilDay?: string; ids?: number[]; start: number; limit: number },
) {
  const where = sql`p.mill_id = ${millId} and p.submitted_at is not null
    ${filter.fromDay ? sql`and p.created_at >= ${dayStartSql(filter.fromDay)}` : sql``}
    ${filter.untilDay ? sql`and p.created_at < ${dayStartSql(filter.untilDay)}` : sql``}
    ${idFilter(sql`p.id`, filter.ids)}`;
  const rows = await db.execute<MillOrderRow>(sql`
    select p.id, p.name, p.created_at, coalesce(r.components, 0) as components_count, coalesce(r.documents, 0) as documents_count,
      coalesce(r.document_bytes, 0) as documents_size
    from (select id, name, created_at from projects p where ${where} order by ${newestFirst} limit ${filter.limit} offset ${filter.start}) p
    left join order_rollups r on r.project_id = p.id
    order by ${newestFirst}
  `);
  const total = filter.ids
    ? sql`select count(*)::int as n from projects p where ${where}`
    : sql`select coalesce(sum(d.orders), 0)::int as n from mill_order_days d where d.mill_id = ${millId}
        ${filter.fromDay ? sql`and d.day >= ${filter.fromDay}::date` : sql``} ${filter.untilDay ? sql`and d.day < ${filter.untilDay}::date` : sql``}`;
  const [count] = (await db.execute<{ n: number }>(total)).rows;
  return { rows: rows.rows, count: count!.n };
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

/** The latest `limit` submitted orders of each owner (`owner`: a mill or lab id), each through its projects index. */
const newestOrdersOf = (owners: SQL, column: 'mill_id' | 'lab_id', limit: number) => sql`select p.id, p.created_at from (${owners}) o
  cross join lateral (select p.id, p.created_at from projects p where p.${sql.raw(column)} = o.owner and p.submitted_at is not null
    order by ${newestFirst} limit ${limit}) p`;

/**
 * Which orders are a user's: those of the mills a staff member works for, or of a lab user's lab.
 * Only each mill's or lab's latest few are candidates, so a busy mill costs no more than a quiet one.
 */
const staffOrders = (limit: number) =>
  newestOrdersOf(sql`select mm.mill_id as owner from mill_members mm where mm.user_id = page.id`, 'mill_id', limit);
const labOrders = (limit: number) =>
  newestOrdersOf(sql`select lab_of.lab_id as owner from lab_of where lab_of.user_id = page.id`, 'lab_id', limit);

/** The latest order ids (newest first) and the newest order's time among the candidates. */
const latestOrders = (candidates: SQL, limit: number) => sql`(
  select json_build_object('project_ids', coalesce(array_agg(r.id order by r.created_at desc, r.id desc), '{}'), 'last_order_at', max(r.created_at))
  from (select c.id, c.created_at from (${candidates}) c order by c.created_at desc, c.id desc limit ${limit}) r)`;

/**
 * A page of the mills' and labs' users, newest first (spec §9 default sort). A staff member's
 * orders are those of the mills they work for (totals from mill_order_counts), a lab user's
 * those of their lab (totals from lab_order_counts).
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
        else (select coalesce(sum(lc.submitted), 0)::int from lab_of join lab_order_counts lc on lc.lab_id = lab_of.lab_id where lab_of.user_id = page.id)
      end as projects_count,
      case when page.role_type = 'mill' then ${latestOrders(staffOrders(page.latestIds), page.latestIds)} else ${latestOrders(labOrders(page.latestIds), page.latestIds)} end as latest,
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
 * Mills that received orders on the UTC days [fromDay, untilDay), busiest first: the counts sum
 * mill_order_days through its day index, and only the mills found there look up their latest ids.
 */
export async function activityOf(db: Db, fromDay: string, untilDay: string, idsShown: number) {
  const rows = await db.execute<MillActivityRow>(sql`
    with busy as (
      select d.mill_id, sum(d.orders)::int as orders_count from mill_order_days d
      where d.day >= ${fromDay}::date and d.day < ${untilDay}::date
      group by d.mill_id having sum(d.orders) > 0
    )
    select m.id as mill_id, c.name, m.created_at, busy.orders_count,
      ${latestOrderIdsOfMill(sql`m.id`, idsShown, { from: dayStartSql(fromDay), until: dayStartSql(untilDay) })} as project_ids,
      coalesce(nullif(c.email, ''), (select u.email from mill_members mm join users u on u.id = mm.user_id
        where mm.mill_id = m.id and mm.mill_role = 'admin' order by mm.created_at, u.id limit 1), '') as mill_email
    from busy
    join mills m on m.id = busy.mill_id
    join companies c on c.id = m.company_id
    order by busy.orders_count desc, m.id
  `);
  return rows.rows;
}

/**
 * Orders per mill and UTC day of [fromDay, untilDay), from mill_order_days: at most one row per
 * mill and day, whatever the number of orders. Mills are ranked by their total in the range; those
 * past `top` come back as one bucket with a null mill id, and `rest_mills` says how many they are.
 */
export async function ordersPerMillAndDay(db: Db, fromDay: string, untilDay: string, top: number) {
  const rows = await db.execute<{ mill_id: number | null; name: string | null; day: string; n: number; rest_mills: number }>(sql`
    with per_mill_day as materialized (
      select d.mill_id, d.day, d.orders as n from mill_order_days d
      where d.day >= ${fromDay}::date and d.day < ${untilDay}::date and d.orders > 0
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

/** Bytes of every file of each mill's orders, from the trigger-kept counter in mill_rollups. */
export async function storedBytesPerMill(db: Db) {
  const rows = await db.execute<{ mill_id: number; name: string; bytes: string }>(sql`
    select m.id as mill_id, c.name, coalesce(r.stored_bytes, 0)::bigint as bytes
    from mills m join companies c on c.id = m.company_id left join mill_rollups r on r.mill_id = m.id
    order by bytes desc, m.id
  `);
  return rows.rows;
}

export async function millName(db: Db, millId: number): Promise<string | undefined> {
  const rows = await db.execute<{ name: string }>(
    sql`select c.name from mills m join companies c on c.id = m.company_id where m.id = ${millId}`,
  );
  return rows.rows[0]?.name;
}

/**
 * One mill per UTC day of [from, to]: orders received (its rows of mill_order_days) and the day's
 * highest hourly sum of its keys' concurrency peaks (usage_hours by its primary key
 * (licence_key_id, hour), one range per key). licence_keys has no index on mill_id: finding a
 * mill's keys scans that table, which is small (one row per registered key, ~1 ms at 10,000).
 */
export async function millDaily(db: Db, millId: number, fromDay: string, toDay: string) {
  const from = dayStartSql(fromDay);
  const until = sql`(${toDay}::date + 1)::timestamp at time zone 'UTC'`;
  const days = await db.execute<{ day: string; orders: number; max_concurrent: number }>(sql`
    with orders as (
      select d.day, d.orders as n from mill_order_days d where d.mill_id = ${millId} and d.day between ${fromDay}::date and ${toDay}::date
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
