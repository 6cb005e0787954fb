import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testPaymentObjects } from '../../db/schema/billing.ts';

/** The test provider's objects (db/schema/billing.ts), one JSON document each, like a provider's API. */
export type TestObjectKind = 'checkout' | 'customer' | 'subscription' | 'invoice' | 'event' | 'portal';

export async function insertObject<T extends object>(db: Db, kind: TestObjectKind, id: string, data: T): Promise<void> {
  await db.insert(testPaymentObjects).values({ id, kind, data });
}

/** Reads one object; `forUpdate` holds its row until the transaction ends, so changes to it queue up. */
export async function findObject<T>(db: Db, kind: TestObjectKind, id: string, forUpdate = false): Promise<T | null> {
  const query = db
    .select({ data: testPaymentObjects.data })
    .from(testPaymentObjects)
    .where(and(eq(testPaymentObjects.kind, kind), eq(testPaymentObjects.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return (row?.data as T | undefined) ?? null;
}

export async function saveObject<T extends object>(db: Db, id: string, data: T): Promise<void> {
  await db.update(testPaymentObjects).set({ data }).where(eq(testPaymentObjects.id, id));
}

/** Subscriptions whose period ended by `now` (ISO strings compare in time order). */
export async function dueSubscriptionIds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: testPaymentObjects.id })
    .from(testPaymentObjects)
    .where(
      and(
        eq(testPaymentObjects.kind, 'subscription'),
        sql`${testPaymentObjects.data}->>'status' <> 'canceled'`,
        sql`${testPaymentObjects.data}->>'currentPeriodEnd' <= ${now.toISOString()}`,
      ),
    );
  return rows.map((row) => row.id);
}
