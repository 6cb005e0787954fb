import {
  CUSTOM_PLAN_LOOKUP_KEY,
  usagePercentage,
  type Subscription,
  type UpcomingInvoice,
  type UsageStat,
} from '@casebridge/shared/schemas/billing';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import type { PriceRef, ProviderEvent, ProviderSubscription } from '../../platform/payments/payment-provider.ts';
import { WebhookSignatureError } from '../../platform/payments/payment-provider.ts';
import { recordProviderInvoice, taxOfBuyer } from '../invoices/invoices.service.ts';
import { PlanLimitError, toAddOn, toContractType, type PlanRow } from '../plans/plans.service.ts';
import { addOnByKey, addOnByLookupKey, chargedPriceCents, planByKey, planByLookupKey, type CustomTerms } from '../plans/plans.queries.ts';
import {
  clientsOfMill,
  companyHasPaidSubscription,
  findSubscription,
  lockSubscription,
  millOfProviderSubscription,
  ordersCreatedIn,
  recordPaymentEvent,
  storedBytesOfMill,
  takeOrderSlot,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions.repository.ts';

/**
 * A mill's paid contract (spec §4 "Subscription"): checkout at the payment provider, changes,
 * cancellation at the period's end, add-ons, the custom plan, usage and the limits that hold on
 * the server. What the provider reports through its signed webhooks is the truth: every event
 * makes us read the subscription's current state from the provider, so events arriving twice or
 * out of order end in the same state.
 */

const BASIC = 'basic';
const MB = 1_000_000;

// Reading the contract.

export async function subscriptionOf(deps: AppDeps, user: SessionUser, millId: number): Promise<Subscription> {
  await authorize(deps.db, user, 'subscription.read', { millId });
  return subscriptionDto(deps.db, millId);
}

export async function usageOf(deps: AppDeps, user: SessionUser, millId: number): Promise<UsageStat[]> {
  await authorize(deps.db, user, 'subscription.read', { millId });
  const row = await findSubscription(deps.db, millId);
  const limits = await limitsOf(deps.db, row);
  const [orders, clients, bytes] = await Promise.all([
    ordersCreatedIn(deps.db, millId, periodStartOf(row)),
    clientsOfMill(deps.db, millId),
    storedBytesOfMill(deps.db, millId),
  ]);
  const storageMb = Math.round((bytes / MB) * 10) / 10;
  return [
    { name: 'orders', used: orders, limit: limits.maxOrders, percentage: usagePercentage(orders, limits.maxOrders) },
    { name: 'clients', used: clients, limit: limits.allowedClients, percentage: usagePercentage(clients, limits.allowedClients) },
    { name: 'storage', used: storageMb, limit: limits.storageMb, percentage: usagePercentage(storageMb, limits.storageMb) },
  ];
}

export async function millAddOnsOf(deps: AppDeps, user: SessionUser, millId: number) {
  await authorize(deps.db, user, 'subscription.read', { millId });
  const row = await findSubscription(deps.db, millId);
  const addOn = row?.addOnKey ? await addOnByKey(deps.db, row.addOnKey) : null;
  return { filesKeepDurationKey: row?.addOnKey ?? null, addOns: addOn ? [toAddOn(addOn)] : [] };
}

// Changing the contract (the mill's administrators).

export async function startCheckout(
  deps: AppDeps,
  user: SessionUser,
  input: { millId: number; lookupKey: string; policyAgreement?: boolean; dataProcessingAgreement?: boolean },
): Promise<{ statusCode: number; sessionId: string; url: string }> {
  await authorize(deps.db, user, 'subscription.manage', { millId: input.millId });
  const row = await findSubscription(deps.db, input.millId);
  if (hasLiveSubscription(row))
    throw AppError.conflict('This mill already has a subscription: change its plan instead', 'SUBSCRIPTION_EXISTS');
  const price = await priceOf(deps.db, row, input.lookupKey);
  const buyer = await taxOfBuyer(deps.db, input.millId);
  if (!buyer.complete)
    throw AppError.conflict('Complete the company details first: invoices need your address', 'COMPANY_DETAILS_INCOMPLETE');
  const session = await deps.payments.createCheckout({
    millId: input.millId,
    customerId: row?.providerCustomerId ?? null,
    customerEmail: buyer.email,
    items: [price],
    taxPercent: buyer.vatPercent,
    successUrl: `${deps.config.publicUrl}/payments/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${deps.config.publicUrl}/payments/failure`,
    // The body schema only lets `true` through; recorded with the payment as evidence of consent.
    agreements: {
      policyAgreement: input.policyAgreement === true,
      dataProcessingAgreement: input.dataProcessingAgreement === true,
      acceptedByUserId: user.id,
      acceptedAt: new Date(),
    },
  });
  return { statusCode: 200, sessionId: session.id, url: session.url };
}

/** The success page's confirmation: applied at once, so the contract page shows the new plan. */
export async function confirmCheckout(deps: AppDeps, user: SessionUser, sessionId: string): Promise<Subscription> {
  const session = await deps.payments.getCheckout(sessionId);
  if (!session?.millId) throw AppError.notFound('Payment');
  await authorize(deps.db, user, 'subscription.manage', { millId: session.millId });
  if (!session.paid || !session.subscriptionId) {
    throw AppError.conflict('Payment process was not successful due to manual interuption or invalid card information', 'PAYMENT_FAILED');
  }
  const before = await findSubscription(deps.db, session.millId);
  await syncMill(deps, session.millId, session.subscriptionId, { user, action: 'subscription.plan.changed', before });
  return subscriptionDto(deps.db, session.millId);
}

/** Upgrade or change to another paid plan; the provider invoices the rest of the period (proration). */
export async function changePlan(deps: AppDeps, user: SessionUser, input: { millId: number; lookupKey: string }): Promise<Subscription> {
  await authorize(deps.db, user, 'subscription.manage', { millId: input.millId });
  const row = await liveSubscription(deps.db, input.millId);
  const price = await priceOf(deps.db, row, input.lookupKey);
  const addOn = row.addOnKey ? await addOnByKey(deps.db, row.addOnKey) : null;
  const buyer = await taxOfBuyer(deps.db, input.millId);
  await deps.payments.updateItems(row.providerSubscriptionId!, [price, ...(addOn ? [addOnPrice(addOn)] : [])], buyer.vatPercent);
  await syncMill(deps, input.millId, row.providerSubscriptionId!, { user, action: 'subscription.plan.changed', before: row });
  return subscriptionDto(deps.db, input.millId);
}

/** Unsubscribe: the plan runs to the period's end ("Subscription ends at …"), then basic. */
export async function cancelAtPeriodEnd(deps: AppDeps, user: SessionUser, millId: number): Promise<Subscription> {
  await authorize(deps.db, user, 'subscription.manage', { millId });
  const row = await liveSubscription(deps.db, millId);
  await deps.payments.setCancelAtPeriodEnd(row.providerSubscriptionId!, true);
  await syncMill(deps, millId, row.providerSubscriptionId!, { user, action: 'subscription.cancelled', before: row });
  return subscriptionDto(deps.db, millId);
}

export async function resume(deps: AppDeps, user: SessionUser, millId: number): Promise<Subscription> {
  await authorize(deps.db, user, 'subscription.manage', { millId });
  const row = await liveSubscription(deps.db, millId);
  if (!row.cancelAt) throw AppError.conflict('The subscription is not cancelled', 'SUBSCRIPTION_NOT_CANCELLED');
  await deps.payments.setCancelAtPeriodEnd(row.providerSubscriptionId!, false);
  await syncMill(deps, millId, row.providerSubscriptionId!, { user, action: 'subscription.resumed', before: row });
  return subscriptionDto(deps.db, millId);
}

/** Buys, changes or (null) drops the retention add-on; it rides on the paid subscription. */
export async function setAddOn(deps: AppDeps, user: SessionUser, input: { millId: number; filesKeepDurationKey: string | null }) {
  await authorize(deps.db, user, 'subscription.manage', { millId: input.millId });
  const row = await liveSubscription(deps.db, input.millId, 'Add-ons need a paid plan');
  const addOn = input.filesKeepDurationKey === null ? null : await addOnByKey(deps.db, input.filesKeepDurationKey);
  if (input.filesKeepDurationKey !== null && !addOn) throw AppError.fields({ filesKeepDurationKey: ['NOT_FOUND'] }, 'No such add-on');
  const plan = await planByKey(deps.db, row.planKey);
  const planPrice = await priceOf(deps.db, row, plan.lookupKey);
  const buyer = await taxOfBuyer(deps.db, input.millId);
  await deps.payments.updateItems(row.providerSubscriptionId!, [planPrice, ...(addOn ? [addOnPrice(addOn)] : [])], buyer.vatPercent);
  await syncMill(deps, input.millId, row.providerSubscriptionId!, { user, action: 'subscription.addOn.changed', before: row });
  return millAddOnsOf(deps, user, input.millId);
}

export async function cardPortal(deps: AppDeps, user: SessionUser, millId: number): Promise<{ statusCode: number; url: string }> {
  await authorize(deps.db, user, 'subscription.manage', { millId });
  const row = await findSubscription(deps.db, millId);
  if (!row?.providerCustomerId || row.planKey === BASIC) throw AppError.conflict('There is no card on the basic plan', 'NO_SUBSCRIPTION');
  const url = await deps.payments.cardPortalUrl(row.providerCustomerId, `${deps.config.publicUrl}/mill/contract?tab=contract-types`);
  return { statusCode: 200, url };
}

export async function upcomingInvoiceOf(deps: AppDeps, user: SessionUser, millId: number): Promise<UpcomingInvoice> {
  await authorize(deps.db, user, 'subscription.manage', { millId });
  const row = await findSubscription(deps.db, millId);
  if (!hasLiveSubscription(row)) return null;
  const invoice = await deps.payments.upcomingInvoice(row!.providerSubscriptionId!);
  if (!invoice) return null;
  // The VAT as the invoice it becomes will state it (recordProviderInvoice decides the same way).
  const buyer = await taxOfBuyer(deps.db, millId);
  return {
    lines: invoice.lines.map((line) => ({
      description: line.description,
      amountCents: line.amountCents,
      periodStart: line.periodStart.toISOString(),
      periodEnd: line.periodEnd.toISOString(),
    })),
    netCents: invoice.subtotalCents,
    vatPercent: buyer.vatPercent,
    vatCents: invoice.taxCents,
    taxTreatment: buyer.treatment,
    totalCents: invoice.totalCents,
    amountDueCents: invoice.totalCents,
    nextPaymentAttempt: invoice.nextPaymentAttempt?.toISOString() ?? null,
  };
}

/** The manager offers one mill a custom plan; on it, these limits apply at once. */
export async function setCustomContract(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  terms: CustomTerms | null,
): Promise<Subscription> {
  await authorize(deps.db, user, 'subscription.setCustom', { millId });
  await deps.db.transaction(async (tx) => {
    const before = customTerms(await lockSubscription(tx, millId));
    await updateSubscription(tx, millId, {
      customPriceCents: terms?.priceCents ?? null,
      customMaxOrders: terms?.maxOrdersCount ?? null,
      customAllowedClients: terms?.allowedClients ?? null,
    });
    const actor = { userId: user.id, tenant: { kind: 'platform' as const, id: null }, ip: user.ip };
    const entry = { action: 'subscription.customContract.changed', before: { customContract: before }, after: { customContract: terms } };
    await deps.audit.append(tx, { ...entry, actor, object: { kind: 'mill', id: millId }, scope: { millId } });
  });
  return subscriptionDto(deps.db, millId);
}

// Webhooks: verified on the raw body, then applied through the job queue (retried on failure).

export async function receiveWebhook(deps: AppDeps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  let event: ProviderEvent;
  try {
    event = deps.payments.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError || error instanceof SyntaxError)
      throw AppError.badRequest('The webhook signature does not match');
    throw error;
  }
  await deps.jobs.enqueue(deps.db, 'payments.apply-event', { event });
}

/** The job: each event once, deduplicated by its id in the transaction of its effect. */
export async function applyPaymentEvent(deps: AppDeps, event: ProviderEvent): Promise<void> {
  const millId = event.millId ?? (event.subscriptionId ? await millOfProviderSubscription(deps.db, event.subscriptionId) : null);
  if (millId === null) return;
  await deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, millId);
    if (!(await recordPaymentEvent(tx, event.id, event.type))) return;
    if (event.subscriptionId) {
      await applyProviderSubscription(deps, tx, row, event.subscriptionId);
      await auditProviderChange(deps, tx, event, row, await findSubscription(tx, millId));
    }
    if (event.invoiceId) {
      const invoice = await deps.payments.getInvoice(event.invoiceId);
      if (invoice?.paid) await recordProviderInvoice(deps, tx, millId, invoice);
    }
  });
}

/** A mill admin's change of the contract, for the audit trail. */
interface ContractChange {
  user: SessionUser;
  action: 'subscription.plan.changed' | 'subscription.addOn.changed' | 'subscription.cancelled' | 'subscription.resumed';
  /** As read before the provider was asked: its webhook may have been applied already when the sync locks the row. */
  before: SubscriptionRow | null;
}

/**
 * Reads the provider's current state of the subscription and stores it (under the mill's lock);
 * a mill admin's change is audited with the stored state before and after, in that transaction.
 */
async function syncMill(deps: AppDeps, millId: number, subscriptionId: string, change: ContractChange): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, millId);
    await applyProviderSubscription(deps, tx, row, subscriptionId);
    await deps.audit.append(tx, contractAudit(change, millId, await findSubscription(tx, millId)));
  });
}

/** The contract as the trail records it: which plan and add-on, and whether it ends. */
function contractState(row: SubscriptionRow | null): Record<string, unknown> {
  return {
    planKey: row?.planKey ?? BASIC,
    addOnKey: row?.addOnKey ?? null,
    status: row?.status ?? 'active',
    cancelAt: row?.cancelAt?.toISOString() ?? null,
  };
}

/** The mill's trail: which plan and add-on, and whether it ends (issue 28: plan and add-on changes). */
function contractAudit(change: ContractChange, millId: number, after: SubscriptionRow | null): AuditEntry {
  const actor = { userId: change.user.id, tenant: { kind: 'mill' as const, id: millId }, ip: change.user.ip };
  return {
    actor,
    action: change.action,
    object: { kind: 'mill', id: millId },
    before: contractState(change.before),
    after: contractState(after),
    scope: { millId },
  };
}

/**
 * A change only the provider's webhook brought (a renewal, the period's end of a cancelled plan, a
 * failed payment, a change in the provider's portal): no actor, the event named, the changed fields
 * only. A mill admin's change synced at once leaves the webhook nothing to change, so no entry;
 * one whose webhook is applied before its own sync is recorded by both.
 */
async function auditProviderChange(deps: AppDeps, tx: Db, event: ProviderEvent, before: SubscriptionRow, after: SubscriptionRow | null) {
  const [old, now] = [contractState(before), contractState(after)];
  const changed = Object.keys(now).filter((field) => old[field] !== now[field]);
  if (changed.length === 0) return;
  const pick = (state: Record<string, unknown>) => Object.fromEntries(changed.map((field) => [field, state[field]]));
  await deps.audit.append(tx, {
    actor: { userId: null },
    action: 'subscription.changedByProvider',
    object: { kind: 'mill', id: before.millId },
    before: pick(old),
    after: { ...pick(now), event: event.type },
    scope: { millId: before.millId },
  });
}

async function applyProviderSubscription(deps: AppDeps, tx: Db, row: SubscriptionRow, subscriptionId: string): Promise<void> {
  const subscription = await deps.payments.getSubscription(subscriptionId);
  if (!subscription) return;
  if (subscription.status === 'canceled' || subscription.status === 'incomplete') {
    // An old subscription ending must not undo a newer one.
    if (row.providerSubscriptionId === subscription.id) await updateSubscription(tx, row.millId, backToBasic());
    return;
  }
  await updateSubscription(tx, row.millId, await stateOf(tx, subscription));
}

function backToBasic() {
  return {
    planKey: BASIC,
    status: 'active',
    providerSubscriptionId: null,
    periodStart: calendarMonthStart(new Date()),
    periodEnd: null,
    cancelAt: null,
    addOnKey: null,
    planPriceCents: null,
  };
}

async function stateOf(db: Db, subscription: ProviderSubscription) {
  let plan: PlanRow | null = null;
  let planPriceCents: number | null = null;
  let addOnKey: string | null = null;
  for (const item of subscription.items) {
    const itemPlan: PlanRow | null = plan ? null : await planByLookupKey(db, item.lookupKey);
    if (itemPlan) [plan, planPriceCents] = [itemPlan, item.unitAmountCents];
    addOnKey ??= (await addOnByLookupKey(db, item.lookupKey))?.key ?? null;
  }
  return {
    planKey: plan?.key ?? BASIC,
    planPriceCents,
    status: subscription.status,
    providerCustomerId: subscription.customerId,
    providerSubscriptionId: subscription.id,
    periodStart: subscription.currentPeriodStart,
    periodEnd: subscription.currentPeriodEnd,
    cancelAt: subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null,
    addOnKey,
  };
}

// Limits, checked in the transaction that consumes them.

/**
 * Takes one of the period's order slots for a submission, in the submitting transaction. Refused
 * with PLAN_LIMIT_REACHED when none is left; exactly `limit` concurrent submissions succeed.
 */
export async function takeOrderSlotOf(tx: Db, millId: number): Promise<void> {
  const row = await findSubscription(tx, millId);
  const limits = await limitsOf(tx, row);
  if (!(await takeOrderSlot(tx, millId, periodStartOf(row), limits.maxOrders))) {
    throw new PlanLimitError("The mill's plan allows no more orders in this period");
  }
}

/** Before a client is added: the mill's lock is held, so two adds cannot both take the last place. */
export async function assertClientRoom(tx: Db, millId: number): Promise<void> {
  const row = await lockSubscription(tx, millId);
  const limits = await limitsOf(tx, row);
  if ((await clientsOfMill(tx, millId)) >= limits.allowedClients) {
    throw new PlanLimitError("The mill's plan allows no more clients");
  }
}

/**
 * Hears `files.storing`: before bytes are kept, the mill's stored files plus these must fit the plan's
 * storage. Locks the mill's subscription row until the upload's transaction ends, so two uploads cannot
 * both take the last room.
 */
export async function assertStorageRoom(tx: Db, millId: number, incomingBytes: number): Promise<void> {
  const row = await lockSubscription(tx, millId);
  const limits = await limitsOf(tx, row);
  if ((await storedBytesOfMill(tx, millId)) + incomingBytes > limits.storageMb * MB) {
    throw new PlanLimitError("The mill's plan has no storage left for this file");
  }
}

/** Companies: a paying mill's invoices depend on its company's country, which then stays. */
export async function companyHasPaidMill(db: Db, companyId: number): Promise<boolean> {
  return companyHasPaidSubscription(db, companyId);
}

// Helpers.

async function subscriptionDto(db: Db, millId: number): Promise<Subscription> {
  const row = await findSubscription(db, millId);
  const plan = await planByKey(db, row?.planKey ?? BASIC);
  const custom = customTerms(row);
  const addOn = row?.addOnKey ? await addOnByKey(db, row.addOnKey) : null;
  const contractType = toContractType(plan, plan.key === 'custom' ? custom : null);
  return {
    millId,
    contractType,
    chargedPriceCents: chargedPriceOf(row, contractType),
    status: (row?.status ?? 'active') as Subscription['status'],
    periodStart: periodStartOf(row).toISOString(),
    periodEnd: row?.periodEnd?.toISOString() ?? null,
    subscriptionCancelDate: row?.cancelAt?.toISOString() ?? null,
    customContract: custom,
    addOn: addOn ? toAddOn(addOn) : null,
    millOrderStat: { ordersCreated: await ordersCreatedIn(db, millId, periodStartOf(row)) },
  };
}

/**
 * What the mill pays for its plan, as its subscription at the provider says. A subscription from
 * before migration 0028 shows the plan's listed price until its next event records its own.
 */
function chargedPriceOf(row: SubscriptionRow | null, contractType: Subscription['contractType']): number {
  if (contractType.id === BASIC) return 0;
  return row?.planPriceCents ?? contractType.priceCents;
}

function customTerms(row: SubscriptionRow | null): CustomTerms | null {
  if (row?.customPriceCents == null || row.customMaxOrders == null || row.customAllowedClients == null) return null;
  return { priceCents: row.customPriceCents, maxOrdersCount: row.customMaxOrders, allowedClients: row.customAllowedClients };
}

async function limitsOf(db: Db, row: SubscriptionRow | null): Promise<{ maxOrders: number; allowedClients: number; storageMb: number }> {
  const plan = await planByKey(db, row?.planKey ?? BASIC);
  const contract = toContractType(plan, plan.key === 'custom' ? customTerms(row) : null);
  return { maxOrders: contract.maxOrdersCount, allowedClients: contract.allowedClients, storageMb: contract.storageMb };
}

/** Orders count per billing period: the provider's period on a paid plan, the calendar month (UTC) on basic. */
function periodStartOf(row: SubscriptionRow | null): Date {
  if (row && row.planKey !== BASIC && row.providerSubscriptionId) return row.periodStart;
  return calendarMonthStart(new Date());
}

function calendarMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

function hasLiveSubscription(row: SubscriptionRow | null): boolean {
  return Boolean(row?.providerSubscriptionId) && row!.planKey !== BASIC && row!.status !== 'canceled';
}

async function liveSubscription(db: Db, millId: number, message = 'This mill has no paid subscription'): Promise<SubscriptionRow> {
  const row = await findSubscription(db, millId);
  if (!row || !hasLiveSubscription(row)) throw AppError.conflict(message, 'NO_SUBSCRIPTION');
  return row;
}

/** The price of a plan the mill may buy: not basic (that is unsubscribing); custom only when offered. */
async function priceOf(db: Db, row: SubscriptionRow | null, lookupKey: string): Promise<PriceRef> {
  const plan = await planByLookupKey(db, lookupKey);
  if (!plan || plan.key === BASIC) throw AppError.fields({ lookupKey: ['NOT_FOUND'] }, 'No such paid plan');
  const custom = customTerms(row);
  if (lookupKey === CUSTOM_PLAN_LOOKUP_KEY && !custom)
    throw AppError.fields({ lookupKey: ['NOT_FOUND'] }, 'No custom plan was offered to this mill');
  return { lookupKey, unitAmountCents: await chargedPriceCents(db, plan, custom), description: `${plan.name} plan` };
}

function addOnPrice(addOn: { lookupKey: string; priceCents: number; keepDays: number }): PriceRef {
  return { lookupKey: addOn.lookupKey, unitAmountCents: addOn.priceCents, description: `Files kept ${addOn.keepDays} days` };
}
