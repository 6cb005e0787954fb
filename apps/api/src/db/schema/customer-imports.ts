import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const CUSTOMER_IMPORT_STATES = ['running', 'done', 'failed'] as const;
export type CustomerImportState = (typeof CUSTOMER_IMPORT_STATES)[number];

/**
 * One customer CSV import (spec manager-dealer §3 Import status/log). The file lives in storage
 * (`file_key`) until the import ends. `checkpoint_row` is the checkpoint: the last row number of the file
 * whose outcome (inserted, duplicate or failed) is committed, updated in the same transaction as
 * the batch it counts, so a retried job continues after it and never imports a row twice.
 *
 * At most one import runs at a time, network-wide: the partial unique index makes a second
 * upload fail in the database itself, whatever two processes check at the same moment.
 */
export const customerImports = pgTable(
  'customer_imports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key'),
    state: text('state').$type<CustomerImportState>().notNull().default('running'),
    checkpointRow: integer('checkpoint_row').notNull().default(0),
    successRows: integer('success_rows').notNull().default(0),
    duplicateRows: integer('duplicate_rows').notNull().default(0),
    failedRows: integer('failed_rows').notNull().default(0),
    /** How often a job started on this import; past the limit the import ends as failed. */
    attempts: integer('attempts').notNull().default(0),
    /** Why the whole import stopped (unreadable file, repeated crashes); null when it ran through. */
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves with every committed batch: a running import whose heartbeat is old has no live worker. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_imports_one_running_idx')
      .on(t.state)
      .where(sql`state = 'running'`),
    index('customer_imports_started_idx').on(t.startedAt.desc(), t.id.desc()),
  ],
);

/** A row of the file that was not imported, with its row number (the header is row 1). */
export const customerImportFailures = pgTable(
  'customer_import_failures',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => customerImports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('customer_import_failures_import_idx').on(t.importId, t.rowNumber)],
);
