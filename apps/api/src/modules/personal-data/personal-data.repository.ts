import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dataExports } from '../../db/schema/data-exports.ts';

/** The data_exports table: a user's requested, ready and expired copies of their personal data. */
export type DataExportRow = typeof dataExports.$inferSelect;

/** A new export; the partial unique index refuses a second one in flight for the user (callers map it to 409). */
export async function insertExport(db: Db, userId: number): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values({ userId }).returning();
  return row!;
}

export async function countRequestedSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gte(dataExports.requestedAt, since)));
  return row?.n ?? 0;
}

export async function latestOf(db: Db, userId: number): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

export async function findExport(db: Db, id: number): Promise<DataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row ?? null;
}

/** The built file recorded, only while the export is still being built (a job's retry after the commit changes nothing). */
export async function markReady(db: Db, id: number, file: { storageKey: string; sizeBytes: number; expiresAt: Date }): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ ...file, status: 'ready', readyAt: sql`now()` })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'requested')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** A fresh link for a ready, unused export; an older link of it stops working. */
export async function setLinkHash(db: Db, id: number, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ tokenHash })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'ready'), isNull(dataExports.downloadedAt)))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** Uses the link up in the statement that finds it: only its own user's, unused, ready and unexpired. */
export async function useLink(db: Db, userId: number, tokenHash: string): Promise<DataExportRow | null> {
  const [row] = await db
    .update(dataExports)
    .set({ downloadedAt: sql`now()` })
    .where(
      and(
        eq(dataExports.tokenHash, tokenHash),
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'ready'),
        isNull(dataExports.downloadedAt),
        sql`${dataExports.expiresAt} > now()`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Whose link this is, whatever its state (a refused download tells "gone" from "not yours"). */
export async function findByLinkHash(db: Db, tokenHash: string): Promise<DataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.tokenHash, tokenHash));
  return row ?? null;
}

/** Ready exports past their expiry become `expired`, in the caller's transaction; answers their storage keys. */
export async function expireDue(db: Db, now: Date, limit: number): Promise<string[]> {
  const due = await db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  await db
    .update(dataExports)
    .set({ status: 'expired', storageKey: null, tokenHash: null })
    .where(
      inArray(
        dataExports.id,
        due.map((row) => row.id),
      ),
    );
  return due.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
}

/** Exports whose job never finished (it gave up after its retries) stop counting as in flight. */
export async function failStale(db: Db, requestedBefore: Date): Promise<number> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.status, 'requested'), lt(dataExports.requestedAt, requestedBefore)))
    .returning({ id: dataExports.id });
  return rows.length;
}

/** Account deletion: every export of the user goes; answers the stored files' keys. */
export async function deleteExportsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.delete(dataExports).where(eq(dataExports.userId, userId)).returning({ storageKey: dataExports.storageKey });
  return rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
}

/** Any constant, distinct from the other advisory locks: one user's export requests take turns. */
const EXPORT_REQUEST_LOCK = 7_341_280;

export async function lockRequestsOf(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_REQUEST_LOCK}, ${userId})`);
}
