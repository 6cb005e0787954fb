import { bigint, boolean, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { dealers } from './dealers.ts';

/**
 * What a root dealer's customer list needs to answer fast over 200,000 customers (issue 13,
 * migration 0016), both kept by statement-level triggers on dealer_customers:
 *
 * - `dealer_customer_counts`: each dealer's own number of customers. The unsearched count of a
 *   subtree is then a sum over at most a few hundred dealers instead of a count over every
 *   customer row below the root.
 * - `dealer_customer_list_versions`: two numbers per dealer tree (keyed by its root dealer).
 *   `version` moves on every change a customer list of that tree shows (a customer added, changed,
 *   moved or removed; a dealer's name or id renamed): the lists' response cache (ADR 0005, amended)
 *   serves a page again only while it stands still. `search_version` moves only when what a search
 *   matches or counts may change (a customer added, removed, moved to another dealer, or its
 *   `search_text` changed; migration 0023): a search's count over tens of thousands of matches then
 *   survives the edits of every other field, which are most edits.
 */
export const dealerCustomerCounts = pgTable('dealer_customer_counts', {
  dealerId: integer('dealer_id')
    .primaryKey()
    .references(() => dealers.id),
  customers: integer('customers').notNull().default(0),
});

export const dealerCustomerListVersions = pgTable('dealer_customer_list_versions', {
  rootDealerId: integer('root_dealer_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  searchVersion: bigint('search_version', { mode: 'number' }).notNull().default(0),
});

/**
 * Each dealer's number of licence tickets, apart for archived and active ones (migration 0016, kept
 * by statement-level triggers on licence_tickets): the ticket desk's unsearched count over a root
 * dealer's 100,000 tickets is then a sum over its dealers. Tickets without a dealer (bare
 * activation keys) count under dealer 0, so the manager's total includes them.

 */
export const licenceTicketCounts = pgTable(
  'licence_ticket_counts',
  {
    dealerId: integer('dealer_id').notNull(),
    archived: boolean('archived').notNull(),
    tickets: integer('tickets').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.archived] })],
);
