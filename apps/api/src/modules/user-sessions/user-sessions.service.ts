/**
 * Sessions as rows (ADR 0021): every sign-in starts one, its id travels in the token (`sid`), and
 * the user sees where they are signed in and ends any of those sessions. The session check reads a
 * row's state in the statement that reads the user (access/session-check.ts); ending one here also
 * closes its websocket connections on every process (platform/realtime).
 */
import type { SignInMethod, UserSession } from '@casebridge/shared/schemas/user-sessions';
import type { AppDeps } from '../../deps.ts';
import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import { authorize } from '../../access/access.ts';
import { SESSION_LIFETIME_SECONDS, type SessionUser } from '../../access/session-check.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SignInOrigin } from '../../lib/sign-in-origin.ts';
import { newDeviceNotice } from '../../platform/mail/security-notices.ts';
import { noticeRecipientOf, userById } from '../users/users.queries.ts';
import {
  deleteSessionsOf,
  deviceHistoryOf,
  endSessionOf,
  endSessionsBut,
  insertSession,
  liveSessionsOf,
  pruneSessions,
  type UserSessionRow,
} from './user-sessions.repository.ts';
import { deviceName } from './user-sessions.rules.ts';

/**
 * Starts a session for a user who just proved who they are, and answers its token. A sign-in from
 * a device the account has not used before is told to its owner (ASVS 5.0 6.3.5), from the same
 * transaction; the very first sign-in of an account is no news. "Device" is the user agent's
 * browser and system, not the address: addresses change with every network a phone joins.
 */
export async function startSession(
  deps: AppDeps,
  user: { id: number; tokenVersion: number },
  origin: SignInOrigin,
  method: SignInMethod,
): Promise<string> {
  const device = deviceName(origin.userAgent);
  const row = await deps.db.transaction(async (tx) => {
    const history = await deviceHistoryOf(tx, user.id, device);
    const inserted = await insertSession(tx, {
      userId: user.id,
      tokenVersion: user.tokenVersion,
      method,
      device,
      ip: origin.ip,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000),
    });
    if (history.any && !history.thisDevice) await tellOwnerOfNewDevice(deps, tx, user.id, inserted);
    return inserted;
  });
  return deps.signJwt({ userId: user.id, tokenVersion: user.tokenVersion, sessionId: row.id });
}

async function tellOwnerOfNewDevice(deps: AppDeps, tx: Db, userId: number, session: UserSessionRow): Promise<void> {
  const owner = await userById(tx, userId);
  if (!owner) return;
  const place = { device: session.device, ip: session.ip, at: session.createdAt };
  await deps.jobs.enqueue(tx, 'mail.send', newDeviceNotice(noticeRecipientOf(owner), place, deps.config.publicUrl));
}

function dto(row: UserSessionRow, currentId: string): UserSession {
  return {
    id: row.id,
    device: row.device,
    ip: row.ip,
    method: row.method,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  };
}

/** `GET /users/me/sessions`: the caller's live sessions, theirs only (the rule book's account scope). */
export async function listSessions(deps: AppDeps, user: SessionUser, currentId: string): Promise<{ sessions: UserSession[] }> {
  await authorize(deps.db, user, 'sessions.list', {});
  return { sessions: (await liveSessionsOf(deps.db, user.id)).map((row) => dto(row, currentId)) };
}

/** `DELETE /users/me/sessions/:id`: another user's session, or one already over, is not found. */
export async function endSession(deps: AppDeps, user: SessionUser, sessionId: string): Promise<void> {
  await authorize(deps.db, user, 'sessions.end', {});
  await deps.db.transaction(async (tx) => {
    if (!(await endSessionOf(tx, user.id, sessionId))) throw AppError.notFound('Session');
    await deps.audit.append(tx, sessionsEndedAudit(user, [sessionId]));
  });
  deps.realtime.endSession(sessionId);
}

/**
 * `POST /auth/sign-out`: the caller's own session ends on the server, so its token stops working
 * at once on every process, not only in this browser (ASVS 5.0 7.4.1). Ending one already over
 * (a second click, a race with another device ending it) changes nothing.
 */
export async function signOut(deps: AppDeps, user: SessionUser, sessionId: string): Promise<void> {
  await authorize(deps.db, user, 'sessions.end', {});
  await deps.db.transaction(async (tx) => {
    if (!(await endSessionOf(tx, user.id, sessionId))) return;
    await deps.audit.append(tx, { ...sessionsEndedAudit(user, [sessionId]), action: 'auth.signedOut' });
  });
  deps.realtime.endSession(sessionId);
}

/** `POST /users/me/sessions/end-others`: every session but the caller's own. */
export async function endOtherSessions(deps: AppDeps, user: SessionUser, currentId: string): Promise<{ ended: number }> {
  await authorize(deps.db, user, 'sessions.end', {});
  const ended = await deps.db.transaction(async (tx) => {
    const ids = await endSessionsBut(tx, user.id, currentId);
    if (ids.length > 0) await deps.audit.append(tx, sessionsEndedAudit(user, ids));
    return ids;
  });
  for (const id of ended) deps.realtime.endSession(id);
  return { ended: ended.length };
}

/** Ended or expired rows are kept this long for the list's history and then removed by a daily job. */
export const SESSION_RETENTION_DAYS = 90;

export async function pruneOldSessions(db: Db, now = new Date()): Promise<number> {
  return pruneSessions(db, new Date(now.getTime() - SESSION_RETENTION_DAYS * 24 * 3600 * 1000));
}

/** Sessions a user ended themselves: in the account's own record (the manager's trail and the data export). */
function sessionsEndedAudit(user: SessionUser, sessionIds: string[]): AuditEntry {
  return { actor: { userId: user.id, ip: user.ip }, action: 'session.ended', object: { kind: 'user', id: user.id }, after: { sessionIds } };
}

/** Account deletion (personal-data), in its transaction: every row goes; the caller closes their live connections after the commit. */
export async function deleteSessionsOfUser(tx: Db, userId: number): Promise<string[]> {
  return deleteSessionsOf(tx, userId);
}
