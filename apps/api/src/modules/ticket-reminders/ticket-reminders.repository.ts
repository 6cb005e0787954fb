import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dealerMembers, dealers, licenceTickets } from '../../db/schema/dealers.ts';
import { ticketReminderDigests, ticketReminderStages } from '../../db/schema/ticket-reminders.ts';
import { users } from '../../db/schema/users.ts';
import type { Day } from './ticket-reminders.rules.ts';

/**
 * Ticket reminders own ticket_reminder_digests and ticket_reminder_stages, and read (DESIGN §4a)
 * the dealer users and the tickets of their subtrees.
 *
 * Every query over tickets is one pass for all users of the run: the tickets inside the stage's
 * expiry window (the expiry index) are spread over the dealers of their path (`unnest`), and
 * those dealers hash-joined to the users of the run. A root dealer's user thus costs no scan of
 * its 100,000-ticket subtree, only the window's few hundred rows.
 */

/** A user of the run: whose digest, over which subtree, for which period and lead time. */
export interface RunUser {
  userId: number;
  dealerId: number;
  periodStart: Day;
  leadDays: number;
}

export interface StageTicketRow {
  userId: number;
  id: number;
  key: string;
  product: string;
  licenceExpiry: string;
  dealerName: string;
}

/** Dealer users who may get reminders (confirmed, not blocked), each with the one dealer they belong to. */
export async function dealerUsersForReminders(db: Db) {
  const rows = await db
    .selectDistinctOn([users.id], { user: users, dealerId: dealerMembers.dealerId })
    .from(users)
    .innerJoin(dealerMembers, eq(dealerMembers.userId, users.id))
    .where(and(eq(users.roleType, 'dealer'), eq(users.blocked, false), eq(users.confirmed, true)))
    .orderBy(asc(users.id), asc(dealerMembers.dealerId));
  return rows;
}

/** One user's row and dealer, for the preview. */
export async function dealerUserForReminders(db: Db, userId: number) {
  const [row] = await db
    .select({ user: users, dealerId: dealerMembers.dealerId })
    .from(users)
    .innerJoin(dealerMembers, eq(dealerMembers.userId, users.id))
    .where(eq(users.id, userId))
    .orderBy(asc(dealerMembers.dealerId))
    .limit(1);
  return row ?? null;
}

/** The run's users as a relation `c(user_id, dealer_id, period_start, lead)`, ordered by user. */
function runUsers(list: RunUser[]): SQL {
  return sql`unnest(
    ${sql.param(list.map((u) => u.userId))}::int[], ${sql.param(list.map((u) => u.dealerId))}::int[],
    ${sql.param(list.map((u) => u.periodStart))}::date[], ${sql.param(list.map((u) => u.leadDays))}::int[])
    as c(user_id, dealer_id, period_start, lead)`;
}

/**
 * Claims each user's digest for their current period. Users whose period another run (a second
 * process, an earlier run today) already claimed are not returned: the primary key makes a
 * concurrent insert wait for the other transaction and then skip. Inserted in user order, so two
 * runs never wait on each other crosswise.
 */
export async function claimDigests(tx: Db, list: (RunUser & { frequency: string })[]): Promise<Set<number>> {
  if (list.length === 0) return new Set();
  const { rows } = await tx.execute<{ user_id: number }>(sql`
    insert into ${ticketReminderDigests} (user_id, period_start, frequency)
    select * from unnest(
      ${sql.param(list.map((u) => u.userId))}::int[], ${sql.param(list.map((u) => u.periodStart))}::date[],
      ${sql.param(list.map((u) => u.frequency))}::text[]) as n(user_id, period_start, frequency)
    order by user_id
    on conflict do nothing
    returning user_id`);
  return new Set(rows.map((row) => row.user_id));
}

/** Of these users, those whose digest of the given period went with the given frequency. */
export async function sentDigests(db: Db, list: { userId: number; periodStart: Day; frequency: string }[]): Promise<Set<number>> {
  if (list.length === 0) return new Set();
  const { rows } = await db.execute<{ user_id: number }>(sql`
    select d.user_id from ${ticketReminderDigests} d
    join unnest(
      ${sql.param(list.map((u) => u.userId))}::int[],
      ${sql.param(list.map((u) => u.periodStart))}::date[],
      ${sql.param(list.map((u) => u.frequency))}::text[]
    ) as n(user_id, period_start, frequency)
      on d.user_id = n.user_id and d.period_start = n.period_start and d.frequency = n.frequency`);
  return new Set(rows.map((row) => row.user_id));
}

/** Each user's periods already claimed from `from` on (the preview's "is this period spent?"). */
export async function claimedPeriods(db: Db, userId: number, from: Day): Promise<Set<Day>> {
  const { rows } = await db.execute<{ period_start: string }>(sql`
    select period_start::text from ${ticketReminderDigests} where user_id = ${userId} and period_start >= ${from}::date`);
  return new Set(rows.map((row) => row.period_start));
}

const ticketColumns = sql`t.id, t.key, t.product_text as product, t.licence_expiry::text as licence_expiry, d.name as dealer_name`;

function toRows(rows: Record<string, unknown>[]): StageTicketRow[] {
  return rows.map((row) => ({
    userId: row.user_id as number,
    id: row.id as number,
    key: row.key as string,
    product: row.product as string,
    licenceExpiry: row.licence_expiry as string,
    dealerName: row.dealer_name as string,
  }));
}

/** Tickets of each user's subtree, not archived, inside an expiry window: the candidates of a stage. */
function subtreeTickets(list: RunUser[], window: SQL): SQL {
  return sql`
    select c.user_id, c.period_start, t.id as ticket_id, t.licence_expiry
    from ${licenceTickets} t
    cross join lateral unnest(t.dealer_path) as p(dealer_id)
    join ${runUsers(list)} on c.dealer_id = p.dealer_id
    where t.archived_at is null and ${window}`;
}

/** Stage 1: tickets expiring after `day` and within each user's lead days. Not recorded per ticket: it repeats every period by design. */
export async function upcomingTickets(db: Db, list: RunUser[], day: Day): Promise<StageTicketRow[]> {
  if (list.length === 0) return [];
  const maxLead = Math.max(...list.map((u) => u.leadDays));
  const { rows } = await db.execute(sql`
    with due as (${subtreeTickets(list, sql`t.licence_expiry > ${day}::date and t.licence_expiry <= ${day}::date + ${maxLead}::int and t.licence_expiry <= ${day}::date + c.lead`)})
    select due.user_id, ${ticketColumns}
    from due join ${licenceTickets} t on t.id = due.ticket_id join ${dealers} d on d.id = t.dealer_id
    order by due.user_id, t.licence_expiry, t.id`);
  return toRows(rows);
}

/**
 * Stage 2 (expired) or 3 (overdue): the candidates not yet reported for their current expiry.
 * `record` inserts them in the same statement, returning only what this transaction inserted;
 * without it (the preview) nothing is written.
 */
async function stageTickets(db: Db, list: RunUser[], stage: 2 | 3, window: SQL, record: boolean): Promise<StageTicketRow[]> {
  if (list.length === 0) return [];
  // Stage 3 follows a stage 2 of the same expiry sent in an earlier digest.
  const after =
    stage === 3
      ? sql`and exists (select 1 from ${ticketReminderStages} s where s.user_id = due.user_id and s.ticket_id = due.ticket_id
          and s.stage = 2 and s.expiry = due.licence_expiry and s.period_start < due.period_start)`
      : sql``;
  const candidates = sql`
    select due.user_id, due.ticket_id, due.licence_expiry, due.period_start from (${subtreeTickets(list, window)}) due
    where not exists (select 1 from ${ticketReminderStages} s where s.user_id = due.user_id and s.ticket_id = due.ticket_id and s.stage = ${stage} and s.expiry = due.licence_expiry)
    ${after}`;
  const picked = record
    ? sql`insert into ${ticketReminderStages} (user_id, ticket_id, stage, expiry, period_start)
        select user_id, ticket_id, ${stage}, licence_expiry, period_start from (${candidates}) n order by user_id, ticket_id
        on conflict do nothing
        returning user_id, ticket_id`
    : candidates;
  const { rows } = await db.execute(sql`
    with picked as (${picked})
    select picked.user_id, ${ticketColumns}
    from picked join ${licenceTickets} t on t.id = picked.ticket_id join ${dealers} d on d.id = t.dealer_id
    order by picked.user_id, t.licence_expiry, t.id`);
  return toRows(rows);
}

export function expiredTickets(db: Db, list: RunUser[], day: Day, after: Day, record: boolean): Promise<StageTicketRow[]> {
  return stageTickets(db, list, 2, sql`t.licence_expiry <= ${day}::date and t.licence_expiry > ${after}::date`, record);
}

export function overdueTickets(db: Db, list: RunUser[], upTo: Day, after: Day, record: boolean): Promise<StageTicketRow[]> {
  return stageTickets(db, list, 3, sql`t.licence_expiry <= ${upTo}::date and t.licence_expiry > ${after}::date`, record);
}

export interface DigestCounts {
  userId: number;
  periodStart: Day;
  upcoming: number;
  expired: number;
  overdue: number;
  mailed: boolean;
}

/** What each claimed digest held, in one statement. */
export async function recordDigestCounts(tx: Db, counts: DigestCounts[]): Promise<void> {
  if (counts.length === 0) return;
  await tx.execute(sql`
    update ${ticketReminderDigests} g set upcoming = n.upcoming, expired = n.expired, overdue = n.overdue, mailed = n.mailed
    from unnest(${sql.param(counts.map((c) => c.userId))}::int[], ${sql.param(counts.map((c) => c.periodStart))}::date[], ${sql.param(counts.map((c) => c.upcoming))}::int[],
                ${sql.param(counts.map((c) => c.expired))}::int[], ${sql.param(counts.map((c) => c.overdue))}::int[], ${sql.param(counts.map((c) => c.mailed))}::boolean[])
      as n(user_id, period_start, upcoming, expired, overdue, mailed)
    where g.user_id = n.user_id and g.period_start = n.period_start`);
}

/** Records long past any use: digests of old periods, stages of long-gone expiries. */
export async function pruneRecords(tx: Db, before: Day): Promise<void> {
  await tx.execute(sql`delete from ${ticketReminderDigests} where period_start < ${before}::date`);
  await tx.execute(sql`delete from ${ticketReminderStages} where expiry < ${before}::date`);
}
