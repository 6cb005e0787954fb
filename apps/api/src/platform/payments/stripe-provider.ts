import Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import type {
  CheckoutInput,
  CheckoutSession,
  PaymentProvider,
  PriceRef,
  ProviderEvent,
  ProviderInvoice,
  ProviderSubscription,
} from './payment-provider.ts';
import { WebhookSignatureError } from './payment-provider.ts';

/**
 * The card payment provider in production: Stripe through its official SDK (ADR 0009). Checkout
 * Sessions in subscription mode with prices found by lookup key, the Billing Portal for the card,
 * subscription updates with proration, invoices and the upcoming invoice. The mill travels as
 * `millId` in the metadata of the session and the subscription (Stripe copies the subscription's
 * onto its invoices), so every webhook event names the mill it is about.
 */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

const CURRENCY = 'eur';
/** Marks the tax rates this portal created, so it reuses them instead of creating one per checkout. */
const TAX_RATE_MARK = 'casebridge-vat';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (tests: a local fake); unset, api.stripe.com. */
  apiBase?: URL;
  /** Retries of failed requests (the SDK sends idempotency keys, so a retried POST is applied once). */
  maxNetworkRetries?: number;
  /** Told about every failed Stripe request: the API answers the user with a 502 only, the log keeps why. */
  onError?: (error: unknown, operation: string) => void;
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly signatureHeader = STRIPE_SIGNATURE_HEADER;
  private readonly stripe: Stripe;
  /** Tax rates never change their percentage, so their ids can be kept for the life of the process. */
  private readonly taxRateIds = new Map<number, string>();

  constructor(private readonly options: StripeProviderOptions) {
    const base = options.apiBase;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      // A request that hangs must not hold a mill's lock (the webhook job reads under it) for 80 s.
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'CaseBridge' },
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'http:' ? 80 : 443),
            protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
          }
        : {}),
    });
  }

  async createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }> {
    return this.call('checkout.create', async () => {
      const prices = await this.priceIds(input.items);
      const taxRate = await this.taxRateId(input.taxPercent);
      const agreements = input.agreements;
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: prices.map((price) => ({ price, quantity: 1 })),
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail }),
        client_reference_id: String(input.millId),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: {
          millId: String(input.millId),
          ...(agreements
            ? {
                policyAgreement: String(agreements.policyAgreement),
                dataProcessingAgreement: String(agreements.dataProcessingAgreement),
                agreementsAcceptedBy: String(agreements.acceptedByUserId),
                agreementsAcceptedAt: agreements.acceptedAt.toISOString(),
              }
            : {}),
        },
        subscription_data: { metadata: { millId: String(input.millId) }, ...(taxRate ? { default_tax_rates: [taxRate] } : {}) },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    });
  }

  async getCheckout(sessionId: string): Promise<CheckoutSession | null> {
    if (!isStripeId(sessionId, 'cs')) return null;
    const session = await this.call('checkout.retrieve', () => orNull(this.stripe.checkout.sessions.retrieve(sessionId)));
    if (!session) return null;
    return {
      id: session.id,
      status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
      // A 100 % discount completes with no payment required: that is paid as far as the plan goes.
      paid: session.status === 'complete' && session.payment_status !== 'unpaid',
      millId: millIdOf(session.metadata?.millId ?? session.client_reference_id),
      subscriptionId: idOf(session.subscription),
      customerId: idOf(session.customer),
    };
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    if (!isStripeId(subscriptionId, 'sub')) return null;
    const subscription = await this.call('subscription.retrieve', () => orNull(this.stripe.subscriptions.retrieve(subscriptionId)));
    return subscription ? toProviderSubscription(subscription) : null;
  }

  async updateItems(subscriptionId: string, items: PriceRef[], taxPercent: number): Promise<void> {
    await this.call('subscription.update-items', async () => {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      const wanted = await this.priceIds(items);
      const taxRate = await this.taxRateId(taxPercent);
      // Items whose price stays are kept as they are (deleting and re-adding them would prorate to 0
      // but litter the invoice); the others are replaced.
      const remaining = [...wanted];
      const changes: Stripe.SubscriptionUpdateParams.Item[] = [];
      for (const item of subscription.items.data) {
        const index = remaining.indexOf(item.price.id);
        if (index >= 0) remaining.splice(index, 1);
        else changes.push({ id: item.id, deleted: true });
      }
      changes.push(...remaining.map((price) => ({ price, quantity: 1 })));
      await this.stripe.subscriptions.update(subscriptionId, {
        items: changes,
        // The difference for the rest of the period is invoiced at once (a downgrade becomes a credit
        // on the next invoice), as the test provider does.
        proration_behavior: 'always_invoice',
        default_tax_rates: taxRate ? [taxRate] : '',
      });
    });
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.call('subscription.cancel-at-period-end', () =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
    );
  }

  async cardPortalUrl(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.call('billing-portal.create', () =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return session.url;
  }

  async getInvoice(invoiceId: string): Promise<ProviderInvoice | null> {
    if (!isStripeId(invoiceId, 'in')) return null;
    return this.call('invoice.retrieve', async () => {
      const invoice = await orNull(this.stripe.invoices.retrieve(invoiceId));
      return invoice ? this.toProviderInvoice(invoice) : null;
    });
  }

  async upcomingInvoice(subscriptionId: string): Promise<ProviderInvoice | null> {
    return this.call('invoice.preview', async () => {
      try {
        const preview = await this.stripe.invoices.createPreview({ subscription: subscriptionId });
        return {
          ...(await this.toProviderInvoice(preview)),
          nextPaymentAttempt: unixDate(preview.next_payment_attempt ?? preview.period_end),
        };
      } catch (error) {
        // A subscription that ends at the period's end has no next invoice: Stripe says so with this code.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'invoice_upcoming_none') return null;
        throw error;
      }
    });
  }

  /** The customer's invoices at Stripe, newest first (our own numbered invoices are in our database). */
  async listInvoices(customerId: string, limit = 10): Promise<ProviderInvoice[]> {
    return this.call('invoice.list', async () => {
      const page = await this.stripe.invoices.list({ customer: customerId, limit: Math.min(Math.max(1, limit), 100) });
      return Promise.all(page.data.map((invoice) => this.toProviderInvoice(invoice)));
    });
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    if (!signatureHeader) throw new WebhookSignatureError('The webhook has no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.options.webhookSecret);
    } catch (error) {
      // A forged, stale or garbled delivery: refused whatever the reason, and nothing is read from it.
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'The webhook signature does not match');
    }
    return toProviderEvent(event);
  }

  /** Stripe prices by lookup key; one whose amount differs from ours (a promotion, a custom plan) gets its own. */
  private async priceIds(items: PriceRef[]): Promise<string[]> {
    const ids: string[] = [];
    for (const item of items) ids.push(await this.priceId(item));
    return ids;
  }

  private async priceId(item: PriceRef): Promise<string> {
    const catalogue = await this.findPrice(item.lookupKey);
    if (catalogue && catalogue.unit_amount === item.unitAmountCents) return catalogue.id;
    // What we charge must be what our invoice says (ADR 0009), so a price with another amount is
    // made once under a derived lookup key and found again by it, by every process.
    const derivedKey = `${item.lookupKey}@${item.unitAmountCents}`;
    const derived = await this.findPrice(derivedKey);
    if (derived && derived.unit_amount === item.unitAmountCents) return derived.id;
    const created = await this.stripe.prices.create({
      currency: CURRENCY,
      unit_amount: item.unitAmountCents,
      recurring: { interval: 'month' },
      lookup_key: derivedKey,
      // Two processes creating it at once both succeed; the later one simply owns the key.
      transfer_lookup_key: true,
      product_data: { name: item.description },
      metadata: { lookupKey: item.lookupKey },
    });
    return created.id;
  }

  private async findPrice(lookupKey: string): Promise<Stripe.Price | null> {
    const page = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price = page.data[0];
    return price && price.currency === CURRENCY && price.recurring?.interval === 'month' ? price : null;
  }

  /** The exclusive VAT rate of this percentage; none at 0 % (reverse charge, outside the EU). */
  private async taxRateId(percent: number): Promise<string | null> {
    if (percent <= 0) return null;
    const known = this.taxRateIds.get(percent);
    if (known) return known;
    let id: string | null = null;
    for await (const rate of this.stripe.taxRates.list({ active: true, inclusive: false, limit: 100 })) {
      if (rate.percentage === percent && rate.metadata?.mark === TAX_RATE_MARK) {
        id = rate.id;
        break;
      }
    }
    // Two processes (or two checkouts in one) that both found none create it at once: one
    // idempotency key per percentage makes Stripe create one rate and answer both with it. Stripe
    // forgets keys after a day; by then the list above finds the rate.
    id ??= (
      await this.stripe.taxRates.create(
        { display_name: 'VAT', percentage: percent, inclusive: false, metadata: { mark: TAX_RATE_MARK } },
        { idempotencyKey: `${TAX_RATE_MARK}-${percent}` },
      )
    ).id;
    this.taxRateIds.set(percent, id);
    return id;
  }

  private async toProviderInvoice(invoice: Stripe.Invoice): Promise<ProviderInvoice> {
    // An invoice embeds its first lines only; a long one is read to the end.
    const lines =
      invoice.lines.has_more && invoice.id
        ? await this.stripe.invoices.listLineItems(invoice.id, { limit: 100 }).autoPagingToArray({ limit: 1000 })
        : invoice.lines.data;
    const details = invoice.parent?.subscription_details ?? null;
    return {
      id: invoice.id ?? 'upcoming',
      subscriptionId: details ? idOf(details.subscription) : null,
      millId: millIdOf(details?.metadata?.millId ?? invoice.metadata?.millId),
      paid: invoice.status === 'paid',
      createdAt: unixDate(invoice.created),
      lines: lines.map((line) => ({
        description: line.description ?? '',
        amountCents: line.amount,
        periodStart: unixDate(line.period.start),
        periodEnd: unixDate(line.period.end),
      })),
      subtotalCents: invoice.subtotal,
      taxCents: invoice.total - (invoice.total_excluding_tax ?? invoice.subtotal),
      totalCents: invoice.total,
      amountDueCents: invoice.amount_due,
      nextPaymentAttempt: invoice.next_payment_attempt === null ? null : unixDate(invoice.next_payment_attempt),
    };
  }

  /**
   * Runs one Stripe operation. A card refusal is the buyer's to fix (409 PAYMENT_FAILED); anything
   * else Stripe answers (down, rate limit, a key without rights) is a 502, never a 500.
   */
  private async call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      this.options.onError?.(error, operation);
      if (error instanceof Stripe.errors.StripeCardError) {
        throw AppError.conflict(
          'Payment process was not successful due to manual interuption or invalid card information',
          'PAYMENT_FAILED',
        );
      }
      throw new AppError(
        502,
        'PAYMENT_PROVIDER_UNAVAILABLE',
        'The payment provider did not complete the request. Please try again in a few minutes.',
      );
    }
  }
}

/** Settles to null when Stripe has no such object (a stale or foreign id). */
async function orNull<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404))
      return null;
    throw error;
  }
}

/** Ids come from browsers (the success page) and events: only Stripe's own shape is sent on. */
function isStripeId(value: string, prefix: string): boolean {
  return value.length <= 255 && new RegExp(`^${prefix}_[A-Za-z0-9_]+$`).test(value);
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function millIdOf(value: string | null | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

function unixDate(seconds: number): Date {
  return new Date(seconds * 1000);
}

function lookupKeyOf(price: Stripe.Price): string {
  // A derived price names the plan's own key in its metadata; a catalogue price by its lookup key.
  return price.metadata?.lookupKey ?? price.lookup_key ?? price.id;
}

const SUBSCRIPTION_STATUS: Record<string, ProviderSubscription['status']> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
  incomplete: 'incomplete',
  paused: 'incomplete',
};

export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const items = subscription.items.data;
  // Since API version 2025-03-31 the period is kept per item; the subscription's spans them all.
  const starts = items.map((item) => item.current_period_start);
  const ends = items.map((item) => item.current_period_end);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    millId: millIdOf(subscription.metadata?.millId),
    status: SUBSCRIPTION_STATUS[subscription.status] ?? 'incomplete',
    items: items.map((item) => ({ lookupKey: lookupKeyOf(item.price), unitAmountCents: item.price.unit_amount ?? 0 })),
    currentPeriodStart: unixDate(starts.length ? Math.min(...starts) : subscription.start_date),
    currentPeriodEnd: unixDate(ends.length ? Math.max(...ends) : subscription.start_date),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** What an event is about; the job then reads the current state from Stripe (ADR 0009). */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const base: ProviderEvent = {
    id: event.id,
    type: event.type,
    subscriptionId: null,
    invoiceId: null,
    checkoutSessionId: null,
    millId: null,
  };
  const object = event.data.object as { object?: string };
  switch (object.object) {
    case 'checkout.session': {
      const session = object as Stripe.Checkout.Session;
      return {
        ...base,
        checkoutSessionId: session.id,
        subscriptionId: idOf(session.subscription),
        millId: millIdOf(session.metadata?.millId ?? session.client_reference_id),
      };
    }
    case 'subscription': {
      const subscription = object as Stripe.Subscription;
      return { ...base, subscriptionId: subscription.id, millId: millIdOf(subscription.metadata?.millId) };
    }
    case 'invoice': {
      const invoice = object as Stripe.Invoice;
      const details = invoice.parent?.subscription_details ?? null;
      return {
        ...base,
        invoiceId: invoice.id ?? null,
        subscriptionId: details ? idOf(details.subscription) : null,
        millId: millIdOf(details?.metadata?.millId ?? invoice.metadata?.millId),
      };
    }
    default:
      // Events about other objects are acknowledged and change nothing (the job finds no mill).
      return base;
  }
}
