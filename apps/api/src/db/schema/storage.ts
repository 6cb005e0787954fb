import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored bytes whose rows are gone: queued in the same transaction that deletes the rows, and
 * removed from storage after it commits. What a crash leaves here is removed at the next start,
 * so deleting never orphans bytes and never leaves a row pointing at missing bytes.
 */
export const storageRemovals = pgTable('storage_removals', {
  storageKey: text('storage_key').primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});
