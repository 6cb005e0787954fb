import type { Db } from '../../db/client.ts';
import { findDeskTicket, ticketIdByKey } from './licence-tickets.repository.ts';

/**
 * The licence-tickets module's read-only queries for the modules above it (ADR 0016): they take a database
 * handle and check no caller, so they write nothing (architecture.test.ts checks it).
 */

/**
 * The dealer a ticket key belongs to, for the configuration test (issue 14 item 3), which decides
 * access itself; null for an unknown key. `dealerId` is null for a ticket of no dealer.
 */
export async function ticketDealerByKey(db: Db, key: string): Promise<{ id: number; key: string; dealerId: number | null } | null> {
  const id = await ticketIdByKey(db, key);
  const row = id === null ? null : await findDeskTicket(db, id);
  return row ? { id: row.id, key: row.key, dealerId: row.dealerId } : null;
}
