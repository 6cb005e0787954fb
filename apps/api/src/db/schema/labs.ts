import { boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { mills } from './mills.ts';
import { users } from './users.ts';

export const labs = pgTable('labs', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .unique()
    .references(() => companies.id),
  shippingAtSameAddress: boolean('shipping_at_same_address').notNull().default(true),
  shippingStreet: text('shipping_street').notNull().default(''),
  shippingCity: text('shipping_city').notNull().default(''),
  shippingZipCode: text('shipping_zip_code').notNull().default(''),
  shippingPhone: text('shipping_phone').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A lab as a client of a mill: the relation carries invitation, confirmation and block state. */
export const millClients = pgTable(
  'mill_clients',
  {
    millId: integer('mill_id')
      .notNull()
      .references(() => mills.id, { onDelete: 'cascade' }),
    labId: integer('lab_id')
      .notNull()
      .references(() => labs.id, { onDelete: 'cascade' }),
    /** The lab user the mill invited (and who accepted). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    confirmed: boolean('confirmed').notNull().default(false),
    blockedByMill: boolean('blocked_by_mill').notNull().default(false),
    blockedBySystem: boolean('blocked_by_system').notNull().default(false),
    activationMessage: text('activation_message').notNull().default(''),
    /**
     * Who the mill typed when it invited: until the lab accepts, the mill sees these and nothing
     * of the lab's own records (an existing lab account must agree before a mill sees it).
     */
    invitedFirstName: text('invited_first_name').notNull().default(''),
    invitedLastName: text('invited_last_name').notNull().default(''),
    invitedEmail: text('invited_email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.millId, t.labId] })],
);
