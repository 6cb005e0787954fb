import type { Db } from '../../db/client.ts';
import { allOfUser, type NotificationRow } from './notifications.repository.ts';

/** The notifications module's read-only queries for the modules above it (ADR 0016). */

/** What the bell showed a user, oldest first: the data export (issue 28 part 4). */
export async function notificationsOf(db: Db, userId: number): Promise<NotificationRow[]> {
  return allOfUser(db, userId);
}
