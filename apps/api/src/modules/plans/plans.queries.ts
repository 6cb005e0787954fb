import { promotedPriceCents } from '@casebridge/shared/schemas/billing';
import type { Db } from '../../db/client.ts';
import {
  findAddOn,
  findAddOnByLookupKey,
  findPlan,
  findPlanByLookupKey,
  listPromotions,
  type AddOnRow,
  type PlanRow,
} from './plans.repository.ts';

/**
 * The plans module's read-only queries for the modules above it (ADR 0016): they take a database
 * handle and check no caller, so they write nothing (architecture.test.ts checks it).
 */

export async function planByKey(db: Db, key: string): Promise<PlanRow> {
  const plan = await findPlan(db, key);
  if (!plan) throw new Error(`Plan ${key} is missing from the catalogue`);
  return plan;
}

export async function planByLookupKey(db: Db, lookupKey: string): Promise<PlanRow | null> {
  return findPlanByLookupKey(db, lookupKey);
}

export async function addOnByKey(db: Db, key: string): Promise<AddOnRow | null> {
  return findAddOn(db, key);
}

export async function addOnByLookupKey(db: Db, lookupKey: string): Promise<AddOnRow | null> {
  return findAddOnByLookupKey(db, lookupKey);
}

/** What a new subscriber pays per month: the plan's price after its promotion, if one runs. */
export async function chargedPriceCents(db: Db, plan: PlanRow, custom: CustomTerms | null): Promise<number> {
  if (plan.key === 'custom') return custom?.priceCents ?? plan.priceCents;
  const promotion = (await listPromotions(db)).find((row) => row.planKey === plan.key);
  return promotion ? promotedPriceCents(plan.priceCents, promotion) : plan.priceCents;
}

/** The terms a manager set for one mill; they replace the custom plan's price and limits. */
export interface CustomTerms {
  priceCents: number;
  maxOrdersCount: number;
  allowedClients: number;
}
