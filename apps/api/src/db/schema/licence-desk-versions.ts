import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The ticket desk's stamps (migration 0025, licence-tickets.service.ts keeps whole desk answers
 * under them): one counter per dealer tree (its root dealer's id; 0 for tickets of no dealer),
 * moved by triggers in the transaction of every change a desk row shows: a ticket written, or the
 * ticket's dealer, customer or signed-up mill renamed. A counter only grows and no row is deleted,
 * so the manager's stamp, their sum, changes with every committed change too.
 *
 * Why per tree and not per dealer: the stamp is read on every desk request, and a root's subtree has
 * hundreds of dealers (a stamp over their rows cost milliseconds); the price is that a sub-dealer's
 * kept answers are dropped by a change elsewhere in its tree.
 */
export const licenceDeskVersions = pgTable('licence_desk_versions', {
  rootDealerId: integer('root_dealer_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
