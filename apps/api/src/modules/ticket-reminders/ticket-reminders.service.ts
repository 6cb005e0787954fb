import type { ReminderFrequency } from '@casebridge/shared/schemas/auth';
import type { ReminderPreview, ReminderStage, ReminderTicket } from '@casebridge/shared/schemas/ticket-reminders';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { settingsOf, languageOf } from '../users/users.queries.ts';
import { MAIL_TICKETS_PER_STAGE, renderReminderDigestMail } from './ticket-reminders.mails.ts';
import {
  claimDigests,
  claimedPeriods,
  dealerUserForReminders,
  dealerUsersForReminders,
  expiredTickets,
  overdueTickets,
  pruneRecords,
  recordDigestCounts,
  sentDigests,
  upcomingTickets,
  type RunUser,
  type StageTicketRow,
} from './ticket-reminders.repository.ts';
import {
  addDays,
  dayOf,
  digestDue,
  KEEP_RECORDS_DAYS,
  nextDigestDay,
  nextRunDay,
  periodStart,
  previousPeriodStart,
  stageWindows,
  type Day,
} from './ticket-reminders.rules.ts';

/**
 * Ticket expiry reminders (issue 14 item 4; ADR docs/decisions/0014-ticket-expiry-reminders.md).
 *
 * A daily job sends each dealer user who has reminders on one digest per period of their
 * frequency (daily; weekly on Mondays; every other Monday; monthly on the 1st), on the period's
 * first day (a missed one caught up by the next run, see `digestDue`), about the tickets of their
 * dealer's subtree that are not archived:
 * 1. upcoming: expiring within the user's lead days (repeats every period while it is true);
 * 2. expired: the expiry day has come (once per ticket and expiry);
 * 3. overdue: still expired, not renewed, a week or more after it (once per ticket and expiry,
 *    after stage 2 went in an earlier digest).
 * A renewed ticket (its expiry moved later) leaves stages 2 and 3 and starts over with its new date.
 *
 * Exactly once, with restarts and two processes: one transaction claims the users' periods
 * (primary key; a concurrent run waits, then skips them), records the stage 2 and 3 tickets of the
 * users it claimed (primary key again), and queues their mails ('mail.send') — so a mail exists
 * exactly when its record does.
 */

export interface ReminderRun {
  /** Users whose period this run claimed. */
  digests: number;
  mails: number;
}

type Stages = Record<ReminderStage, { count: number; tickets: ReminderTicket[] }>;

function emptyStages(): Stages {
  return { upcoming: { count: 0, tickets: [] }, expired: { count: 0, tickets: [] }, overdue: { count: 0, tickets: [] } };
}

/** Spreads rows of all users into each user's stages, keeping the first `limit` tickets of each. */
function byUser(rows: Record<ReminderStage, StageTicketRow[]>, limit: number): Map<number, Stages> {
  const result = new Map<number, Stages>();
  for (const stage of Object.keys(rows) as ReminderStage[]) {
    for (const { userId, ...ticket } of rows[stage]) {
      let stages = result.get(userId);
      if (!stages) result.set(userId, (stages = emptyStages()));
      stages[stage].count += 1;
      if (stages[stage].tickets.length < limit) stages[stage].tickets.push(ticket);
    }
  }
  return result;
}

/** The scheduled job (jobs.ts). Safe to run twice, late, or on two processes at once. */
export async function runTicketReminders(deps: AppDeps, now = new Date()): Promise<ReminderRun> {
  const day = dayOf(now);
  const subscribed = (await dealerUsersForReminders(deps.db)).flatMap(({ user, dealerId }) => {
    const settings = settingsOf(user);
    if (!settings.ticketExpiryReminder) return [];
    const frequency = settings.ticketExpiryReminderFrequency;
    return [
      {
        user,
        run: {
          userId: user.id,
          dealerId,
          periodStart: periodStart(frequency, day),
          leadDays: settings.ticketExpiryReminderDays,
          frequency,
        },
      },
    ];
  });
  const previousSent = await sentDigests(
    deps.db,
    subscribed.map(({ run }) => ({ userId: run.userId, periodStart: previousPeriodStart(run.frequency, day), frequency: run.frequency })),
  );
  const candidates = subscribed.filter(({ run }) => digestDue(run.frequency, day, previousSent.has(run.userId)));
  return deps.db.transaction(async (tx) => {
    const claimed = await claimDigests(
      tx,
      candidates.map((c) => c.run),
    );
    const list: RunUser[] = candidates.filter((c) => claimed.has(c.user.id)).map((c) => c.run);
    const windows = stageWindows(day);
    const rows = {
      upcoming: await upcomingTickets(tx, list, day),
      expired: await expiredTickets(tx, list, day, windows.expiredAfter, true),
      // After stage 2, so a ticket whose stage 2 this digest just recorded waits for the next one.
      overdue: await overdueTickets(tx, list, windows.overdueUpTo, windows.overdueAfter, true),
    };
    const stagesOf = byUser(rows, MAIL_TICKETS_PER_STAGE);
    let mails = 0;
    for (const { user, run } of candidates) {
      const stages = claimed.has(user.id) ? stagesOf.get(user.id) : undefined;
      if (!stages) continue;
      const mail = renderReminderDigestMail(languageOf(user), {
        firstName: user.firstName,
        stages,
        leadDays: run.leadDays,
        deskLink: `${deps.config.publicUrl}/dealer/tickets`,
        settingsLink: `${deps.config.publicUrl}/dealer/settings`,
      });
      await deps.jobs.enqueue(tx, 'mail.send', { to: user.email, ...mail });
      mails += 1;
    }
    await recordDigestCounts(
      tx,
      list.map((run) => {
        const stages = stagesOf.get(run.userId) ?? emptyStages();
        return {
          userId: run.userId,
          periodStart: run.periodStart,
          upcoming: stages.upcoming.count,
          expired: stages.expired.count,
          overdue: stages.overdue.count,
          mailed: stagesOf.has(run.userId),
        };
      }),
    );
    await pruneRecords(tx, addDays(day, -KEEP_RECORDS_DAYS));
    return { digests: list.length, mails };
  });
}

/** How many tickets of each stage the preview lists (the counts are complete). */
const PREVIEW_TICKETS_PER_STAGE = 20;

/**
 * The signed-in dealer user's next digest: its day (the next run, or the next period's first run
 * when this period's digest already went) and what it would hold then, computed as the job would
 * on that day but without recording anything.
 */
export async function previewReminders(deps: AppDeps, sessionUser: SessionUser, now = new Date()): Promise<ReminderPreview> {
  await authorize(deps.db, sessionUser, 'ticketReminders.preview', {});
  const found = await dealerUserForReminders(deps.db, sessionUser.id);
  if (!found) throw AppError.notFound('Dealer');
  const settings = settingsOf(found.user);
  const base = {
    enabled: settings.ticketExpiryReminder,
    leadDays: settings.ticketExpiryReminderDays,
    frequency: settings.ticketExpiryReminderFrequency,
  };
  if (!settings.ticketExpiryReminder) return { ...base, nextDigestOn: null, ...emptyStages() };
  const day = await digestDayFor(deps.db, found.user.id, settings.ticketExpiryReminderFrequency, now);
  const run: RunUser = {
    userId: found.user.id,
    dealerId: found.dealerId,
    periodStart: periodStart(settings.ticketExpiryReminderFrequency, day),
    leadDays: settings.ticketExpiryReminderDays,
  };
  const windows = stageWindows(day);
  const rows = {
    upcoming: await upcomingTickets(deps.db, [run], day),
    expired: await expiredTickets(deps.db, [run], day, windows.expiredAfter, false),
    overdue: await overdueTickets(deps.db, [run], windows.overdueUpTo, windows.overdueAfter, false),
  };
  return { ...base, nextDigestOn: day, ...(byUser(rows, PREVIEW_TICKETS_PER_STAGE).get(run.userId) ?? emptyStages()) };
}

/** The day the job will send the user's next digest (the rule of `nextDigestDay`, fed with the records). */
async function digestDayFor(db: Db, userId: number, frequency: ReminderFrequency, now: Date): Promise<Day> {
  const runDay = nextRunDay(now);
  const current = periodStart(frequency, runDay);
  const previous = { userId, periodStart: previousPeriodStart(frequency, runDay), frequency };
  const [claimed, previousSent] = await Promise.all([claimedPeriods(db, userId, current), sentDigests(db, [previous])]);
  return nextDigestDay(frequency, runDay, { thisPeriod: claimed.has(current), previousPeriod: previousSent.has(userId) });
}
