import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { mills } from './mills.ts';

/**
 * A licence key a mill registered in its settings, with its consent to data collection by the
 * desktop software. A key belongs to one mill at most (the unique index).
 */
export const licenceKeys = pgTable('licence_keys', {
  id: serial('id').primaryKey(),
  millId: integer('mill_id')
    .notNull()
    .references(() => mills.id, { onDelete: 'cascade' }),
  key: text('key').notNull().unique(),
  enableDataCollection: boolean('enable_data_collection').notNull().default(false),
  /** How many machines may use the key at once; set by the manager until licence tickets carry it (issue 12). */
  allowedUsers: integer('allowed_users').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
