import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSequence, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { licenceKeys } from './licence-keys.ts';

/**
 * The desktop CAM software's machines, one row per machine and licence key with its latest state.
 * Raw pings are never kept: a ping updates this row and the hour's roll-up (usage_hours). A row
 * exists only while its key's mill consents to data collection (turning consent off deletes them;
 * deleting the key cascades).
 *
 * The migration sets `fillfactor` to leave room in each page so the once-a-minute update is a HOT update (no indexed
 * column changes), which keeps the table and its indexes from growing with every ping.
 */
export const usageMachines = pgTable(
  'usage_machines',
  {
    id: serial('id').primaryKey(),
    licenceKeyId: integer('licence_key_id')
      .notNull()
      .references(() => licenceKeys.id, { onDelete: 'cascade' }),
    boardSerial: text('board_serial').notNull(),
    macAddresses: text('mac_addresses').array().notNull(),
    pcName: text('pc_name').notNull(),
    ipAddresses: text('ip_addresses').array().notNull(),
    running: boolean('running').notNull(),
    firstPingAt: timestamp('first_ping_at', { withTimezone: true }).notNull(),
    lastPingAt: timestamp('last_ping_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('usage_machines_key_board_idx').on(t.licenceKeyId, t.boardSerial)],
);

/**
 * Concurrent use per licence key and hour: the highest number of machines running the key at
 * once during that hour, and how many pings arrived. Kept for 400 days (a year to compare with).
 */
export const usageHours = pgTable(
  'usage_hours',
  {
    licenceKeyId: integer('licence_key_id')
      .notNull()
      .references(() => licenceKeys.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    maxConcurrent: integer('max_concurrent').notNull(),
    pings: integer('pings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.licenceKeyId, t.hour] }), index('usage_hours_hour_idx').on(t.hour)],
);

/**
 * Per licence key, what the manager's usage view sorts and counts by, kept by triggers on
 * usage_machines in the ping's own transaction (migration 0021), so the view reads 10,000 small rows
 * instead of grouping every machine. `running_pings` holds the last ping of each machine whose last
 * ping said "running": how many of them fall inside the concurrency window is counted when the view
 * is read, because the window moves on without any ping. The index gives the view its keys without
 * a ping inside the window in the view's order, so it reads only the keys in use and the page.
 */
export const usageKeySummaries = pgTable(
  'usage_key_summaries',
  {
    licenceKeyId: integer('licence_key_id')
      .primaryKey()
      .references(() => licenceKeys.id, { onDelete: 'cascade' }),
    machines: integer('machines').notNull().default(0),
    firstPingAt: timestamp('first_ping_at', { withTimezone: true }),
    lastPingAt: timestamp('last_ping_at', { withTimezone: true }),
    runningPings: timestamp('running_pings', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [index('usage_key_summaries_last_ping_idx').on(t.lastPingAt.desc(), t.licenceKeyId)],
);

/**
 * How many keys have a summary (the usage view's count), kept by the same triggers: a count over the
 * summaries would read all of them on every request. It changes only when a key reports for the
 * first time or loses its last machine; `id` is the key's id modulo 16, so the first pings of many
 * new keys at once do not all wait for one row. The count is the sum of the rows.
 */
export const usageKeyCount = pgTable('usage_key_count', {
  id: integer('id').primaryKey(),
  keys: integer('keys').notNull(),
});

/**
 * The stamp of the usage view's inputs other than pings: licence keys (consent, allowed users,
 * owner), licence tickets (a ticket's content sets the allowance), mill names. Statement triggers
 * take a number from it (migration 0027), so a manager's change shows in the next answer, while the
 * kept answers of the view otherwise live one second (usage.service.ts). A sequence, not a counter
 * row: it takes no lock, so writers of tickets and keys never queue or deadlock on it.
 */
export const usageViewVersion = pgSequence('usage_view_version');
