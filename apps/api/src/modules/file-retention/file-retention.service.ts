import type { FilesExpiringNotice } from '@casebridge/shared/schemas/billing';
import type { AppDeps } from '../../deps.ts';
import { removeQueued } from '../../platform/storage/removals.ts';
import { filesExpiringCutoffsOf, storeFilesExpiring } from '../notifications/notifications.service.ts';
import { countRetainedFilesOf, deleteRetainedFiles } from '../order-files/order-files.service.ts';
import { languageOf } from '../users/users.queries.ts';
import { renderFilesExpiringMail } from './file-retention.mails.ts';
import { lockMillRetention, millsWithFiles } from './file-retention.repository.ts';

/**
 * File retention (issue 11, add-ons; spec §9): a daily job deletes each mill's files older than
 * its keep period (the add-on's days, else the plan's), never a file of an order that has a
 * component still Open, and warns the mill's staff a week before.
 *
 * Exactly one warning per batch of files, without a column of its own: the warnings are the
 * record. A warning covers every file uploaded before its cutoff (`uploadedBefore`, a UTC
 * midnight) and announces the day they go (`deleteOn`, a week after it was given). Each run
 * computes today's cutoff (today + 7 days − keep days) and warns only about files between the
 * latest cutoff already warned about and today's, under a per-mill advisory lock. A second run on
 * the same day finds today's cutoff already warned and does nothing; a run after missed days
 * covers the missed days in one warning. Files are deleted only below the latest cutoff whose
 * announced day has come (and past their period), so no file goes without a warning a week
 * earlier, whatever the schedule did. If the keep period shrinks (an add-on ends), the newly due
 * files get their own warning and go a week later; if it grows, they simply stay longer.
 */

/** The warning comes this many days before the files go. */
const WARNING_DAYS = 7;
/** Files deleted per transaction: a mill with 100,000 files never holds one huge transaction. */
const BATCH_SIZE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRun {
  /** Mills whose staff got a new warning. */
  warned: number;
  deletedFiles: number;
  freedBytes: number;
}

/** The scheduled job (jobs.ts). Safe to run twice, late, or on two processes at once. */
export async function runFileRetention(deps: AppDeps, now = new Date(), batchSize = BATCH_SIZE): Promise<RetentionRun> {
  const run: RetentionRun = { warned: 0, deletedFiles: 0, freedBytes: 0 };
  for (const { millId, keepDays } of await millsWithFiles(deps.db)) {
    if (await warnMill(deps, millId, keepDays, now)) run.warned += 1;
    const deleted = await deleteDueFiles(deps, millId, keepDays, now, batchSize);
    run.deletedFiles += deleted.files;
    run.freedBytes += deleted.bytes;
  }
  return run;
}

/**
 * Warns the mill's staff about the files that become due within the week and were not yet
 * warned about: the notification and each staff member's mail (in their own language) are stored
 * in one transaction, so both exist exactly when the warning counts as given.
 */
async function warnMill(deps: AppDeps, millId: number, keepDays: number, now: Date): Promise<boolean> {
  const deleteOn = addDays(startOfUtcDay(now), WARNING_DAYS);
  const uploadedBefore = addDays(deleteOn, -keepDays);
  return deps.db.transaction(async (tx) => {
    await lockMillRetention(tx, millId);
    const { warned } = await filesExpiringCutoffsOf(tx, millId, now);
    if (warned && warned >= uploadedBefore) return false;
    const files = await countRetainedFilesOf(tx, millId, { from: warned, before: uploadedBefore });
    if (files === 0) return false;
    const notice: FilesExpiringNotice = { files, uploadedBefore: uploadedBefore.toISOString(), deleteOn: deleteOn.toISOString() };
    const staff = await storeFilesExpiring(tx, millId, notice);
    const link = `${deps.config.publicUrl}/mill/contract?tab=contract-types`;
    for (const user of staff) {
      await deps.jobs.enqueue(tx, 'mail.send', {
        to: user.email,
        ...renderFilesExpiringMail(languageOf(user), { files, uploadedBefore, deleteOn, keepDays, link }),
      });
    }
    return staff.length > 0;
  });
}

/**
 * Deletes, batch by batch, the mill's files that are past their period and were announced for a
 * day that has come. Each batch's rows and removal-queue entries commit together; the bytes are
 * removed right after (a crash leaves them queued for `storage.remove-queued`).
 */
async function deleteDueFiles(
  deps: AppDeps,
  millId: number,
  keepDays: number,
  now: Date,
  batchSize: number,
): Promise<{ files: number; bytes: number }> {
  const { due } = await filesExpiringCutoffsOf(deps.db, millId, now);
  if (!due) return { files: 0, bytes: 0 };
  const pastPeriod = addDays(now, -keepDays);
  const before = due < pastPeriod ? due : pastPeriod;
  const total = { files: 0, bytes: 0 };
  for (;;) {
    const batch = await deps.db.transaction((tx) => deleteRetainedFiles(tx, millId, before, batchSize));
    if (batch.keys.length > 0) await removeQueued(deps.db, deps.storage, batch.keys);
    total.files += batch.keys.length;
    total.bytes += batch.bytes;
    // A short batch means nothing is left, or another process holds the rest (SKIP LOCKED).
    if (batch.keys.length < batchSize) return total;
  }
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
