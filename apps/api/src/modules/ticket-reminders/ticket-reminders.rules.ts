import type { ReminderFrequency } from '@casebridge/shared/schemas/auth';

/**
 * The calendar of ticket expiry reminders, as pure functions of UTC days (YYYY-MM-DD strings, the
 * form PostgreSQL's `date` takes and gives), so the job, the preview and the tests agree.
 */

/** The job runs daily at 06:05 UTC (jobs.ts); the preview needs the hour to name the next run. */
export const RUN_CRON = '5 6 * * *';
export const RUN_MINUTE_OF_DAY = 6 * 60 + 5;

/** Stage 3 comes this many days after expiry, for a ticket still not renewed. */
export const OVERDUE_AFTER_DAYS = 7;
/**
 * How far back a digest looks for an expiry not yet reported (stage 2): longer than the longest
 * period (a month), so a monthly digest still reports what expired since the last one; and short,
 * so the first run after launch does not report years of old expiries.
 */
export const EXPIRED_LOOKBACK_DAYS = 38;
/** Stage 3 follows a stage 2 of an earlier digest, for expiries at most this old. */
export const OVERDUE_LOOKBACK_DAYS = 90;
/** Digest rows older than this are pruned by the job; stage rows by their expiry. */
export const KEEP_RECORDS_DAYS = 400;

/** Biweekly periods count two-week blocks from this Monday, so every process agrees on them. */
const BIWEEKLY_ANCHOR = '1970-01-05';
const DAY_MS = 86_400_000;

export type Day = string;

export function dayOf(date: Date): Day {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: Day, days: number): Day {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

function daysBetween(from: Day, to: Day): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The first day of the period of `frequency` that contains `day`. */
export function periodStart(frequency: ReminderFrequency, day: Day): Day {
  switch (frequency) {
    case 'daily':
      return day;
    case 'weekly': {
      // getUTCDay: 0 is Sunday; Monday starts the week.
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      return addDays(day, -((weekday + 6) % 7));
    }
    case 'biweekly':
      return addDays(BIWEEKLY_ANCHOR, Math.floor(daysBetween(BIWEEKLY_ANCHOR, day) / 14) * 14);
    case 'monthly':
      return `${day.slice(0, 7)}-01`;
  }
}

/** The first day of the period after the one that contains `day`. */
export function nextPeriodStart(frequency: ReminderFrequency, day: Day): Day {
  const start = periodStart(frequency, day);
  switch (frequency) {
    case 'daily':
      return addDays(start, 1);
    case 'weekly':
      return addDays(start, 7);
    case 'biweekly':
      return addDays(start, 14);
    case 'monthly': {
      const date = new Date(`${start}T00:00:00Z`);
      return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
    }
  }
}

/** The first day of the period before the one that contains `day`. */
export function previousPeriodStart(frequency: ReminderFrequency, day: Day): Day {
  return periodStart(frequency, addDays(periodStart(frequency, day), -1));
}

/** The UTC day of the job's next run after `now`: today until 06:05, else tomorrow. */
export function nextRunDay(now: Date): Day {
  const today = dayOf(now);
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  return minute < RUN_MINUTE_OF_DAY ? today : addDays(today, 1);
}

/**
 * Whether a run on `day` sends the digest of its period, not sent yet: on the period's first day
 * (spec §9: weekly means Mondays). A later day only catches up a first day that had no run, for a
 * user whose previous period's digest went with this frequency: the first day's run would have
 * found them. Anyone else, a new subscriber too, waits for the next first day.
 */
export function digestDue(frequency: ReminderFrequency, day: Day, previousPeriodSent: boolean): boolean {
  return periodStart(frequency, day) === day || previousPeriodSent;
}

/** What the digest records say about the periods around the next run. */
export interface SentPeriods {
  /** A digest of the run day's period went (any frequency: the period is spent). */
  thisPeriod: boolean;
  /** The previous period's digest went with the current frequency. */
  previousPeriod: boolean;
}

/** The day of the next digest, as the job will send it: the next run's day if due then, else the next period's first day. */
export function nextDigestDay(frequency: ReminderFrequency, runDay: Day, sent: SentPeriods): Day {
  return !sent.thisPeriod && digestDue(frequency, runDay, sent.previousPeriod) ? runDay : nextPeriodStart(frequency, runDay);
}

/**
 * Which tickets a digest on `day` reports, per stage (inclusive bounds as SQL compares them):
 * upcoming: day < expiry ≤ day + lead; expired: day − lookback < expiry ≤ day (once per ticket);
 * overdue: expiry ≤ day − 7, after a stage 2 in an earlier digest (once per ticket).
 */
export function stageWindows(day: Day) {
  return {
    expiredAfter: addDays(day, -EXPIRED_LOOKBACK_DAYS),
    overdueUpTo: addDays(day, -OVERDUE_AFTER_DAYS),
    overdueAfter: addDays(day, -OVERDUE_LOOKBACK_DAYS),
  };
}
