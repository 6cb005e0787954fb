import type { Db } from '../../db/client.ts';
import { findCustomer, type CustomerRow } from './dealer-customers.repository.ts';

/**
 * The dealer-customers module's read-only queries for the modules above it (ADR 0016): they take a database
 * handle and check no caller, so they write nothing (architecture.test.ts checks it).
 */

/** One customer by its internal id, for another feature that has already checked access (a ticket's customer). */
export async function customerById(db: Db, id: number): Promise<CustomerRow | null> {
  return findCustomer(db, id);
}
