import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** `requested`: the job builds it; `ready`: stored and mailed; `expired`: its bytes are gone; `failed`: the job gave up. */
export type DataExportStatus = 'requested' | 'ready' | 'expired' | 'failed';

/**
 * A user's copy of their personal data (issue 28 part 4, module personal-data): a ZIP built by a
 * job, stored through platform storage, fetched once through a link mailed to the user. Only the
 * SHA-256 of the link's token is kept; the partial unique index allows one export in flight per user.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<DataExportStatus>().notNull().default('requested'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** When the link stops working and the bytes go (set when ready). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    tokenHash: text('token_hash').unique(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.requestedAt),
    uniqueIndex('data_exports_one_in_flight')
      .on(t.userId)
      .where(sql`${t.status} = 'requested'`),
    index('data_exports_expires_idx').on(t.expiresAt),
  ],
);
