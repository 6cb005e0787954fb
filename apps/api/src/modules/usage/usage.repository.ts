import { eq, sql } from 'drizzle-orm';
import { sessionAgeOf } from '../../access/access.repository.ts';
import type { UsagePing } from '@casebridge/shared/schemas/usage';
import type { Db } from '../../db/client.ts';
import { executePrepared, preparedPerDatabase } from '../../db/prepared-statement.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The usage tables (usage_machines, usage_hours; usage_key_summaries and usage_key_count are kept by
 * triggers and only read here) and the licence keys' allowed users. Everything here is raw SQL on
 * purpose: ingestion writes a whole batch of pings in one call of a database function, and the view reads a page of
 * keys with their machines in one statement.
 */

/** A ping and when it arrived. */
export type TimedPing = { ping: UsagePing; at: Date };

/**
 * Records a batch of pings, whole or not at all, in one round trip: the function of migration 0026
 * (`usage_record_pings`), called on its own, is one statement and so one transaction. Only pings of
 * keys whose mill consents to data collection are stored; the others (and unknown keys) touch
 * nothing. The function takes its locks in one order (consenting keys, then their summaries, both
 * in key order; then machines and hours in key order), so two batches (of this process or another)
 * and a withdrawal of consent never deadlock (ADR 0010). Its plan is kept per connection (prepared).
 */
export async function recordPings(db: Db, pings: TimedPing[], windowMinutes: number): Promise<void> {
  await executePrepared(
    db,
    sql`select usage_record_pings(${JSON.stringify(pings.map(toRecord))}::jsonb, ${windowMinutes}::int)`,
    'usage_record_pings',
  );
}

function toRecord({ ping, at }: TimedPing, i: number) {
  return {
    i,
    key: ping.licenceKey,
    board: ping.boardSerial,
    macs: ping.macAddresses,
    pc: ping.pcName,
    ips: ping.ipAddresses,
    running: ping.running,
    at: at.toISOString(),
  };
}

/** Consent withdrawn: nothing about the key's machines stays (the hourly counts carry no machine data). */
export async function forgetMachinesOfKey(db: Db, licenceKeyId: number): Promise<void> {
  await db.execute(sql`delete from usage_machines where licence_key_id = ${licenceKeyId}`);
}

/**
 * What "allowed users" of a licence key is when the licence store holds a ticket with that key
 * (issue 14, the ticket as the thread through the product). A lateral join on licence_tickets'
 * unique key index, as `ticket.allowed`; null (no ticket, or no answer in it) keeps the key's own
 * `allowed_users`, which the manager sets.
 *
 * The decision, from the ticket's licence content (spec §3):
 * - a network licence (`mainProductInfo.isNetwork`) allows as many users at once as its network
 *   seats: the largest `count` among the enabled top-level `licenseDetails` nodes, which are the
 *   licensed products (their children are modules and options, whose counts limit a feature, not
 *   how many copies of the program run); a count of 0 or none says nothing, so the key's value stays;
 * - a single-seat licence (not network) allows one user: the dongle runs one copy at a time;
 * - a ticket without content (a bare activation key the licence server never described) says
 *   nothing, so the key's value stays.
 * Content is validated on push and import (counts are integers up to 1,000,000), and the JSON is
 * still read defensively (jsonb_typeof), so an odd document yields null instead of an error.
 */
const TICKET_ALLOWANCE = sql`left join lateral (
      select case
        when t.content is null then null
        when t.content->'mainProductInfo'->'isNetwork' = 'true'::jsonb then (
          select nullif(max(case when jsonb_typeof(d->'count') = 'number' then least((d->>'count')::numeric, 1000000) end), 0)::int
          from jsonb_array_elements(case when jsonb_typeof(t.content->'licenseDetails') = 'array' then t.content->'licenseDetails' else '[]'::jsonb end) d
          where d->'enable' is distinct from 'false'::jsonb
        )
        else 1
      end as allowed
      from licence_tickets t where t.key = lk.key
    ) ticket on true`;

export type UsageKeyRow = {
  licence_key_id: number;
  key: string;
  mill_id: number;
  mill_name: string;
  allowed_users: number;
  /** The allowance comes from the key's licence ticket, not from the manager's setting. */
  allowed_from_ticket: boolean;
  first_ping: Date | null;
  last_ping: Date | null;
  concurrent: number;
  machines: { boardSerial: string; macAddresses: string[]; pcName: string; ipAddresses: string[]; running: boolean; lastPingAt: string }[];
};

/**
 * What every request of the usage view needs first, in one round trip: the session's user (for the
 * session rules and the rule book, decided on by access/) and the stamp of the view's inputs other
 * than pings (migration 0027). A named prepared statement: it runs on every request, kept answer or not.
 */
function prepareSessionAndStamp(db: Db) {
  return db
    .select({
      user: users,
      sessionAge: sessionAgeOf(sql.placeholder('sessionId')),
      version: sql<string>`(select last_value::text from usage_view_version)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('usage_session_and_stamp');
}

const sessionAndStampStatement = preparedPerDatabase(prepareSessionAndStamp);

export async function sessionAndStamp(db: Db, claims: { userId: number; sessionId: string }) {
  const [row] = await sessionAndStampStatement(db).execute({ userId: claims.userId, sessionId: claims.sessionId });
  return row ?? null;
}

/**
 * A page of the keys that have reported at least once (machines kept), busiest first, each with
 * its machines; the count and the overview are over all such keys. Both read the per-key summaries
 * (usage_key_summaries, kept by the triggers of migration 0021), so only the page's keys have their
 * machines, owners and tickets read.
 *
 * Only a key with a ping inside the window can be in use: those keys ("recent") have their
 * concurrency counted here, from the last pings of their running machines, because the window moves
 * on between pings. Every other key counts 0 and has an older last ping than any recent key, so the
 * view's order is the recent keys by use, then the others as the last-ping index holds them.
 */
export async function usagePage(db: Db, at: Date, windowMinutes: number, start: number, limit: number) {
  const since = sql`${at}::timestamptz - make_interval(mins => ${windowMinutes})`;
  const order = sql`concurrent desc, last_ping_at desc nulls last, licence_key_id`;
  // One round trip: the overview's single row, joined to the page's rows (none past the last page).
  const rows = await executePrepared<UsageKeyRow & UsageOverviewRow>(
    db,
    sql`
    with recent as materialized (
      select licence_key_id, first_ping_at, last_ping_at,
        case when running_pings[cardinality(running_pings)] > ${since} then cardinality(running_pings)
          else (select count(*) from unnest(running_pings) p where p > ${since})::int end as concurrent
      from usage_key_summaries where last_ping_at > ${since}
    ), page as (
      select * from (
        (select *, 0 as part from recent order by ${order} limit ${start + limit})
        union all
        (select licence_key_id, first_ping_at, last_ping_at, 0, 1 from usage_key_summaries
          where last_ping_at <= ${since} order by last_ping_at desc nulls last, licence_key_id limit ${start + limit})
      ) candidates
      order by part, ${order} limit ${limit} offset ${start}
    ), overview as (
      -- A key used on one machine or none is never over its allowance (at least 1: the manager's
      -- setting starts there, a ticket's 0 says nothing): only keys used on several machines are read with theirs.
      select (select coalesce(sum(keys), 0)::int from usage_key_count) as keys, coalesce(sum(concurrent), 0)::int as running_machines,
        (count(*) filter (where concurrent > 1))::int as concurrently_used_keys,
        (select count(*)::int from recent u join licence_keys lk on lk.id = u.licence_key_id ${TICKET_ALLOWANCE}
          where u.concurrent > 1 and u.concurrent > coalesce(ticket.allowed, lk.allowed_users)) as over_allowance
      from recent
    )
    select o.*, k.licence_key_id, lk.key, lk.mill_id, c.name as mill_name,
      coalesce(ticket.allowed, lk.allowed_users) as allowed_users, ticket.allowed is not null as allowed_from_ticket,
      k.first_ping_at as first_ping, k.last_ping_at as last_ping, k.concurrent,
      (select json_agg(json_build_object('boardSerial', m.board_serial, 'macAddresses', m.mac_addresses, 'pcName', m.pc_name,
          'ipAddresses', m.ip_addresses, 'running', m.running, 'lastPingAt', m.last_ping_at) order by m.last_ping_at desc)
        from usage_machines m where m.licence_key_id = k.licence_key_id) as machines
    from overview o
    left join (page k
      join licence_keys lk on lk.id = k.licence_key_id
      join mills mi on mi.id = lk.mill_id
      join companies c on c.id = mi.company_id
      ${TICKET_ALLOWANCE}) on true
    order by k.part, k.concurrent desc, k.last_ping_at desc nulls last, k.licence_key_id
  `,
    'usage_page',
  );
  const [overview] = rows;
  return { rows: rows.filter((row) => row.licence_key_id !== null), overview: overview! };
}

type UsageOverviewRow = { keys: number; running_machines: number; concurrently_used_keys: number; over_allowance: number };

export async function setAllowedUsers(db: Db, licenceKeyId: number, allowedUsers: number): Promise<boolean> {
  const result = await db.execute(sql`update licence_keys set allowed_users = ${allowedUsers} where id = ${licenceKeyId}`);
  return (result.rowCount ?? 0) > 0;
}

/** Per hour between two instants: one key's peak, or the platform's (the sum of the keys' peaks). */
export async function usageHistory(db: Db, from: Date, to: Date, licenceKeyId?: number) {
  const keyFilter = licenceKeyId === undefined ? sql`` : sql`and licence_key_id = ${licenceKeyId}`;
  const rows = await db.execute<{ hour: Date; concurrent: number }>(sql`
    select hour, sum(max_concurrent)::int as concurrent from usage_hours
    where hour >= ${from} and hour < ${to} ${keyFilter}
    group by hour order by hour
  `);
  return rows.rows;
}

/** Raw pings are never stored; the hourly roll-ups go after 400 days. */
export async function purgeOldHours(db: Db, before: Date): Promise<number> {
  const result = await db.execute(sql`delete from usage_hours where hour < ${before}`);
  return result.rowCount ?? 0;
}
