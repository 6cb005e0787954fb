import type { Db } from '../../db/client.ts';
import { deleteRemovals, insertRemovals, queuedKeys } from './removals.repository.ts';
import type { Storage } from './storage.ts';

/** Call inside the transaction that deletes the rows naming these keys. */
export async function queueRemovals(tx: Db, keys: string[]): Promise<void> {
  await insertRemovals(tx, keys);
}

/**
 * Removes queued bytes: the given keys after their transaction committed, or (without keys)
 * whatever an earlier process queued and did not get to. A key leaves the queue only once its
 * bytes are gone, so a failure is retried at the next start.
 */
export async function removeQueued(db: Db, storage: Storage, keys?: string[]): Promise<number> {
  const queued = keys ?? (await queuedKeys(db, 10_000));
  const removed: string[] = [];
  for (const key of queued) {
    try {
      await storage.remove(key);
      removed.push(key);
    } catch {
      // Left queued for the next start.
    }
  }
  await deleteRemovals(db, removed);
  return removed.length;
}

/**
 * Bytes that no row names after all (a refused or failed change): removed through the queue when
 * the database answers, so a store that is away keeps them queued, else straight away. Never
 * throws, so the caller's own error is the one the client sees.
 */
export async function discardUnrecorded(db: Db, storage: Storage, key: string): Promise<void> {
  try {
    await queueRemovals(db, [key]);
    await removeQueued(db, storage, [key]);
  } catch {
    await storage.remove(key).catch(() => undefined);
  }
}
