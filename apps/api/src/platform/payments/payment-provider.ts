/**
 * One interface to the card payment provider (DESIGN: Stripe through its SDK when
 * STRIPE_SECRET_KEY is set, otherwise the built-in test provider). The portal never trusts what a
 * browser says about a payment: it asks the provider, and the provider's signed webhooks are the
 * truth about subscriptions and invoices.
 */

/** A price to charge per month: found by lookup key, or (a custom plan) given as an amount. */
export interface PriceRef {
  lookupKey: string;
  /** Net cents per month; used where the provider has no price under the lookup key. */
  unitAmountCents: number;
  description: string;
}

export interface CheckoutInput {
  millId: number;
  customerId: string | null;
  customerEmail: string;
  items: PriceRef[];
  /** VAT charged on top of the net price (0 for reverse charge and outside the EU). */
  taxPercent: number;
  successUrl: string;
  cancelUrl: string;
  /** What the buyer agreed to before paying; kept with the payment (Stripe: the session's metadata). */
  agreements?: { policyAgreement: boolean; dataProcessingAgreement: boolean; acceptedByUserId: number; acceptedAt: Date };
}

export interface CheckoutSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  millId: number | null;
  subscriptionId: string | null;
  customerId: string | null;
}

export interface SubscriptionItem {
  lookupKey: string;
  unitAmountCents: number;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  millId: number | null;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete';
  items: SubscriptionItem[];
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface ProviderInvoiceLine {
  description: string;
  amountCents: number;
  periodStart: Date;
  periodEnd: Date;
}

export interface ProviderInvoice {
  id: string;
  subscriptionId: string | null;
  millId: number | null;
  paid: boolean;
  createdAt: Date;
  lines: ProviderInvoiceLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  amountDueCents: number;
  nextPaymentAttempt: Date | null;
}

/** What a verified webhook event is about; the handler reads the current state from the provider. */
export interface ProviderEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
  invoiceId: string | null;
  checkoutSessionId: string | null;
  millId: number | null;
}

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** The request header its webhooks carry their signature in. */
  readonly signatureHeader: string;
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  getCheckout(sessionId: string): Promise<CheckoutSession | null>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** Replaces the subscription's items; the difference of this period is invoiced at once (proration). */
  updateItems(subscriptionId: string, items: PriceRef[], taxPercent: number): Promise<void>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** The provider's page where the customer changes the card; it returns to `returnUrl`. */
  cardPortalUrl(customerId: string, returnUrl: string): Promise<string>;
  getInvoice(invoiceId: string): Promise<ProviderInvoice | null>;
  upcomingInvoice(subscriptionId: string): Promise<ProviderInvoice | null>;
  /** Checks the signature over the raw body; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}
