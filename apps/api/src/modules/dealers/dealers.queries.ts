import type { Db } from '../../db/client.ts';
import {
  dealerIdsOfSubtree,
  findDealer,
  findDealerOfUser,
  isInSubtree,
  type DealerMembership,
  type DealerWithParent,
} from './dealers.repository.ts';

/**
 * The dealers module's read-only queries for the modules above it (ADR 0016): they take a database
 * handle and check no caller, so they write nothing (architecture.test.ts checks it).
 */

/** The dealer a dealer user works for, with their role there; null for anyone else. */
export async function dealerOfUser(db: Db, userId: number): Promise<DealerMembership | null> {
  return findDealerOfUser(db, userId);
}

/** Whether `id` is `rootId` or one of its sub-dealers, at any depth. */
export async function dealerIsInSubtree(db: Db, rootId: number, id: number): Promise<boolean> {
  return isInSubtree(db, rootId, id);
}

export async function dealerById(db: Db, id: number): Promise<DealerWithParent | null> {
  return findDealer(db, id);
}

/** The ids of a dealer and every dealer below it: whose audit entries a dealer's trail holds. */
export async function subtreeDealerIds(db: Db, rootId: number): Promise<number[]> {
  return dealerIdsOfSubtree(db, rootId);
}
