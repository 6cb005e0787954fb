import type { Db } from '../../db/client.ts';
import { findMills, type MillRow } from './mills.repository.ts';

/**
 * The mills module's read-only queries for the modules above it (ADR 0016): they take a database
 * handle and check no caller, so they write nothing (architecture.test.ts checks it).
 */

/** The session's mill list: these mills, by id. */
export async function millsById(db: Db, ids: number[]): Promise<MillRow[]> {
  return findMills(db, [...new Set(ids)]);
}
