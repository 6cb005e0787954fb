import { bigint, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { labs } from './labs.ts';
import { mills } from './mills.ts';

/**
 * What the manager's analytics read instead of grouping orders, components and files (issue 12,
 * migration 0020). Every table is kept by triggers on the base tables in the transaction of the
 * change, from deltas, so several portal processes never race and nothing drifts; the migration
 * fills them from the rows already there. Only submitted orders count, by their creation time,
 * as every view shows them. The mills' order totals stay in `mill_order_counts` (migration 0006).
 */

/**
 * Per order: its components, the documents the lab sent (count, bytes) and the bytes of all its
 * files. No foreign key: the trigger on projects removes the row and takes its bytes off the
 * mill in the same statement, which a cascade would do before the trigger could read them.
 */
export const orderRollups = pgTable('order_rollups', {
  projectId: integer('project_id').primaryKey(),
  millId: integer('mill_id').notNull(),
  components: integer('components').notNull().default(0),
  documents: integer('documents').notNull().default(0),
  documentBytes: bigint('document_bytes', { mode: 'number' }).notNull().default(0),
  storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
});

/** Per mill: its client labs (any state) and the bytes of its orders' files (the sum of order_rollups). */
export const millRollups = pgTable('mill_rollups', {
  millId: integer('mill_id')
    .primaryKey()
    .references(() => mills.id, { onDelete: 'cascade' }),
  clients: integer('clients').notNull().default(0),
  storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
});

/**
 * Submitted orders per mill and UTC day of creation: date ranges of whole days sum a few rows, of
 * one mill through the key, of every mill through the day index.
 */
export const millOrderDays = pgTable(
  'mill_order_days',
  {
    millId: integer('mill_id')
      .notNull()
      .references(() => mills.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.millId, t.day] }), index('mill_order_days_day_idx').on(t.day, t.millId)],
);

/** Submitted orders per lab: a lab user's order count in the users view. */
export const labOrderCounts = pgTable('lab_order_counts', {
  labId: integer('lab_id')
    .primaryKey()
    .references(() => labs.id, { onDelete: 'cascade' }),
  submitted: integer('submitted').notNull().default(0),
});

/**
 * The stamps of the manager's cached answers (migration 0024, analytics.service.ts): one counter
 * per mill, moved by triggers in the transaction of every change of what the views show about
 * that mill, and row 0 for what they show of the whole platform (names, plans, users, labs). A
 * counter only grows and no row is ever deleted (a deleted mill's stays), so a sum of counters
 * changes with every committed change and never returns to an earlier value.
 */
export const analyticsVersions = pgTable('analytics_versions', {
  millId: integer('mill_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
