import type { Db } from '../../db/client.ts';
import { messagesByAuthor } from './messages.repository.ts';

/** The messages module's read-only queries for the modules above it (ADR 0016). */

/** The messages a user wrote, oldest first: the data export (issue 28 part 4). */
export async function messagesWrittenBy(db: Db, userId: number) {
  return messagesByAuthor(db, userId);
}
