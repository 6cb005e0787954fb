/**
 * A user's personal data (issue 28 part 4): the export (a ZIP built by a job, mailed as a
 * single-use link bound to its user) and the account's deletion (personal fields erased or
 * pseudonymised, what others need kept under "Deleted user"). A use case: it orchestrates the
 * directory, the core and features inside one transaction. Why each choice: docs/privacy.md.
 */
import type { Readable } from 'node:stream';
import type { DataExport, DataExportState, DeleteAccountBody } from '@casebridge/shared/schemas/personal-data';
import type { Language } from '@casebridge/shared/constants/languages';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import { hashOneTimeToken, newOneTimeToken } from '../../lib/one-time-tokens.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { discardUnrecorded, queueRemovals, removeQueued } from '../../platform/storage/removals.ts';
import { leaveDealer } from '../dealers/dealers.service.ts';
import { leaveEveryMill, millsLeftWithoutAdmin } from '../mill-users/mill-users.service.ts';
import { deleteNotificationsOf } from '../notifications/notifications.service.ts';
import { hasSecondFactor, removeSecondFactorOf, secondFactorCodeIsRight } from '../two-factor/two-factor.service.ts';
import { deleteSessionsOfUser } from '../user-sessions/user-sessions.service.ts';
import { userById } from '../users/users.queries.ts';
import { assertNotLastManager, deleteAccountLinks, eraseUser } from '../users/users.service.ts';
import { storeExportZip } from './personal-data.files.ts';
import { renderDataExportMail } from './personal-data.mails.ts';
import * as repo from './personal-data.repository.ts';
import { EXPORT_LINK_DAYS, EXPORTS_PER_DAY, STALE_EXPORT_HOURS } from './personal-data.rules.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobTypes {
    /** Builds a user's data export and stores it; queues its mail in the transaction that marks it ready. */
    'data-export.build': { exportId: number; language: Language };
    /** Mails the export's link; the job issues the token, so no usable link waits in the queue. */
    'mail.data-export': { exportId: number; language: Language };
    /** Scheduled: exports past their link's expiry lose their file (through the removal queue). */
    'data-export.expire': Record<string, never>;
  }
}

const DAY_MS = 24 * 3600 * 1000;

function dto(row: repo.DataExportRow): DataExport {
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadedAt: row.downloadedAt?.toISOString() ?? null,
  };
}

/** `GET /users/me/data-export`. */
export async function dataExportState(deps: AppDeps, user: SessionUser): Promise<DataExportState> {
  await authorize(deps.db, user, 'personalData.export', {});
  const latest = await repo.latestOf(deps.db, user.id);
  return { export: latest && dto(latest) };
}

const inProgress = () =>
  AppError.conflict('Your data export is being prepared; you will receive a mail when it is ready', 'DATA_EXPORT_IN_PROGRESS');

/** `POST /users/me/data-export`: one in flight per user (the partial unique index), a few a day. */
export async function requestDataExport(deps: AppDeps, user: SessionUser, language: Language): Promise<DataExportState> {
  await authorize(deps.db, user, 'personalData.export', {});
  const row = await unlessDuplicate(
    () =>
      deps.db.transaction(async (tx) => {
        // Counted under a lock of this user's requests, so concurrent requests cannot both pass the count.
        await repo.lockRequestsOf(tx, user.id);
        if ((await repo.countRequestedSince(tx, user.id, new Date(Date.now() - DAY_MS))) >= EXPORTS_PER_DAY)
          throw new AppError(429, 'RATE_LIMITED', `At most ${EXPORTS_PER_DAY} data exports a day; please try again tomorrow`);
        const created = await repo.insertExport(tx, user.id);
        await deps.jobs.enqueue(tx, 'data-export.build', { exportId: created.id, language });
        await deps.audit.append(tx, ownAudit(user, 'personalData.exportRequested', created.id));
        return created;
      }),
    inProgress,
  );
  return { export: dto(row) };
}

/** The job: builds and stores the ZIP, then marks the export ready and queues its mail in one transaction. */
export async function buildDataExport(deps: AppDeps, exportId: number, language: Language): Promise<void> {
  const row = await repo.findExport(deps.db, exportId);
  if (!row || row.status !== 'requested') return; // Done by an earlier attempt, or the account went.
  const user = await userById(deps.db, row.userId);
  if (!user || user.deletedAt) return;
  const stored = await storeExportZip(deps, user);
  try {
    const recorded = await deps.db.transaction(async (tx) => {
      const expiresAt = new Date(Date.now() + EXPORT_LINK_DAYS * DAY_MS);
      if (!(await repo.markReady(tx, exportId, { storageKey: stored.key, sizeBytes: stored.size, expiresAt }))) return false;
      await deps.jobs.enqueue(tx, 'mail.data-export', { exportId, language });
      return true;
    });
    if (!recorded) await discardUnrecorded(deps.db, deps.storage, stored.key);
  } catch (error) {
    await discardUnrecorded(deps.db, deps.storage, stored.key);
    throw error;
  }
}

/** The mail job: a fresh link (an earlier attempt's stops working) to the web page that downloads it. */
export async function mailDataExport(deps: AppDeps, exportId: number, language: Language): Promise<void> {
  const row = await repo.findExport(deps.db, exportId);
  const user = row && (await userById(deps.db, row.userId));
  if (!row || !user || user.deletedAt) return;
  const { token, tokenHash } = newOneTimeToken();
  if (!(await repo.setLinkHash(deps.db, exportId, tokenHash))) return; // Expired or used meanwhile.
  const link = `${deps.config.publicUrl}/data-export/${token}`;
  await deps.mailer.send({ to: user.email, ...renderDataExportMail(language, user.firstName, link, EXPORT_LINK_DAYS) });
}

const linkGone = () => new AppError(410, 'DATA_EXPORT_LINK_GONE', 'This link was used already or has expired; ask for a new export');

/**
 * `GET /users/me/data-export/:token`: the ZIP, once, to the user the link was made for. Another
 * user's link is not found (and stays usable for its owner); a used or expired one is gone (410).
 */
export async function downloadDataExport(
  deps: AppDeps,
  user: SessionUser,
  token: string,
): Promise<{ stream: Readable; size: number; filename: string }> {
  await authorize(deps.db, user, 'personalData.export', {});
  const tokenHash = hashOneTimeToken(token);
  const row = await deps.db.transaction(async (tx) => {
    const used = await repo.useLink(tx, user.id, tokenHash);
    if (used) await deps.audit.append(tx, ownAudit(user, 'personalData.exportDownloaded', used.id));
    return used;
  });
  if (!row) {
    const found = await repo.findByLinkHash(deps.db, tokenHash);
    if (!found || found.userId !== user.id) throw AppError.notFound('Data export');
    throw linkGone();
  }
  const file = row.storageKey ? await deps.storage.open(row.storageKey) : null;
  if (!file) throw linkGone();
  return { ...file, filename: `casebridge-data-${row.readyAt!.toISOString().slice(0, 10)}.zip` };
}

/** The schedule: files of expired links go through the removal queue; builds that never ended count as failed. */
export async function expireDataExports(deps: AppDeps, now = new Date()): Promise<number> {
  const keys = await deps.db.transaction(async (tx) => {
    const due = await repo.expireDue(tx, now, 1000);
    await queueRemovals(tx, due);
    return due;
  });
  await removeQueued(deps.db, deps.storage, keys);
  await repo.failStale(deps.db, new Date(now.getTime() - STALE_EXPORT_HOURS * 3600 * 1000));
  return keys.length;
}

/** The user's own record in the trail: in no tenant's (the manager's, and the user's own export). */
function ownAudit(user: SessionUser, action: string, exportId: number) {
  return { actor: { userId: user.id, ip: user.ip }, action, object: { kind: 'dataExport', id: exportId } };
}

// ---- Deleting one's account

/** Runs the identity check under the user's failure limit (the route's, through Redis across processes). */
export type FailureLimit = <T>(userId: number, attempt: () => Promise<T>) => Promise<T>;

const lastAdmin = (millIds: number[]) =>
  new AppError(
    409,
    'LAST_MILL_ADMIN',
    `You are the only administrator of ${millIds.length === 1 ? 'a mill' : `${millIds.length} mills`}: make someone else administrator first`,
  );

/** The password, and a code of the second factor when the account has one (a right code is used up). */
async function confirmIdentity(deps: AppDeps, user: SessionUser, input: DeleteAccountBody): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw AppError.fields({ password: ['WRONG_CURRENT_PASSWORD'] }, 'The password is wrong');
  if (!(await hasSecondFactor(deps.db, user.id))) return;
  if (!input.code) throw AppError.fields({ code: ['SECOND_FACTOR_REQUIRED'] }, 'Enter a code of your authenticator app or a recovery code');
  if (!(await secondFactorCodeIsRight(deps, user.id, input.code)))
    throw AppError.fields({ code: ['SECOND_FACTOR_INVALID'] }, 'This code is not right, or was used already');
}

/**
 * `DELETE /users/me`. One transaction: the last-admin rule checked under the mills' admin row
 * locks, the last-manager rule under its lock, the user row pseudonymised (it stays: messages, orders and audit entries keep its id),
 * memberships, second factor, sessions, notifications, links and exports gone, the avatar and
 * export files queued for removal, and `user.deleted` in the trail. Then the bytes go and every
 * live connection of the user closes, on every process.
 */
export async function deleteAccount(deps: AppDeps, user: SessionUser, input: DeleteAccountBody, limit: FailureLimit): Promise<void> {
  await authorize(deps.db, user, 'account.delete', {});
  const orphaned = await millsLeftWithoutAdmin(deps.db, user.id);
  if (orphaned.length > 0) throw lastAdmin(orphaned);
  await deps.db.transaction((tx) => assertNotLastManager(tx, user));
  await limit(user.id, () => confirmIdentity(deps, user, input));
  const { keys, sessionIds } = await deps.db.transaction(async (tx) => {
    const stillOrphaned = await millsLeftWithoutAdmin(tx, user.id);
    if (stillOrphaned.length > 0) throw lastAdmin(stillOrphaned);
    await assertNotLastManager(tx, user);
    const before = await eraseUser(tx, user.id);
    if (!before) throw AppError.notFound('Account');
    const mills = await leaveEveryMill(tx, user.id);
    const dealers = await leaveDealer(tx, user.id);
    await removeSecondFactorOf(tx, user.id);
    const sessionIds = await deleteSessionsOfUser(tx, user.id);
    await deleteNotificationsOf(tx, user.id);
    await deleteAccountLinks(tx, user.id);
    const keys = [...(await repo.deleteExportsOf(tx, user.id)), ...(before.avatarPath ? [before.avatarPath] : [])];
    await queueRemovals(tx, keys);
    await appendDeletionAudit(deps, tx, user, mills);
    await deps.audit.append(tx, {
      actor: { userId: user.id, ip: user.ip },
      action: 'user.deleted',
      object: { kind: 'user', id: user.id },
      after: { mills: mills.map((m) => m.millId), dealers: dealers.map((d) => d.dealerId), sessionsEnded: sessionIds.length },
    });
    return { keys, sessionIds };
  });
  await removeQueued(deps.db, deps.storage, keys);
  deps.realtime.endSessions(user.id);
  for (const id of sessionIds) deps.realtime.endSession(id);
}

/** Each mill the user worked for sees in its own trail that its staff member left. */
async function appendDeletionAudit(deps: AppDeps, tx: Db, user: SessionUser, mills: { millId: number; millRole: string }[]) {
  for (const { millId, millRole } of mills) {
    await deps.audit.append(tx, {
      actor: { userId: user.id, tenant: { kind: 'mill', id: millId }, ip: user.ip },
      action: 'millUser.removed',
      object: { kind: 'user', id: user.id },
      before: { millRole },
      after: { reason: 'account deleted' },
      scope: { millId },
    });
  }
}
