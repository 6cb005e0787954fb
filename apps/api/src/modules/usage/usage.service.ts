import { CONCURRENCY_WINDOW_MINUTES, usageViewSchema, type UsagePing, type UsageView } from '@casebridge/shared/schemas/usage';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import { acceptLiveSession, type SessionClaims, type SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { cachePerApp } from '../../lib/versioned-response-cache.ts';
import {
  forgetMachinesOfKey,
  purgeOldHours,
  recordPings,
  sessionAndStamp,
  setAllowedUsers,
  usageHistory,
  usagePage,
  type TimedPing,
  type UsageKeyRow,
} from './usage.repository.ts';

/**
 * Concurrent use of the desktop CAM software (issue 12). The software pings; a ping is kept only
 * for a licence key whose mill consents to data collection. The manager reads the result.
 */

/** Hourly roll-ups are kept this long: a year to compare with, plus a month. */
export const USAGE_HOURS_KEPT_DAYS = 400;

/** The most pings one transaction writes; past it the rest wait for the next batch. */
const MAX_BATCH = 500;
/** Batches of one process written at once: one can commit while the next is written. */
const MAX_IN_FLIGHT = 2;

type Waiting = { ping: TimedPing; resolve: () => void; reject: (error: unknown) => void; alone?: boolean };

function pingNotRecorded(cause: unknown): AppError {
  const error = new AppError(503, 'INTERNAL', 'The ping could not be recorded. Please send it again.');
  (error as { cause?: unknown }).cause = cause;
  return error;
}

/**
 * Group commit: the pings that arrive while earlier batches are being written are collected and
 * written together, in one statement (recordPings), so a busy process pays one round trip and one
 * commit per batch instead of per ping. An idle process writes a ping at once (no timer adds
 * latency), and the batches grow with the load. A ping's request is answered only when its batch
 * committed, or fails with the batch: no 202 is ever given for a ping held only in memory. Each
 * portal process has its own batches; the database orders them (see recordPings).
 */
function pingWriter(db: Db) {
  const waiting: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;
  const write = (batch: Waiting[]) => {
    inFlight++;
    recordPings(
      db,
      batch.map((entry) => entry.ping),
      CONCURRENCY_WINDOW_MINUTES,
    )
      .then(
        () => batch.forEach((entry) => entry.resolve()),
        (error: unknown) => {
          // One ping the database refuses must not fail the others: each is tried again alone,
          // and only a ping that fails alone is refused (503: the software sends it again).
          if (batch.length > 1) waiting.unshift(...batch.map((entry) => ({ ...entry, alone: true })));
          else batch[0]!.reject(pingNotRecorded(error));
        },
      )
      .finally(() => {
        inFlight--;
        flush();
      });
  };
  const flush = () => {
    scheduled = false;
    while (inFlight < MAX_IN_FLIGHT && waiting.length > 0) write(waiting[0]!.alone ? waiting.splice(0, 1) : takeBatch());
  };
  /** The next pings that were never part of a failed batch, up to MAX_BATCH. */
  const takeBatch = () => {
    const end = waiting.findIndex((entry, index) => entry.alone || index >= MAX_BATCH);
    return waiting.splice(0, end === -1 ? waiting.length : end);
  };
  return (ping: TimedPing) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ ping, resolve, reject });
      // The requests read in this turn of the event loop join the same batch.
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

const writers = new WeakMap<Db, (ping: TimedPing) => Promise<void>>();

/**
 * Records a ping. Unknown keys and keys without consent are dropped without a trace, and the
 * caller cannot tell which case it was: the route answers the same either way.
 */
export async function receivePing(deps: AppDeps, ping: UsagePing, now = new Date()): Promise<void> {
  let writer = writers.get(deps.db);
  if (!writer) writers.set(deps.db, (writer = pingWriter(deps.db)));
  await writer({ ping, at: now });
}

/** A page of the view is 5-20 KB: this holds every page a manager would look at. */
const VIEW_CACHE_BYTES = 4 * 1024 * 1024;
const viewCacheOf = cachePerApp<AppDeps>(() => VIEW_CACHE_BYTES);

/**
 * The manager's usage view, serialized. Its answer moves with every ping and with the clock (the
 * window moves on), so no stamp can say when it is still true: it is a live picture, and each
 * process keeps a page's answer for the rest of the current period of `usageViewMaxAgeMs` (one
 * second; pings arrive once a minute per machine and the window is three minutes). A manager's own
 * change (allowed users, a key's consent, a ticket, a mill's name) moves the stamp of migration
 * 0027 and shows at once. The periods are wall-clock ones, the same in every process, so no process
 * serves an answer older than one period plus the build.
 */
export async function usageView(deps: AppDeps, claims: SessionClaims, page: { start: number; limit: number }): Promise<string> {
  const row = await sessionAndStamp(deps.db, claims);
  await authorize(deps.db, await acceptLiveSession(deps.db, row, claims), 'usage.read', {});
  const build = async () => JSON.stringify(usageViewSchema.parse(await buildUsageView(deps, page, new Date())));
  const maxAge = deps.config.usageViewMaxAgeMs;
  if (maxAge === 0) return build();
  return viewCacheOf(deps).getOrBuild(`${page.start}:${page.limit}`, `${row!.version}:${Math.floor(Date.now() / maxAge)}`, build);
}

async function buildUsageView(deps: AppDeps, page: { start: number; limit: number }, now: Date): Promise<UsageView> {
  const { rows, overview } = await usagePage(deps.db, now, CONCURRENCY_WINDOW_MINUTES, page.start, page.limit);
  const windowStart = now.getTime() - CONCURRENCY_WINDOW_MINUTES * 60_000;
  return {
    count: overview.keys,
    data: rows.map((row) => toUsageKey(row, windowStart)),
    overview: {
      runningMachines: overview.running_machines,
      concurrentlyUsedKeys: overview.concurrently_used_keys,
      keysOverAllowance: overview.over_allowance,
    },
  };
}

function toUsageKey(row: UsageKeyRow, windowStart: number): UsageView['data'][number] {
  return {
    licenceKeyId: row.licence_key_id,
    licenseKey: row.key,
    millId: row.mill_id,
    millName: row.mill_name,
    allowedUsers: row.allowed_users,
    allowedUsersFromTicket: row.allowed_from_ticket,
    multipleLogins: row.concurrent > 1,
    overAllowance: row.concurrent > row.allowed_users,
    firstPing: row.first_ping ? new Date(row.first_ping).toISOString() : null,
    lastPing: row.last_ping ? new Date(row.last_ping).toISOString() : null,
    concurrentlyUsed: row.concurrent,
    machines: row.machines.map((machine) => {
      const lastUpdate = new Date(machine.lastPingAt);
      return {
        boardSerial: machine.boardSerial,
        macAddresses: machine.macAddresses,
        pcName: machine.pcName,
        ipAddresses: machine.ipAddresses,
        running: machine.running,
        active: machine.running && lastUpdate.getTime() > windowStart,
        lastUpdate: lastUpdate.toISOString(),
      };
    }),
  };
}

/**
 * The manager's allowance of a key. Where the key's licence ticket tells how many users it allows
 * (usage.repository.ts, TICKET_ALLOWANCE), the view shows the ticket's number instead; the stored
 * value still counts again if that ticket goes.
 */
export async function changeAllowedUsers(deps: AppDeps, user: SessionUser, licenceKeyId: number, allowedUsers: number): Promise<void> {
  await authorize(deps.db, user, 'usage.manage', {});
  if (!(await setAllowedUsers(deps.db, licenceKeyId, allowedUsers))) throw AppError.notFound('Licence key');
}

const DAY_MS = 86_400_000;
/** History windows are capped so one request cannot ask for years of hours at once. */
export const USAGE_HISTORY_MAX_DAYS = 92;

export async function concurrentUseHistory(deps: AppDeps, user: SessionUser, query: { from: string; to: string; licenceKeyId?: number }) {
  await authorize(deps.db, user, 'usage.read', {});
  const from = new Date(`${query.from}T00:00:00Z`);
  const to = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
  if (to <= from) throw AppError.badRequest('The end date must not be before the start date', 'DATE_RANGE_INVALID');
  if (to.getTime() - from.getTime() > USAGE_HISTORY_MAX_DAYS * DAY_MS)
    throw AppError.badRequest(`Choose at most ${USAGE_HISTORY_MAX_DAYS} days`, 'DATE_RANGE_TOO_LONG');
  const rows = await usageHistory(deps.db, from, to, query.licenceKeyId);
  return { data: rows.map((row) => ({ hour: new Date(row.hour).toISOString(), concurrent: row.concurrent })) };
}

/** The nightly clean-up of roll-ups older than the retention (raw pings are never stored). */
export async function purgeUsageHistory(db: Db, now = new Date()): Promise<number> {
  return purgeOldHours(db, new Date(now.getTime() - USAGE_HOURS_KEPT_DAYS * DAY_MS));
}

/** The mill withdrew its consent for a key: what was stored about its machines goes at once. */
export async function forgetMachinesOf(db: Db, licenceKeyId: number): Promise<void> {
  await forgetMachinesOfKey(db, licenceKeyId);
}
