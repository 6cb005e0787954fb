import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type {
  CheckoutInput,
  CheckoutSession,
  PaymentProvider,
  PriceRef,
  ProviderEvent,
  ProviderInvoice,
  ProviderSubscription,
  SubscriptionItem,
} from './payment-provider.ts';
import { WebhookSignatureError } from './payment-provider.ts';
import { dueSubscriptionIds, findObject, insertObject, saveObject } from './test-provider.repository.ts';

/**
 * The built-in payment provider for the demo and the tests: it behaves like a card provider
 * (checkout page, subscriptions with monthly periods, prorated changes, invoices, signed webhook
 * events) without any network. Its records live in PostgreSQL, so every portal process sees the
 * same ones. Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
 */
export const TEST_CARD_PAID = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';
export const TEST_SIGNATURE_HEADER = 'x-test-payments-signature';

interface StoredCheckout {
  id: string;
  millId: number;
  customerId: string | null;
  customerEmail: string;
  items: PriceRef[];
  taxPercent: number;
  successUrl: string;
  cancelUrl: string;
  status: CheckoutSession['status'];
  paid: boolean;
  subscriptionId: string | null;
}

interface StoredSubscription {
  id: string;
  customerId: string;
  millId: number;
  status: ProviderSubscription['status'];
  items: (SubscriptionItem & { description: string })[];
  taxPercent: number;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** Credit from a downgrade, taken off the next invoice (as card providers do). */
  creditCents: number;
}

interface StoredInvoice {
  id: string;
  subscriptionId: string;
  millId: number;
  paid: boolean;
  createdAt: string;
  lines: { description: string; amountCents: number; periodStart: string; periodEnd: string }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

type StoredEvent = ProviderEvent & { createdAt: string };

export type CardOutcome = 'paid' | 'declined';

export interface TestProviderOptions {
  db: Db;
  jobs: JobQueue;
  publicUrl: string;
  /** Signs the webhook events it delivers. */
  webhookSecret: string;
  now?: () => Date;
}

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly signatureHeader = TEST_SIGNATURE_HEADER;
  private readonly now: () => Date;

  constructor(private readonly options: TestProviderOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const id = newId('cs_test');
    const checkout: StoredCheckout = { ...input, id, status: 'open', paid: false, subscriptionId: null };
    await insertObject(this.options.db, 'checkout', id, checkout);
    return { id, url: `${this.options.publicUrl}/payments/test-checkout/${id}` };
  }

  async getCheckout(sessionId: string): Promise<CheckoutSession | null> {
    const checkout = await findObject<StoredCheckout>(this.options.db, 'checkout', sessionId);
    if (!checkout) return null;
    return {
      id: checkout.id,
      status: checkout.status,
      paid: checkout.paid,
      millId: checkout.millId,
      subscriptionId: checkout.subscriptionId,
      customerId: checkout.customerId,
    };
  }

  /** What the checkout page shows. */
  async describeCheckout(sessionId: string): Promise<{ checkout: StoredCheckout; amountCents: number } | null> {
    const checkout = await findObject<StoredCheckout>(this.options.db, 'checkout', sessionId);
    if (!checkout) return null;
    return { checkout, amountCents: withTax(sum(checkout.items), checkout.taxPercent) };
  }

  /**
   * The checkout page's "Pay": the paid card starts the subscription and its first invoice; the
   * declined card ends the session. Either way the answer says where the browser goes next.
   * Null when the session is unknown or no longer open.
   */
  async payCheckout(sessionId: string, cardNumber: string): Promise<{ outcome: CardOutcome; redirectUrl: string } | null> {
    return this.options.db.transaction(async (tx) => {
      const checkout = await findObject<StoredCheckout>(tx, 'checkout', sessionId, true);
      if (!checkout || checkout.status !== 'open') return null;
      if (cardNumber === TEST_CARD_DECLINED) {
        await saveObject(tx, checkout.id, { ...checkout, status: 'expired' });
        await this.emit(tx, { type: 'checkout.session.expired', checkoutSessionId: checkout.id, millId: checkout.millId });
        return { outcome: 'declined', redirectUrl: checkout.cancelUrl };
      }
      const customerId = checkout.customerId ?? (await this.createCustomer(tx, checkout.customerEmail));
      const subscription = await this.startSubscription(tx, checkout, customerId);
      await saveObject(tx, checkout.id, { ...checkout, customerId, status: 'complete', paid: true, subscriptionId: subscription.id });
      await this.emit(tx, {
        type: 'checkout.session.completed',
        checkoutSessionId: checkout.id,
        subscriptionId: subscription.id,
        millId: checkout.millId,
      });
      await this.emit(tx, { type: 'customer.subscription.created', subscriptionId: subscription.id, millId: checkout.millId });
      const start = new Date(subscription.currentPeriodStart);
      const end = new Date(subscription.currentPeriodEnd);
      await this.issueInvoice(
        tx,
        subscription,
        subscription.items.map((item) => ({
          description: item.description,
          amountCents: item.unitAmountCents,
          periodStart: start,
          periodEnd: end,
        })),
      );
      return { outcome: 'paid', redirectUrl: checkout.successUrl.replace('{CHECKOUT_SESSION_ID}', checkout.id) };
    });
  }

  /** The checkout page's "Back": the session ends unpaid. */
  async abandonCheckout(sessionId: string): Promise<string | null> {
    return this.options.db.transaction(async (tx) => {
      const checkout = await findObject<StoredCheckout>(tx, 'checkout', sessionId, true);
      if (!checkout || checkout.status !== 'open') return null;
      await saveObject(tx, checkout.id, { ...checkout, status: 'expired' });
      await this.emit(tx, { type: 'checkout.session.expired', checkoutSessionId: checkout.id, millId: checkout.millId });
      return checkout.cancelUrl;
    });
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const stored = await findObject<StoredSubscription>(this.options.db, 'subscription', subscriptionId);
    return stored ? toProviderSubscription(stored) : null;
  }

  async updateItems(subscriptionId: string, items: PriceRef[], taxPercent: number): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      const stored = await this.liveSubscription(tx, subscriptionId);
      const now = this.now();
      const periodEnd = new Date(stored.currentPeriodEnd);
      const share = remainingShare(new Date(stored.currentPeriodStart), periodEnd, now);
      const difference = Math.round((sum(items) - sum(stored.items)) * share);
      const updated: StoredSubscription = { ...stored, items: items.map(toItem), taxPercent };
      if (difference < 0) updated.creditCents += -difference;
      await saveObject(tx, stored.id, updated);
      await this.emit(tx, { type: 'customer.subscription.updated', subscriptionId, millId: stored.millId });
      if (difference > 0) {
        const description = `Change to ${items.map((item) => item.description).join(' + ')} for the rest of the period`;
        await this.issueInvoice(tx, updated, [{ description, amountCents: difference, periodStart: now, periodEnd }]);
      }
    });
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      const stored = await this.liveSubscription(tx, subscriptionId);
      await saveObject(tx, stored.id, { ...stored, cancelAtPeriodEnd: cancel });
      await this.emit(tx, { type: 'customer.subscription.updated', subscriptionId, millId: stored.millId });
    });
  }

  async cardPortalUrl(customerId: string, returnUrl: string): Promise<string> {
    const id = newId('bps_test');
    await insertObject(this.options.db, 'portal', id, { customerId, returnUrl });
    return `${this.options.publicUrl}/payments/test-card/${id}`;
  }

  /** The card page's "Save": the customer's card is replaced; the answer is where to return to. */
  async replaceCard(portalId: string, cardNumber: string): Promise<{ outcome: CardOutcome; redirectUrl: string } | null> {
    const portal = await findObject<{ customerId: string; returnUrl: string }>(this.options.db, 'portal', portalId);
    if (!portal) return null;
    if (cardNumber === TEST_CARD_DECLINED) return { outcome: 'declined', redirectUrl: portal.returnUrl };
    const customer = await findObject<{ email: string }>(this.options.db, 'customer', portal.customerId);
    await saveObject(this.options.db, portal.customerId, { ...customer, cardLast4: cardNumber.slice(-4) });
    return { outcome: 'paid', redirectUrl: portal.returnUrl };
  }

  async getInvoice(invoiceId: string): Promise<ProviderInvoice | null> {
    const stored = await findObject<StoredInvoice>(this.options.db, 'invoice', invoiceId);
    return stored ? toProviderInvoice(stored) : null;
  }

  async upcomingInvoice(subscriptionId: string): Promise<ProviderInvoice | null> {
    const stored = await findObject<StoredSubscription>(this.options.db, 'subscription', subscriptionId);
    if (!stored || stored.status === 'canceled' || stored.cancelAtPeriodEnd) return null;
    const lines = nextPeriodLines(stored);
    const invoice = priced(
      { id: 'upcoming', subscriptionId, millId: stored.millId, paid: false, createdAt: stored.currentPeriodEnd, lines },
      stored,
    );
    return { ...toProviderInvoice(invoice), nextPaymentAttempt: new Date(stored.currentPeriodEnd) };
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    const expected = this.sign(rawBody);
    const given = Buffer.from(signatureHeader ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new WebhookSignatureError('The webhook signature does not match');
    const event = JSON.parse(rawBody.toString('utf8')) as StoredEvent;
    return {
      id: event.id,
      type: event.type,
      subscriptionId: event.subscriptionId,
      invoiceId: event.invoiceId,
      checkoutSessionId: event.checkoutSessionId,
      millId: event.millId,
    };
  }

  /** An event as its webhook carries it: the body and its signature header. */
  async signedEvent(eventId: string): Promise<{ rawBody: Buffer; signature: string } | null> {
    const event = await findObject<StoredEvent>(this.options.db, 'event', eventId);
    if (!event) return null;
    const rawBody = Buffer.from(JSON.stringify(event));
    return { rawBody, signature: this.sign(rawBody).toString() };
  }

  /**
   * Scheduled: periods that ended renew with a new invoice, or end the subscription when it was
   * cancelled at the period's end.
   */
  async renewDueSubscriptions(): Promise<number> {
    const ids = await dueSubscriptionIds(this.options.db, this.now());
    for (const id of ids) await this.options.db.transaction((tx) => this.renew(tx, id));
    return ids.length;
  }

  private async renew(tx: Db, subscriptionId: string): Promise<void> {
    const stored = await findObject<StoredSubscription>(tx, 'subscription', subscriptionId, true);
    if (!stored || stored.status === 'canceled' || new Date(stored.currentPeriodEnd) > this.now()) return;
    if (stored.cancelAtPeriodEnd) {
      await saveObject(tx, stored.id, { ...stored, status: 'canceled' });
      await this.emit(tx, { type: 'customer.subscription.deleted', subscriptionId, millId: stored.millId });
      return;
    }
    const lines = nextPeriodLines(stored);
    const start = stored.currentPeriodEnd;
    const renewed: StoredSubscription = {
      ...stored,
      currentPeriodStart: start,
      currentPeriodEnd: addMonth(new Date(start)).toISOString(),
      creditCents: 0,
    };
    await saveObject(tx, stored.id, renewed);
    await this.emit(tx, { type: 'customer.subscription.updated', subscriptionId, millId: stored.millId });
    await this.issueInvoice(
      tx,
      stored,
      lines.map((line) => ({ ...line, periodStart: new Date(line.periodStart), periodEnd: new Date(line.periodEnd) })),
    );
  }

  private async createCustomer(tx: Db, email: string): Promise<string> {
    const id = newId('cus_test');
    await insertObject(tx, 'customer', id, { email, cardLast4: null });
    return id;
  }

  private async startSubscription(tx: Db, checkout: StoredCheckout, customerId: string): Promise<StoredSubscription> {
    const start = this.now();
    const subscription: StoredSubscription = {
      id: newId('sub_test'),
      customerId,
      millId: checkout.millId,
      status: 'active',
      items: checkout.items.map(toItem),
      taxPercent: checkout.taxPercent,
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: addMonth(start).toISOString(),
      cancelAtPeriodEnd: false,
      creditCents: 0,
    };
    await insertObject(tx, 'subscription', subscription.id, subscription);
    return subscription;
  }

  private async liveSubscription(tx: Db, subscriptionId: string): Promise<StoredSubscription> {
    const stored = await findObject<StoredSubscription>(tx, 'subscription', subscriptionId, true);
    if (!stored || stored.status === 'canceled') throw new Error(`Subscription ${subscriptionId} is not active`);
    return stored;
  }

  /** A paid invoice (the card on file always pays here) and its event. */
  private async issueInvoice(
    tx: Db,
    subscription: StoredSubscription,
    lines: { description: string; amountCents: number; periodStart: Date; periodEnd: Date }[],
  ): Promise<void> {
    const base = {
      id: newId('in_test'),
      subscriptionId: subscription.id,
      millId: subscription.millId,
      paid: true,
      createdAt: this.now().toISOString(),
      lines: lines.map((line) => ({ ...line, periodStart: line.periodStart.toISOString(), periodEnd: line.periodEnd.toISOString() })),
    };
    const invoice = priced(base, subscription);
    await insertObject(tx, 'invoice', invoice.id, invoice);
    await this.emit(tx, { type: 'invoice.paid', invoiceId: invoice.id, subscriptionId: subscription.id, millId: subscription.millId });
  }

  /** Records an event and queues its delivery in the same transaction as the change it reports. */
  private async emit(tx: Db, event: Partial<ProviderEvent> & { type: string }): Promise<void> {
    const stored: StoredEvent = {
      id: newId('evt_test'),
      type: event.type,
      subscriptionId: event.subscriptionId ?? null,
      invoiceId: event.invoiceId ?? null,
      checkoutSessionId: event.checkoutSessionId ?? null,
      millId: event.millId ?? null,
      createdAt: this.now().toISOString(),
    };
    await insertObject(tx, 'event', stored.id, stored);
    await this.options.jobs.enqueue(tx, 'payments.test-deliver', { eventId: stored.id });
  }

  private sign(rawBody: Buffer): Buffer {
    return Buffer.from(createHmac('sha256', this.options.webhookSecret).update(rawBody).digest('hex'));
  }
}

/**
 * A subscription as the test provider would hold it after `months` paid periods (for the demo
 * data): its customer, the subscription, and one paid invoice per period, oldest first.
 */
export function paidSubscriptionDocuments(input: {
  millId: number;
  email: string;
  item: PriceRef;
  taxPercent: number;
  months: number;
  now: Date;
}) {
  const customer = { id: newId('cus_test'), email: input.email, cardLast4: '4242' };
  const starts = Array.from({ length: input.months }, (_, index) => {
    const start = new Date(input.now);
    start.setUTCMonth(start.getUTCMonth() - (input.months - 1 - index));
    start.setUTCDate(Math.min(start.getUTCDate(), 28));
    return start;
  });
  const last = starts.at(-1)!;
  const subscription: StoredSubscription = {
    id: newId('sub_test'),
    customerId: customer.id,
    millId: input.millId,
    status: 'active',
    items: [toItem(input.item)],
    taxPercent: input.taxPercent,
    currentPeriodStart: last.toISOString(),
    currentPeriodEnd: addMonth(last).toISOString(),
    cancelAtPeriodEnd: false,
    creditCents: 0,
  };
  const invoices = starts.map((start) =>
    priced(
      {
        id: newId('in_test'),
        subscriptionId: subscription.id,
        millId: input.millId,
        paid: true,
        createdAt: start.toISOString(),
        lines: [
          {
            description: input.item.description,
            amountCents: input.item.unitAmountCents,
            periodStart: start.toISOString(),
            periodEnd: addMonth(start).toISOString(),
          },
        ],
      },
      subscription,
    ),
  );
  return { customer, subscription, invoices: invoices.map((invoice) => ({ stored: invoice, provider: toProviderInvoice(invoice) })) };
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

function sum(items: { unitAmountCents: number }[]): number {
  return items.reduce((total, item) => total + item.unitAmountCents, 0);
}

function withTax(netCents: number, taxPercent: number): number {
  return netCents + Math.round((netCents * taxPercent) / 100);
}

function toItem(price: PriceRef): StoredSubscription['items'][number] {
  return { lookupKey: price.lookupKey, unitAmountCents: price.unitAmountCents, description: price.description };
}

/** The share of the period still ahead, between 0 and 1. */
function remainingShare(start: Date, end: Date, now: Date): number {
  const length = end.getTime() - start.getTime();
  if (length <= 0) return 0;
  return Math.min(1, Math.max(0, (end.getTime() - now.getTime()) / length));
}

export function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

function nextPeriodLines(stored: StoredSubscription): StoredInvoice['lines'] {
  const start = stored.currentPeriodEnd;
  const end = addMonth(new Date(start)).toISOString();
  const lines = stored.items.map((item) => ({
    description: item.description,
    amountCents: item.unitAmountCents,
    periodStart: start,
    periodEnd: end,
  }));
  if (stored.creditCents > 0)
    lines.push({ description: 'Credit from an earlier change', amountCents: -stored.creditCents, periodStart: start, periodEnd: end });
  return lines;
}

function priced(base: Omit<StoredInvoice, 'subtotalCents' | 'taxCents' | 'totalCents'>, subscription: StoredSubscription): StoredInvoice {
  const subtotalCents = Math.max(
    0,
    base.lines.reduce((total, line) => total + line.amountCents, 0),
  );
  const taxCents = Math.round((subtotalCents * subscription.taxPercent) / 100);
  return { ...base, subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

function toProviderSubscription(stored: StoredSubscription): ProviderSubscription {
  return {
    id: stored.id,
    customerId: stored.customerId,
    millId: stored.millId,
    status: stored.status,
    items: stored.items.map((item) => ({ lookupKey: item.lookupKey, unitAmountCents: item.unitAmountCents })),
    currentPeriodStart: new Date(stored.currentPeriodStart),
    currentPeriodEnd: new Date(stored.currentPeriodEnd),
    cancelAtPeriodEnd: stored.cancelAtPeriodEnd,
  };
}

function toProviderInvoice(stored: StoredInvoice): ProviderInvoice {
  return {
    id: stored.id,
    subscriptionId: stored.subscriptionId,
    millId: stored.millId,
    paid: stored.paid,
    createdAt: new Date(stored.createdAt),
    lines: stored.lines.map((line) => ({
      description: line.description,
      amountCents: line.amountCents,
      periodStart: new Date(line.periodStart),
      periodEnd: new Date(line.periodEnd),
    })),
    subtotalCents: stored.subtotalCents,
    taxCents: stored.taxCents,
    totalCents: stored.totalCents,
    amountDueCents: stored.paid ? 0 : stored.totalCents,
    nextPaymentAttempt: null,
  };
}
