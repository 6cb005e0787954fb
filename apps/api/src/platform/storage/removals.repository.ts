import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storageRemovals } from '../../db/schema/storage.ts';

/** The removal queue's table (db/schema/storage.ts): keys whose bytes are still to be removed. */
export async function insertRemovals(tx: Db, keys: string[]): Promise<void> {
  if (keys.length)
    await tx
      .insert(storageRemovals)
      .values(keys.map((storageKey) => ({ storageKey })))
      .onConflictDoNothing();
}

export async function queuedKeys(db: Db, limit: number): Promise<string[]> {
  return (await db.select({ key: storageRemovals.storageKey }).from(storageRemovals).limit(limit)).map((row) => row.key);
}

export async function deleteRemovals(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(storageRemovals).where(inArray(storageRemovals.storageKey, keys));
}
