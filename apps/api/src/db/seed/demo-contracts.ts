import { eq, sql } from 'drizzle-orm';
import type { InvoiceParty } from '@casebridge/shared/schemas/billing';
import type { Db } from '../client.ts';
import { millSubscriptions, plans, testPaymentObjects } from '../schema/billing.ts';
import { DEFAULT_SELLER } from '../../config.ts';
import { storeNumberedInvoice, taxOfBuyer } from '../../modules/invoices/invoices.service.ts';
import { paidSubscriptionDocuments } from '../../platform/payments/test-provider.ts';

/**
 * The demo's contracts, as if each mill had paid through the built-in test provider: its records
 * there (so the card page and the upcoming invoice work), the mill's subscription, and one
 * numbered invoice per paid month. Demo Mill has paid essential for two months at its regular
 * price: it subscribed before the promotion, which is for new subscriptions. The VAT is decided as
 * for every invoice (by the buyer's country and VAT number). The seller is the default one
 * (INVOICE_SELLER is read by the server, not by the seed).
 */
export interface DemoContract {
  millId: number;
  planKey: 'essential' | 'enterprise' | 'custom';
  months: number;
  buyer: InvoiceParty;
  custom?: { priceCents: number; maxOrdersCount: number; allowedClients: number };
}

export async function seedDemoContract(db: Db, contract: DemoContract): Promise<void> {
  const [plan] = await db.select().from(plans).where(eq(plans.key, contract.planKey));
  const priceCents = contract.custom?.priceCents ?? plan!.priceCents;
  const { vatPercent: taxPercent, treatment } = await taxOfBuyer(db, contract.millId);
  const documents = paidSubscriptionDocuments({
    millId: contract.millId,
    email: contract.buyer.email,
    item: { lookupKey: plan!.lookupKey, unitAmountCents: priceCents, description: `${plan!.name} plan` },
    taxPercent,
    months: contract.months,
    now: new Date(),
  });
  await db
    .insert(testPaymentObjects)
    .values([
      { id: documents.customer.id, kind: 'customer', data: documents.customer },
      { id: documents.subscription.id, kind: 'subscription', data: documents.subscription },
      ...documents.invoices.map(({ stored }) => ({ id: stored.id, kind: 'invoice', data: stored })),
    ]);
  await db.insert(millSubscriptions).values({
    millId: contract.millId,
    planKey: contract.planKey,
    status: 'active',
    providerCustomerId: documents.customer.id,
    providerSubscriptionId: documents.subscription.id,
    periodStart: new Date(documents.subscription.currentPeriodStart),
    periodEnd: new Date(documents.subscription.currentPeriodEnd),
    planPriceCents: priceCents,
    customPriceCents: contract.custom?.priceCents ?? null,
    customMaxOrders: contract.custom?.maxOrdersCount ?? null,
    customAllowedClients: contract.custom?.allowedClients ?? null,
  });
  // Orders the mill's labs sent this period count against the plan, as if submitted under it.
  await db.execute(sql`
    insert into mill_period_usage (mill_id, period_start, orders_created)
    select ${contract.millId}, ${documents.subscription.currentPeriodStart}::timestamptz, count(*)::int from projects
    where mill_id = ${contract.millId} and submitted_at >= ${documents.subscription.currentPeriodStart}::timestamptz`);
  for (const { provider } of documents.invoices) {
    const line = provider.lines[0]!;
    await storeNumberedInvoice(db, {
      millId: contract.millId,
      providerInvoiceId: provider.id,
      issuedAt: provider.createdAt,
      periodStart: line.periodStart,
      periodEnd: line.periodEnd,
      lines: provider.lines.map(({ description, amountCents }) => ({ description, amountCents })),
      netCents: provider.subtotalCents,
      vatPercent: taxPercent,
      vatCents: provider.taxCents,
      totalCents: provider.totalCents,
      taxTreatment: treatment,
      paid: true,
      seller: DEFAULT_SELLER,
      buyer: contract.buyer,
    });
  }
}
