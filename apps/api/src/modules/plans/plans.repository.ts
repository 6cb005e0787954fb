import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addOns, plans, promotions } from '../../db/schema/billing.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PromotionRow = typeof promotions.$inferSelect;
export type AddOnRow = typeof addOns.$inferSelect;

export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.position));
}

export async function findPlan(db: Db, key: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.key, key));
  return row ?? null;
}

export async function findPlanByLookupKey(db: Db, lookupKey: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.lookupKey, lookupKey));
  return row ?? null;
}

export async function updatePlan(
  db: Db,
  key: string,
  values: Omit<PlanRow, 'key' | 'name' | 'lookupKey' | 'position'>,
): Promise<PlanRow | null> {
  const [row] = await db.update(plans).set(values).where(eq(plans.key, key)).returning();
  return row ?? null;
}

export async function listPromotions(db: Db): Promise<PromotionRow[]> {
  return db.select().from(promotions).orderBy(asc(promotions.id));
}

export async function listAddOns(db: Db): Promise<AddOnRow[]> {
  return db.select().from(addOns).orderBy(asc(addOns.keepDays));
}

export async function findAddOn(db: Db, key: string): Promise<AddOnRow | null> {
  const [row] = await db.select().from(addOns).where(eq(addOns.key, key));
  return row ?? null;
}

export async function findAddOnByLookupKey(db: Db, lookupKey: string): Promise<AddOnRow | null> {
  const [row] = await db.select().from(addOns).where(eq(addOns.lookupKey, lookupKey));
  return row ?? null;
}
