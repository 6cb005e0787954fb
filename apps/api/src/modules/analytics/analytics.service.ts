import {
  ACTIVITY_DEFAULT_DAYS,
  ACTIVITY_MAX_DAYS,
  ACTIVITY_ORDER_IDS,
  CHART_DEFAULT_DAYS,
  CHART_MAX_DAYS,
  CHART_TOP_MILLS,
  LATEST_ORDER_IDS,
  type Activity,
  type MillChoice,
  type MillDaily,
  type MillOrders,
  type MillOverview,
  type OrdersPerDay,
  type StoragePerMill,
  type UserStat,
  activitySchema,
  millOrdersSchema,
  millsOverviewSchema,
  ordersPerDaySchema,
  storagePerMillSchema,
  userStatsSchema,
} from '@casebridge/shared/schemas/analytics';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import { acceptLiveSession, type SessionClaims, type SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { cachePerApp } from '../../lib/versioned-response-cache.ts';
import {
  activityOf,
  millChoices,
  millDaily,
  millExists,
  millName,
  millOrdersPage,
  millsOverviewPage,
  ordersPerMillAndDay,
  sessionAndStamp,
  storedBytesPerMill,
  userStatsPage,
} from './analytics.repository.ts';

/**
 * The manager's analytics of every mill (issue 12, spec manager-dealer §2 manager area). Reads
 * only; the manager's tenant is the whole platform.
 *
 * The views are asked for the same pages over and over while the data moves slowly, so their
 * whole answers are kept, serialized, in the versioned cache (ADR 0005) under the stamp of
 * migration 0024: the platform's for the views over every mill, the mill's for one mill's orders.
 * The stamp is read with the session's user in one round trip, so a hit costs that round trip
 * alone; every process reads it from the database, so none serves an answer older than its stamp.
 * Keys hold the resolved days, never "today": a default range moves to a new key at midnight UTC.
 * The daily chart of one mill also shows usage hours, which no stamp covers: it is not kept.
 */

/** An answer of 10 rows is 1-3 KB, the activity of every mill 100 KB: this holds thousands. */
const ANSWER_CACHE_BYTES = 16 * 1024 * 1024;
const answerCacheOf = cachePerApp<AppDeps>(() => ANSWER_CACHE_BYTES);

type Claims = SessionClaims;

/**
 * The stamp of the answers (of one mill, or of the platform) once the session and the rule book
 * let the caller read analytics. Read before anything is built: a kept answer can only be newer.
 */
async function stampFor(deps: AppDeps, claims: Claims, millId: number | null = null): Promise<string> {
  const row = await sessionAndStamp(deps.db, claims, millId);
  await authorize(deps.db, await acceptLiveSession(deps.db, row, claims), 'analytics.read', {});
  return row!.version;
}

/** The kept answer of `key`, else the one `build` makes, checked against its schema like any response. */
function keptAnswer<T>(deps: AppDeps, key: unknown[], version: string, schema: z.ZodType<T>, build: () => Promise<T>): Promise<string> {
  return answerCacheOf(deps).getOrBuild(JSON.stringify(key), version, async () => JSON.stringify(schema.parse(await build())));
}

const DAY_MS = 86_400_000;
type Page = { start: number; limit: number };
type Listed<T> = { count: number; data: T[] };

/** A day `YYYY-MM-DD` as the instant its UTC day starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
/** The day after `day`: ranges of whole days end, exclusive, where it starts. */
const dayAfter = (day: string) => dayOf(new Date(dayStart(day).getTime() + DAY_MS));

export async function millsOverview(deps: AppDeps, claims: Claims, query: Page & { ids?: number[] }): Promise<string> {
  const version = await stampFor(deps, claims);
  return keptAnswer(deps, ['mills', query.start, query.limit, query.ids], version, millsOverviewSchema, () =>
    buildMillsOverview(deps, query),
  );
}

async function buildMillsOverview(deps: AppDeps, query: Page & { ids?: number[] }): Promise<Listed<MillOverview>> {
  const { rows, count } = await millsOverviewPage(deps.db, { ...query, latestIds: LATEST_ORDER_IDS });
  return {
    count,
    data: rows.map((row) => ({
      millId: row.mill_id,
      name: row.name,
      contractType: row.contract_type,
      planKey: row.plan_key,
      clientsCount: row.clients_count,
      allowedClients: row.allowed_clients,
      ordersCreated: row.orders_created,
      maxOrdersCount: row.max_orders_count,
      projectIds: row.project_ids,
      moreOrdersCount: Math.max(0, row.orders_listed - row.project_ids.length),
    })),
  };
}

export async function allMills(deps: AppDeps, user: SessionUser): Promise<{ data: MillChoice[] }> {
  await authorize(deps.db, user, 'analytics.read', {});
  return { data: await millChoices(deps.db) };
}

type MillOrdersQuery = Page & { fromDate?: string; toDate?: string; ids?: number[] };

/** Under the mill's own stamp: the other mills' orders leave its answers in place. */
export async function ordersOfMill(deps: AppDeps, claims: Claims, millId: number, query: MillOrdersQuery): Promise<string> {
  const version = await stampFor(deps, claims, millId);
  if (query.fromDate && query.toDate && query.toDate < query.fromDate)
    throw AppError.badRequest('The end date must not be before the start date');
  const key = ['orders', millId, query.start, query.limit, query.fromDate, query.toDate, query.ids];
  return keptAnswer(deps, key, version, millOrdersSchema, () => buildOrdersOfMill(deps, millId, query));
}

/** A missing mill fails the build, which is never kept: deleting a mill moves its stamp anyway. */
async function buildOrdersOfMill(deps: AppDeps, millId: number, query: MillOrdersQuery): Promise<MillOrders> {
  if (!(await millExists(deps.db, millId))) throw AppError.notFound('Mill');
  const { rows, count } = await millOrdersPage(deps.db, millId, {
    ...query,
    fromDay: query.fromDate,
    // The end day is included: orders up to its last instant count.
    untilDay: query.toDate ? dayAfter(query.toDate) : undefined,
  });
  const data = rows.map((row) => ({
    projectId: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    componentsCount: row.components_count,
    documentsCount: row.documents_count,
    documentsSize: Number(row.documents_size),
  }));
  const totals = { componentsCount: 0, documentsCount: 0, documentsSize: 0 };
  for (const row of data) {
    totals.componentsCount += row.componentsCount;
    totals.documentsCount += row.documentsCount;
    totals.documentsSize += row.documentsSize;
  }
  return { count, data, totals };
}

export async function userStats(deps: AppDeps, claims: Claims, page: Page): Promise<string> {
  const version = await stampFor(deps, claims);
  return keptAnswer(deps, ['users', page.start, page.limit], version, userStatsSchema, () => buildUserStats(deps, page));
}

async function buildUserStats(deps: AppDeps, page: Page): Promise<Listed<UserStat>> {
  const { rows, count } = await userStatsPage(deps.db, { ...page, latestIds: LATEST_ORDER_IDS });
  return {
    count,
    data: rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      projectsCount: row.projects_count,
      company: row.company,
      createdAt: new Date(row.created_at).toISOString(),
      projectIds: row.latest.project_ids,
      period: row.latest.last_order_at ? monthYear(new Date(row.latest.last_order_at)) : null,
      mills: row.mills,
      labs: row.labs,
    })),
  };
}

/** `MM.YYYY` of an instant (UTC), the spec's month.year. */
export function monthYear(instant: Date): string {
  return `${String(instant.getUTCMonth() + 1).padStart(2, '0')}.${instant.getUTCFullYear()}`;
}

/**
 * A range of whole UTC days, both included. Without an end it ends today; without a start it
 * starts `defaultDays` before the end (the activity view's "last 7 days to today", spec §9).
 */
function dayRange(
  query: { start?: string; end?: string },
  defaultDays: number,
  maxDays: number,
  now = new Date(),
): { start: string; end: string } {
  const end = query.end ?? dayOf(now);
  const start = query.start ?? dayOf(new Date(dayStart(end).getTime() - defaultDays * DAY_MS));
  if (end < start) throw AppError.badRequest('The end date must not be before the start date');
  // Both ends count, so a range of maxDays days spans maxDays - 1 days between its ends.
  if (dayStart(end).getTime() - dayStart(start).getTime() >= maxDays * DAY_MS)
    throw AppError.badRequest(`Choose a range of at most ${maxDays} days`);
  return { start, end };
}

export function activityRange(query: { start?: string; end?: string }, now = new Date()): { start: string; end: string } {
  return dayRange(query, ACTIVITY_DEFAULT_DAYS, ACTIVITY_MAX_DAYS, now);
}

export async function activity(deps: AppDeps, claims: Claims, query: { start?: string; end?: string }, now = new Date()): Promise<string> {
  const version = await stampFor(deps, claims);
  const range = activityRange(query, now);
  return keptAnswer(deps, ['activity', range.start, range.end], version, activitySchema, () => buildActivity(deps, range));
}

async function buildActivity(deps: AppDeps, range: { start: string; end: string }): Promise<Activity> {
  const rows = await activityOf(deps.db, range.start, dayAfter(range.end), ACTIVITY_ORDER_IDS);
  return {
    ...range,
    data: rows.map((row) => ({
      millId: row.mill_id,
      name: row.name,
      millEmail: row.mill_email,
      ordersCount: row.orders_count,
      projectIds: row.project_ids,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

/** Every day of an inclusive range, in order. */
function daysOf(start: string, end: string): string[] {
  const days: string[] = [];
  for (let at = dayStart(start).getTime(); at <= dayStart(end).getTime(); at += DAY_MS) days.push(dayOf(new Date(at)));
  return days;
}

const chartRange = (query: { from?: string; to?: string }, now: Date) =>
  dayRange({ start: query.from, end: query.to }, CHART_DEFAULT_DAYS, CHART_MAX_DAYS, now);

export async function ordersPerDay(
  deps: AppDeps,
  claims: Claims,
  query: { from?: string; to?: string },
  now = new Date(),
): Promise<string> {
  const version = await stampFor(deps, claims);
  const range = chartRange(query, now);
  return keptAnswer(deps, ['orders-per-day', range.start, range.end], version, ordersPerDaySchema, () => buildOrdersPerDay(deps, range));
}

async function buildOrdersPerDay(deps: AppDeps, { start, end }: { start: string; end: string }): Promise<OrdersPerDay> {
  const rows = await ordersPerMillAndDay(deps.db, start, dayAfter(end), CHART_TOP_MILLS);
  const days = daysOf(start, end);
  const position = new Map(days.map((day, index) => [day, index]));
  const mills = new Map<number, OrdersPerDay['mills'][number]>();
  const rest = { mills: rows[0]?.rest_mills ?? 0, total: 0, perDay: days.map(() => 0) };
  for (const row of rows) {
    const index = position.get(row.day)!;
    if (row.mill_id === null) {
      rest.perDay[index] = row.n;
      rest.total += row.n;
      continue;
    }
    let mill = mills.get(row.mill_id);
    if (!mill) mills.set(row.mill_id, (mill = { millId: row.mill_id, name: row.name ?? '', total: 0, perDay: days.map(() => 0) }));
    mill.perDay[index] = row.n;
    mill.total += row.n;
  }
  const busiestFirst = [...mills.values()].sort((a, b) => b.total - a.total || a.millId - b.millId);
  return { from: start, to: end, days, mills: busiestFirst, rest };
}

export async function storagePerMill(deps: AppDeps, claims: Claims, query: { top: number }): Promise<string> {
  const version = await stampFor(deps, claims);
  return keptAnswer(deps, ['storage', query.top], version, storagePerMillSchema, () => buildStoragePerMill(deps, query));
}

async function buildStoragePerMill(deps: AppDeps, query: { top: number }): Promise<StoragePerMill> {
  // Largest first; the rows are one per mill (hundreds), so splitting off the rest here is cheap.
  const rows = (await storedBytesPerMill(deps.db)).map((row) => ({ millId: row.mill_id, name: row.name, bytes: Number(row.bytes) }));
  const others = rows.slice(query.top);
  const restBytes = others.reduce((sum, row) => sum + row.bytes, 0);
  return {
    totalBytes: rows.reduce((sum, row) => sum + row.bytes, 0),
    mills: rows.slice(0, query.top),
    rest: { mills: others.length, bytes: restBytes },
  };
}

export async function dailyOfMill(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  query: { from?: string; to?: string },
  now = new Date(),
): Promise<MillDaily> {
  await authorize(deps.db, user, 'analytics.read', {});
  const { start, end } = chartRange(query, now);
  const name = await millName(deps.db, millId);
  if (name === undefined) throw AppError.notFound('Mill');
  const result = await millDaily(deps.db, millId, start, end);
  return {
    millId,
    name,
    from: start,
    to: end,
    licenceKeys: result.licenceKeys,
    keysReporting: result.keysReporting,
    days: result.days.map((row) => ({ day: row.day, orders: row.orders, maxConcurrentUsers: row.max_concurrent })),
  };
}
