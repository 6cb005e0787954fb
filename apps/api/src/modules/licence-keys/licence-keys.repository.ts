import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { licenceKeys } from '../../db/schema/licence-keys.ts';

export type LicenceKeyRow = typeof licenceKeys.$inferSelect;

export interface LicenceKeyListQuery {
  start: number;
  limit: number;
  sort: { field: 'licenseKey' | 'created_at'; direction: 'asc' | 'desc' };
  /** A whole key: the list answers that key only (keys are stored in upper case). */
  key?: string;
}

export async function listKeys(db: Db, millId: number, query: LicenceKeyListQuery): Promise<{ count: number; rows: LicenceKeyRow[] }> {
  const column = query.sort.field === 'licenseKey' ? licenceKeys.key : licenceKeys.createdAt;
  const where = query.key ? and(eq(licenceKeys.millId, millId), eq(licenceKeys.key, query.key)) : eq(licenceKeys.millId, millId);
  const [rows, [total]] = await Promise.all([
    db.select().from(licenceKeys).where(where).orderBy(query.sort.direction === 'asc' ? asc(column) : desc(column)).limit(query.limit).offset(query.start),
    db.select({ n: count() }).from(licenceKeys).where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

export async function countKeys(db: Db, millId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(licenceKeys).where(eq(licenceKeys.millId, millId));
  return row?.n ?? 0;
}

export async function findKey(db: Db, id: number): Promise<LicenceKeyRow | null> {
  const [row] = await db.select().from(licenceKeys).where(eq(licenceKeys.id, id));
  return row ?? null;
}

/** Throws PostgreSQL's unique violation when another mill (or this one) holds the key already. */
export async function insertKey(db: Db, values: { millId: number; key: string; enableDataCollection: boolean }): Promise<LicenceKeyRow> {
  const [row] = await db.insert(licenceKeys).values(values).returning();
  return row!;
}

export async function setDataCollection(db: Db, id: number, enableDataCollection: boolean): Promise<LicenceKeyRow> {
  const [row] = await db.update(licenceKeys).set({ enableDataCollection }).where(eq(licenceKeys.id, id)).returning();
  return row!;
}

export async function deleteKey(db: Db, id: number): Promise<void> {
  await db.delete(licenceKeys).where(eq(licenceKeys.id, id));
}
