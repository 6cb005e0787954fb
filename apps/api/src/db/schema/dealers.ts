import { integer, pgTable, primaryKey, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DealerRole } from '@casebridge/shared/constants/roles';
import { companies } from './companies.ts';
import { mills } from './mills.ts';
import { users } from './users.ts';

/** Resellers in a tree: a root dealer has no parent. */
export const dealers = pgTable('dealers', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  parentId: integer('parent_id').references((): AnyPgColumn => dealers.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const dealerMembers = pgTable(
  'dealer_members',
  {
    dealerId: integer('dealer_id').notNull().references(() => dealers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    dealerRole: text('dealer_role').$type<DealerRole>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.userId] })],
);

/**
 * Licence tickets for the desktop CAM software. An unused ticket doubles as an activation key
 * for signing up; `usedByMillId` records which mill it created.
 */
export const licenceTickets = pgTable('licence_tickets', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  dealerId: integer('dealer_id').references(() => dealers.id),
  usedByMillId: integer('used_by_mill_id').references(() => mills.id),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
