import type { Db } from '../../db/client.ts';
import { confirmedRelationsOfLab } from './clients.repository.ts';

/**
 * The clients module's read-only queries for the modules above it (ADR 0016): they take a database
 * handle and check no caller, so they write nothing (architecture.test.ts checks it).
 */

/** The session's mill list of a lab (users): the mills it agreed to work with, and their blocks. */
export async function confirmedMillsOfLab(db: Db, labId: number) {
  return confirmedRelationsOfLab(db, labId);
}
