import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { millPeriodUsage, millSubscriptions, paymentEvents } from '../../db/schema/billing.ts';
import { millClients } from '../../db/schema/labs.ts';
import { mills } from '../../db/schema/mills.ts';
import { millStoredBytes } from '../../db/schema/orders.ts';

export type SubscriptionRow = typeof millSubscriptions.$inferSelect;

/** A mill that never paid has no row yet; it reads as basic from the table's defaults. */
export async function findSubscription(db: Db, millId: number): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(millSubscriptions).where(eq(millSubscriptions.millId, millId));
  return row ?? null;
}

/**
 * The mill's contract row, created on first use and locked until the transaction ends: limit
 * checks and provider updates of one mill take turns on it.
 */
export async function lockSubscription(tx: Db, millId: number): Promise<SubscriptionRow> {
  await tx.insert(millSubscriptions).values({ millId }).onConflictDoNothing();
  const [row] = await tx.select().from(millSubscriptions).where(eq(millSubscriptions.millId, millId)).for('update');
  return row!;
}

export async function millOfProviderSubscription(db: Db, providerSubscriptionId: string): Promise<number | null> {
  const [row] = await db
    .select({ millId: millSubscriptions.millId })
    .from(millSubscriptions)
    .where(eq(millSubscriptions.providerSubscriptionId, providerSubscriptionId));
  return row?.millId ?? null;
}

export type SubscriptionChange = Partial<Omit<SubscriptionRow, 'millId' | 'updatedAt'>>;

export async function updateSubscription(tx: Db, millId: number, change: SubscriptionChange): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(millSubscriptions)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(millSubscriptions.millId, millId))
    .returning();
  return row!;
}

/** True when the event is new; false when it was applied before (the caller then does nothing). */
export async function recordPaymentEvent(tx: Db, eventId: string, type: string): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length === 1;
}

export async function ordersCreatedIn(db: Db, millId: number, periodStart: Date): Promise<number> {
  const [row] = await db
    .select({ orders: millPeriodUsage.ordersCreated })
    .from(millPeriodUsage)
    .where(and(eq(millPeriodUsage.millId, millId), eq(millPeriodUsage.periodStart, periodStart)));
  return row?.orders ?? 0;
}

/**
 * Takes one order slot of the period if one is left, in one statement: concurrent submissions
 * each see the other's increment, so exactly `limit` of them succeed.
 */
export async function takeOrderSlot(tx: Db, millId: number, periodStart: Date, limit: number): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into ${millPeriodUsage} as u (mill_id, period_start, orders_created)
    select ${millId}, ${periodStart.toISOString()}::timestamptz, 1 where ${limit} > 0
    on conflict (mill_id, period_start) do update set orders_created = u.orders_created + 1
      where u.orders_created < ${limit}
    returning u.orders_created`);
  return result.rows.length === 1;
}

// Read-only counts over other features' tables (DESIGN §4a allows reads for a usage figure).

/** Clients that count against the plan: every lab the mill invited or serves. */
export async function clientsOfMill(db: Db, millId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(millClients).where(eq(millClients.millId, millId));
  return row?.n ?? 0;
}

/** Bytes of all files of the mill's orders: the counter the files' triggers keep (migration 0037). */
export async function storedBytesOfMill(db: Db, millId: number): Promise<number> {
  const [row] = await db.select({ bytes: millStoredBytes.bytes }).from(millStoredBytes).where(eq(millStoredBytes.millId, millId));
  return row?.bytes ?? 0;
}

export async function companyIdOfMill(db: Db, millId: number): Promise<number | null> {
  const [row] = await db.select({ companyId: mills.companyId }).from(mills).where(eq(mills.id, millId));
  return row?.companyId ?? null;
}

/** Whether any mill of the company is on a paid plan (its country then stays: invoices' VAT). */
export async function companyHasPaidSubscription(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ millId: millSubscriptions.millId })
    .from(millSubscriptions)
    .innerJoin(mills, eq(mills.id, millSubscriptions.millId))
    .where(
      and(eq(mills.companyId, companyId), sql`${millSubscriptions.planKey} <> 'basic'`, sql`${millSubscriptions.status} <> 'canceled'`),
    )
    .limit(1);
  return row !== undefined;
}
