import { CONCURRENCY_WINDOW_MINUTES, type UsagePing, type UsageView } from '@casebridge/shared/schemas/usage';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { forgetMachinesOfKey, purgeOldHours, recordPing, setAllowedUsers, usageHistory, usagePage, type UsageKeyRow } from './usage.repository.ts';

/**
 * Concurrent use of the desktop CAM software (issue 12). The software pings; a ping is kept only
 * for a licence key whose mill consents to data collection. The manager reads the result.
 */

/** Hourly roll-ups are kept this long: a year to compare with, plus a month. */
export const USAGE_HOURS_KEPT_DAYS = 400;

/**
 * Records a ping. Unknown keys and keys without consent are dropped without a trace, and the
 * caller cannot tell which case it was: the route answers the same either way.
 */
export async function receivePing(deps: AppDeps, ping: UsagePing, now = new Date()): Promise<void> {
  await recordPing(deps.db, ping, now, CONCURRENCY_WINDOW_MINUTES);
}

export async function usageView(deps: AppDeps, user: SessionUser, page: { start: number; limit: number }, now = new Date()): Promise<UsageView> {
  await authorize(deps.db, user, 'usage.read', {});
  const { rows, overview } = await usagePage(deps.db, now, CONCURRENCY_WINDOW_MINUTES, page.start, page.limit);
  const windowStart = now.getTime() - CONCURRENCY_WINDOW_MINUTES * 60_000;
  return {
    count: overview.keys,
    data: rows.map((row) => toUsageKey(row, windowStart)),
    overview: { runningMachines: overview.running_machines, concurrentlyUsedKeys: overview.concurrently_used_keys, keysOverAllowance: overview.over_allowance },
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
  if (to.getTime() - from.getTime() > USAGE_HISTORY_MAX_DAYS * DAY_MS) throw AppError.badRequest(`Choose at most ${USAGE_HISTORY_MAX_DAYS} days`, 'DATE_RANGE_TOO_LONG');
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
