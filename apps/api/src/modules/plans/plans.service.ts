import type { z } from 'zod';
import {
  type AddOn,
  type ContractType,
  type PlanKey,
  type planUpdateBodySchema,
  type Promotion,
  type UsageStat,
} from '@casebridge/shared/schemas/billing';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import { findPlan, listAddOns, listPlans, listPromotions, updatePlan, type AddOnRow, type PlanRow } from './plans.repository.ts';
import type { CustomTerms } from './plans.queries.ts';

/**
 * The catalogue of the paid contract: plans with their limits (spec §3 contract type), their
 * promotions, and the retention add-ons. The numbers are seeded by migration 0011 and the manager
 * changes them (README, "Plans and prices"); a change applies at once to every mill on the plan.
 */
export type { AddOnRow, PlanRow };

export function toContractType(plan: PlanRow, custom: CustomTerms | null = null): ContractType {
  return {
    id: plan.key as PlanKey,
    name: plan.name,
    priceCents: custom?.priceCents ?? plan.priceCents,
    lookupKey: plan.lookupKey,
    maxOrdersCount: custom?.maxOrdersCount ?? plan.maxOrders,
    allowedClients: custom?.allowedClients ?? plan.allowedClients,
    storageMb: plan.storageMb,
    support: plan.support,
    filesKeepDays: plan.filesKeepDays,
  };
}

export const toAddOn = (row: AddOnRow): AddOn => ({ key: row.key, value: row.keepDays, priceCents: row.priceCents });

export async function contractTypes(deps: AppDeps): Promise<{ data: ContractType[]; promotions: Promotion[] }> {
  const [plans, promotions] = await Promise.all([listPlans(deps.db), listPromotions(deps.db)]);
  return {
    data: plans.map((plan) => toContractType(plan)),
    promotions: promotions.map((row) => ({
      planId: row.planKey as PlanKey,
      description: row.description,
      value: row.value,
      isPercentage: row.isPercentage,
    })),
  };
}

export async function addOnCatalogue(deps: AppDeps): Promise<AddOn[]> {
  return (await listAddOns(deps.db)).map(toAddOn);
}

export async function changePlan(
  deps: AppDeps,
  user: SessionUser,
  key: string,
  values: z.infer<typeof planUpdateBodySchema>,
): Promise<ContractType> {
  await authorize(deps.db, user, 'plans.manage', {});
  const { maxOrdersCount, allowedClients, ...rest } = values;
  const updated = await deps.db.transaction(async (tx) => {
    const before = await findPlan(tx, key);
    const after = await updatePlan(tx, key, { ...rest, maxOrders: maxOrdersCount, allowedClients });
    if (before && after) await deps.audit.append(tx, planAudit(user, before, after));
    return after;
  });
  if (!updated) throw AppError.notFound('Plan');
  return toContractType(updated);
}

/** The manager's change of a plan in the catalogue: the platform's trail only (issue 28: manager changes of plans). */
function planAudit(user: SessionUser, before: PlanRow, after: PlanRow): AuditEntry {
  const fields = ['priceCents', 'maxOrders', 'allowedClients', 'storageMb', 'support', 'filesKeepDays'] as const;
  const changed = fields.filter((field) => before[field] !== after[field]);
  const pick = (row: PlanRow) => Object.fromEntries(changed.map((field) => [field, row[field]]));
  const actor = { userId: user.id, tenant: { kind: 'platform' as const, id: null }, ip: user.ip };
  return { actor, action: 'plan.changed', object: { kind: 'plan', id: after.key }, before: pick(before), after: pick(after) };
}

// Limits: subscriptions checks them in the transaction that consumes them; a refusal is told.

/** A plan's limit refused the request; it is passed on through `tellingPlanLimits`, which tells the mill. */
export class PlanLimitError extends AppError {
  constructor(message: string) {
    super(409, 'PLAN_LIMIT_REACHED', message);
  }
}

/** Which limit: the same names as the usage statistics a notice about it links to. */
export type PlanLimit = UsageStat['name'];

export interface PlanLimitAttempt {
  millId: number;
  limit: PlanLimit;
  /** Who tried (a lab user, or the mill's own staff). */
  triedBy: number;
}

declare module '../../platform/events/domain-events.ts' {
  interface DomainEvents {
    /** A plan's limit refused an attempt; published in a transaction of its own, after the refused one rolled back. */
    'plan.limit-reached': PlanLimitAttempt;
  }
}

/**
 * Runs work a plan's limit may refuse. A refusal is published ('plan.limit-reached': the mill's
 * staff are told), then passed on unchanged to whoever tried (409 PLAN_LIMIT_REACHED). The event
 * has a transaction of its own: the refused work's rolled back, and what is told must stay.
 */
export async function tellingPlanLimits<T>(
  deps: Pick<AppDeps, 'db' | 'events'>,
  attempt: PlanLimitAttempt,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlanLimitError) {
      const afterCommit = await deps.db.transaction((tx) => deps.events.publish(tx, 'plan.limit-reached', attempt));
      await afterCommit();
    }
    throw error;
  }
}
