import type { Db } from '../../db/client.ts';
import { pruneBatchEnd, pruneUpTo } from './audit.repository.ts';

const DAY_MS = 86_400_000;
const BATCH = 10_000;

/**
 * Removes sealed entries older than the retention, oldest first, and moves the anchor to the last
 * one removed in the same transaction, so verify starts from its hash (ADR 0019).
 */
export async function pruneAuditEntries(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let pruned = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      // The newest of the oldest BATCH sealed entries past the retention: it becomes the anchor.
      const last = await pruneBatchEnd(tx, cutoff, BATCH);
      if (!last?.seq || !last.hash) return 0;
      return pruneUpTo(tx, last);
    });
    pruned += count;
    if (count < BATCH) return pruned;
  }
}
