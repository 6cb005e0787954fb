import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The desktop app the portal offers (issue 24 item 9): one row at most, set by the manager. It is
 * either an external link or an installer kept in storage under a generated key; never both.
 */
export const desktopApp = pgTable(
  'desktop_app',
  {
    id: integer('id').primaryKey().default(1),
    version: text('version').notNull(),
    releaseNotes: text('release_notes').notNull().default(''),
    /** An external https link to the installer. */
    url: text('url'),
    /** An uploaded installer: its storage key, the name it is downloaded under, its size. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('desktop_app_single_row', sql`${table.id} = 1`),
    check('desktop_app_link_or_file', sql`(${table.url} is null) <> (${table.fileKey} is null)`),
  ],
);
