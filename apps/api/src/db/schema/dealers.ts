import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DealerRole } from '@casebridge/shared/constants/roles';
import type { Address, ConfigurationType, SalesContact, SupportContact } from '@casebridge/shared/schemas/dealers';
import type { LicenceContent } from '@casebridge/shared/schemas/licence-tickets';
import { companies } from './companies.ts';
import { mills } from './mills.ts';
import { users } from './users.ts';

/**
 * Resellers in a tree: a root dealer has no parent.
 *
 * The subtree is a materialised path: `path` holds the ids from the root down to the dealer itself,
 * filled by a trigger on insert (migration 0012), so "X and everything below X" is the one indexed
 * condition `path @> array[X]` instead of a recursive query. That is safe because a dealer never
 * moves: the parent is fixed at creation (spec §5 locks it when editing), so a path never changes.
 */
export const dealers = pgTable(
  'dealers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    parentId: integer('parent_id').references((): AnyPgColumn => dealers.id),
    path: integer('path')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The public dealer id ("Reseller Id"). Left empty, the insert trigger makes it `D<id>` (existing rows too). */
    dealerCode: text('dealer_code').notNull().unique().default(''),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The user the dealer's invitation created (spec: userId). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    logoKey: text('logo_key'),
    dealerContact: jsonb('dealer_contact')
      .$type<Partial<Address>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    supportContact: jsonb('support_contact')
      .$type<Partial<SupportContact>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    salesContact: jsonb('sales_contact')
      .$type<Partial<SalesContact>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    configurationType: text('configuration_type').$type<ConfigurationType>().notNull().default('None'),
    fixedConfigJson: text('fixed_config_json'),
    fixedConfigFileKey: text('fixed_config_file_key'),
    fixedConfigFileName: text('fixed_config_file_name'),
    dynamicConfigUrlPath: text('dynamic_config_url_path'),
    componentBaseUrl: text('component_base_url'),
    subDealerAllowed: boolean('sub_dealer_allowed').notNull().default(false),
    ownConfigurationsAllowed: boolean('own_configurations_allowed').notNull().default(false),
    strictModeConfiguration: boolean('strict_mode_configuration').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dealers_path_idx').using('gin', t.path), index('dealers_parent_idx').on(t.parentId)],
);

export const dealerMembers = pgTable(
  'dealer_members',
  {
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealerRole: text('dealer_role').$type<DealerRole>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.userId] })],
);

/**
 * Licence tickets for the desktop CAM software (the licence store). An unused ticket doubles as an
 * activation key for signing up; `usedByMillId` records which mill it created.
 *
 * The dealers' ticket desk lists a dealer's subtree sorted by expiry with a search term, over
 * 100,000 tickets: `dealer_path` is a copy of the owning dealer's path kept by a trigger
 * (migration 0015, like dealer_customers), indexed apart from the trigrams of `search_text` (0016);
 * the list walks `licence_expiry` in order, and its unsearched count sums licence_ticket_counts.
 * `licence_expiry`, `maintenance_expiry` and `product_text` are copies out of `content` that the
 * repository writes with it, because a cast of JSON text to a date cannot be a generated column.
 * `content` is null for a bare activation key the licence server never described.
 */
export const licenceTickets = pgTable(
  'licence_tickets',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    dealerId: integer('dealer_id').references(() => dealers.id),
    dealerPath: integer('dealer_path')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    customerId: integer('customer_id').references((): AnyPgColumn => dealerCustomers.id, { onDelete: 'set null' }),
    usedByMillId: integer('used_by_mill_id').references(() => mills.id),
    usedAt: timestamp('used_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Spec fmCustomerId and fmCustomerDescription: kept by root dealers only. */
    externalCustomerId: text('external_customer_id').notNull().default(''),
    description: text('description').notNull().default(''),
    content: jsonb('content').$type<LicenceContent>(),
    productText: text('product_text').notNull().default(''),
    licenceExpiry: date('licence_expiry'),
    maintenanceExpiry: date('maintenance_expiry'),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(key || ' ' || product_text || ' ' || external_customer_id || ' ' || description || ' ' || coalesce(content->'mainProductInfo'->>'dongleId', ''))`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Apart, as for dealer_customers (migration 0016): a root's search reads the trigrams alone.
    index('licence_tickets_path_idx').using('gin', t.dealerPath),
    index('licence_tickets_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('licence_tickets_expiry_idx').on(t.licenceExpiry, t.id),
    index('licence_tickets_dealer_idx').on(t.dealerId),
    index('licence_tickets_customer_idx').on(t.customerId),
    // Only for the trigger that moves the desk's version when a signed-up mill is renamed
    // (migration 0025; index of 0022); partial, because most tickets never sign a mill up.
    index('licence_tickets_used_by_mill_idx')
      .on(t.usedByMillId)
      .where(sql`${t.usedByMillId} is not null`),
  ],
);

/**
 * A dealer's customers (spec §3 Dealer customer). `dealer_path` is a copy of the owning dealer's
 * path, kept by a trigger (migration 0012), so a subtree is one indexed condition. The path never
 * goes stale: dealers never move, and a customer that changes dealer gets the new dealer's path
 * from the trigger in the same statement.
 *
 * Indexes (migration 0016): a GIN over the path and one over the trigrams of `search_text`, apart,
 * so the planner reads the trigrams alone for a root dealer (whose path matches nearly every row)
 * and combines both for a small subtree; a btree per sort of the list, walked in order for a big
 * subtree. One combined GIN (0012) did both jobs but cost a root dealer's search a read of the
 * whole path posting list, and cost an import twice the trigram upkeep once the second came.
 */
export const dealerCustomers = pgTable(
  'dealer_customers',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id),
    dealerPath: integer('dealer_path')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The public customer id, unique over the whole network (spec §5). */
    customerCode: text('customer_code').notNull().unique(),
    title: text('title').notNull().default(''),
    salutation: text('salutation').notNull().default(''),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    position: text('position').notNull().default(''),
    company: text('company').notNull(),
    contactInformation: jsonb('contact_information')
      .$type<Partial<Address>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    showInfoToOutOfMaintenanceUsers: boolean('show_info_to_out_of_maintenance_users').notNull().default(false),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(customer_code || ' ' || first_name || ' ' || last_name || ' ' || company || ' ' || coalesce(contact_information->>'email', '') || ' ' || coalesce(contact_information->>'city', ''))`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dealer_customers_path_idx').using('gin', t.dealerPath),
    index('dealer_customers_dealer_created_idx').on(t.dealerId, t.createdAt.desc(), t.id.desc()),
    // One per sort of the list: the root dealer's subtree is most of the table, so its pages walk
    // these in order and stop after the page (migration 0016).
    index('dealer_customers_created_idx').on(t.createdAt, t.id),
    index('dealer_customers_last_name_idx').on(t.lastName, t.id),
    index('dealer_customers_company_idx').on(t.company, t.id),
    index('dealer_customers_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
