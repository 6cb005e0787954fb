import type { Db } from '../../db/client.ts';
import { findDealerOfUser, type DealerMembership } from './dealers.repository.ts';

/**
 * Dealers (resellers) in a tree of root dealers and sub-dealers. For now only what the session
 * needs; the reseller issue grows this module (routes, the subtree, customers, tickets).
 */
export type { DealerMembership };

/** The dealer a dealer user works for, with their role there; null for anyone else. */
export async function dealerOfUser(db: Db, userId: number): Promise<DealerMembership | null> {
  return findDealerOfUser(db, userId);
}
