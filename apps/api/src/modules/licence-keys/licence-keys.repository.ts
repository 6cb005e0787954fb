import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { licenceTickets } from '../../db/schema/dealers.ts';
import { licenceKeys } from '../../db/schema/licence-keys.ts';

export type LicenceKeyRow = typeof licenceKeys.$inferSelect;

/** The licence ticket behind a key, as far as the mill's settings show it (the list answers null without one). */
export interface KeyTicketRow {
  ticketId: number;
  licenceExpiry: string | null;
  /** Whole days from today (UTC) to the licence expiry, as the ticket desk counts them. */
  expiryInDays: number | null;
}

export interface LicenceKeyListQuery {
  start: number;
  limit: number;
  sort: { field: 'licenseKey' | 'created_at'; direction: 'asc' | 'desc' };
  /** A whole key: the list answers that key only (keys are stored in upper case). */
  key?: string;
}

/**
 * A page of the mill's keys, each with its ticket: one LEFT JOIN on licence_tickets' unique key
 * index (keys are upper case on both sides), only for the page's rows.
 */
export async function listKeys(
  db: Db,
  millId: number,
  query: LicenceKeyListQuery,
): Promise<{ count: number; rows: (LicenceKeyRow & { ticket: KeyTicketRow | null })[] }> {
  const column = query.sort.field === 'licenseKey' ? licenceKeys.key : licenceKeys.createdAt;
  const where = query.key ? and(eq(licenceKeys.millId, millId), eq(licenceKeys.key, query.key)) : eq(licenceKeys.millId, millId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        key: licenceKeys,
        ticket: {
          ticketId: licenceTickets.id,
          licenceExpiry: licenceTickets.licenceExpiry,
          expiryInDays: sql<number | null>`(${licenceTickets.licenceExpiry} - (now() at time zone 'utc')::date)`,
        },
      })
      .from(licenceKeys)
      .leftJoin(licenceTickets, eq(licenceTickets.key, licenceKeys.key))
      .where(where)
      .orderBy(query.sort.direction === 'asc' ? asc(column) : desc(column))
      .limit(query.limit)
      .offset(query.start)
      // Drizzle answers a left-joined group whose columns are all null as null: no ticket.
      .then((found) => found.map((row) => ({ ...row.key, ticket: row.ticket?.ticketId == null ? null : row.ticket }))),
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
