import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    licenceKeyId: integer('licence_key_id').notNull().references(() => licenceKeys.id, { onDelete: 'cascade' }),
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
    licenceKeyId: integer('licence_key_id').notNull().references(() => licenceKeys.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    maxConcurrent: integer('max_concurrent').notNull(),
    pings: integer('pings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.licenceKeyId, t.hour] }), index('usage_hours_hour_idx').on(t.hour)],
);
