import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storageRemovals } from '../../db/schema/storage.ts';
import type { Storage } from './storage.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Call inside the transaction that deletes the rows naming these keys. */
export async function queueRemovals(tx: Tx, keys: string[]): Promise<void> {
  if (keys.length) await tx.insert(storageRemovals).values(keys.map((storageKey) => ({ storageKey }))).onConflictDoNothing();
}

/**
 * Removes queued bytes: the given keys after their transaction committed, or (without keys)
 * whatever an earlier process queued and did not get to. A key leaves the queue only once its
 * bytes are gone, so a failure is retried at the next start.
 */
export async function removeQueued(db: Db, storage: Storage, keys?: string[]): Promise<number> {
  const queued = keys ?? (await db.select({ key: storageRemovals.storageKey }).from(storageRemovals).limit(10_000)).map((row) => row.key);
  const removed: string[] = [];
  for (const key of queued) {
    try {
      await storage.remove(key);
      removed.push(key);
    } catch {
      // Left queued for the next start.
    }
  }
  if (removed.length) await db.delete(storageRemovals).where(inArray(storageRemovals.storageKey, removed));
  return removed.length;
}
