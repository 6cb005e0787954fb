import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const TICKET_IMPORT_STATES = ['running', 'done', 'failed'] as const;
export type TicketImportState = (typeof TICKET_IMPORT_STATES)[number];

/**
 * One import of the licence server's ticket export (issue 14), CSV or JSON. Its own table rather
 * than the customer import's: the counts differ (created and refreshed, not duplicates) and so does
 * the checkpoint, which counts tickets (`checkpoint_item`), because a JSON export may put all its
 * tickets on one line. The checkpoint moves in the same transaction as the batch it covers, so a
 * retried job continues after it; the file stays in storage (`file_key`) until the import ends.
 *
 * One import runs at a time: the partial unique index refuses a second in the database itself.
 */
export const ticketImports = pgTable(
  'ticket_imports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key'),
    format: text('format').$type<'csv' | 'json'>().notNull(),
    state: text('state').$type<TicketImportState>().notNull().default('running'),
    checkpointItem: integer('checkpoint_item').notNull().default(0),
    createdTickets: integer('created_tickets').notNull().default(0),
    updatedTickets: integer('updated_tickets').notNull().default(0),
    failedTickets: integer('failed_tickets').notNull().default(0),
    /** How often a job started on this import; past the limit the import ends as failed. */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves with every committed batch: a running import whose heartbeat is old has no live worker. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ticket_imports_one_running_idx')
      .on(t.state)
      .where(sql`state = 'running'`),
    index('ticket_imports_started_idx').on(t.startedAt.desc(), t.id.desc()),
  ],
);

/** A ticket of the file that was not applied: its ordinal, the line it starts on, its key as written. */
export const ticketImportFailures = pgTable(
  'ticket_import_failures',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => ticketImports.id, { onDelete: 'cascade' }),
    item: integer('item').notNull(),
    line: integer('line').notNull(),
    ticketKey: text('ticket_key').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('ticket_import_failures_import_idx').on(t.importId, t.item)],
);
