import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoiceCounters, invoices } from '../../db/schema/billing.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'number'>;

export async function findInvoiceByProviderId(db: Db, providerInvoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.providerInvoiceId, providerInvoiceId));
  return row ?? null;
}

export async function findInvoice(db: Db, id: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

/**
 * Issues the year's next number and stores the invoice in the caller's transaction. The counter's
 * row stays locked until it commits, and a rollback gives the number back: no gaps, no doubles.
 */
/** CB-<year>-<five digits>: one unbroken sequence per year. */
export const invoiceNumber = (year: number, n: number): string => `CB-${year}-${String(n).padStart(5, '0')}`;

export async function insertNumberedInvoice(tx: Db, invoice: NewInvoice, year: number): Promise<InvoiceRow> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  const [row] = await tx
    .insert(invoices)
    .values({ ...invoice, number: invoiceNumber(year, counter!.last) })
    .returning();
  return row!;
}

export async function listInvoicesOfMill(
  db: Db,
  millId: number,
  start: number,
  limit: number,
): Promise<{ count: number; rows: InvoiceRow[] }> {
  const [total] = await db.select({ n: count() }).from(invoices).where(eq(invoices.millId, millId));
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.millId, millId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .offset(start)
    .limit(limit);
  return { count: total?.n ?? 0, rows };
}
