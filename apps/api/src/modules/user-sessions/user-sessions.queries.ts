import type { Db } from '../../db/client.ts';
import { sessionsOf, type UserSessionRow } from './user-sessions.repository.ts';

/** The user-sessions module's read-only queries for the modules above it (ADR 0016). */

/** A user's session rows, live, ended and expired (until the 90-day prune), newest first: the data export. */
export async function sessionHistoryOf(db: Db, userId: number): Promise<UserSessionRow[]> {
  return sessionsOf(db, userId);
}
