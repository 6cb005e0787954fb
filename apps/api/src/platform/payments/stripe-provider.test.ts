import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { invoices, millSubscriptions, paymentEvents } from '../../db/schema/billing.ts';
import { loadConfig } from '../../config.ts';
import { signedInMill } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startFakeStripe, type FakeStripe } from './stripe-fake.ts';
import { STRIPE_SIGNATURE_HEADER, StripePaymentProvider } from './stripe-provider.ts';
import { WebhookSignatureError } from './payment-provider.ts';

/**
 * The Stripe provider through the whole API, against a local fake of Stripe's HTTP API (the SDK's
 * host/port/protocol options point at it): checkout, confirmation, cancellation, plan change, card
 * portal, upcoming invoice, signed webhooks applied once, and Stripe's failures never a 500.
 */
const WEBHOOK_SECRET = 'whsec_casebridge_test_secret';
const ESSENTIAL = 'casebridge_essential_monthly';
const ENTERPRISE = 'casebridge_enterprise_monthly';
const AGREED = { policyAgreement: true, dataProcessingAgreement: true };

let t: TestApp;
let fake: FakeStripe;
let prices: Record<string, number>;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_casebridge', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url },
  });
  const { jwt } = await signedInMill(t);
  const types = (await t.request({ method: 'GET', url: '/api/contract-types', token: jwt })).json() as {
    data: { lookupKey: string; priceCents: number }[];
  };
  prices = Object.fromEntries(types.data.map((plan) => [plan.lookupKey, plan.priceCents]));
  // The enterprise plan is in the Stripe catalogue at our price; essential (promoted) is not.
  fake.addPrice(ENTERPRISE, prices[ENTERPRISE]!);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function payingMill(country = 'DE') {
  const mill = await signedInMill(t);
  await t.db
    .update(companies)
    .set({
      country,
      vatNumber: '',
      street: 'Hauptstraße 1',
      city: 'Berlin',
      zipCode: '10115',
      email: 'billing@mill.test',
      companyInfoIsUpdated: true,
    })
    .where(eq(companies.id, mill.company.id));
  return mill;
}

async function startCheckout(jwt: string, millId: number, lookupKey: string) {
  return t.request({ method: 'POST', url: '/api/checkout', token: jwt, payload: { millId, lookupKey, ...AGREED } });
}

/** Checkout, paid at the fake, confirmed by the success page. */
async function subscribe(jwt: string, millId: number, lookupKey = ESSENTIAL) {
  const started = await startCheckout(jwt, millId, lookupKey);
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId } = started.json() as { sessionId: string };
  const paid = fake.completeCheckout(sessionId);
  const confirmed = await t.request({ method: 'POST', url: '/api/payments/success', token: jwt, payload: { sessionId } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { sessionId, ...paid, confirmed: confirmed.json() };
}

function webhook(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  // The content type exactly as Stripe sends it.
  return t.request({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', [STRIPE_SIGNATURE_HEADER]: header },
    payload,
  });
}

async function paymentJobsDone() {
  await t.app.deps.jobs.idle(['payments.apply-event'], 30_000);
}

describe('checkout and the subscription', () => {
  it('creates a subscription-mode session with the plan price, VAT and the agreements as metadata', async () => {
    const { jwt, mill, admin } = await payingMill();
    const response = await startCheckout(jwt, mill.id, ENTERPRISE);
    expect(response.statusCode, response.body).toBe(200);
    const { sessionId, url } = response.json() as { sessionId: string; url: string };
    const session = fake.sessions.get(sessionId)!;
    expect(url).toBe(session.url);
    expect(session.mode).toBe('subscription');
    expect(session.success_url).toBe('http://portal.test/payments/success?session_id={CHECKOUT_SESSION_ID}');
    expect(session.customer_email).toBe('billing@mill.test');
    expect(session.metadata).toEqual(
      expect.objectContaining({
        millId: String(mill.id),
        policyAgreement: 'true',
        dataProcessingAgreement: 'true',
        agreementsAcceptedBy: String(admin.id),
      }),
    );
    expect(Date.parse((session.metadata as { agreementsAcceptedAt: string }).agreementsAcceptedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The catalogue price found by its lookup key, not a new one.
    const [line] = session.line_items_sent as { price: string; quantity: string }[];
    expect(fake.prices.get(line!.price)).toEqual(expect.objectContaining({ lookup_key: ENTERPRISE, unit_amount: prices[ENTERPRISE] }));
    // German buyer: 19 % VAT on the subscription; the mill named in its metadata for the webhooks.
    const data = session.subscription_data_sent as { metadata: Record<string, string>; default_tax_rates: string[] };
    expect(data.metadata).toEqual({ millId: String(mill.id) });
    expect(fake.taxRates.get(data.default_tax_rates[0]!)).toEqual(expect.objectContaining({ percentage: 19, inclusive: false }));
  });

  it('charges a promoted price under its own derived price that still names the plan', async () => {
    const { jwt, mill } = await payingMill();
    const first = (await startCheckout(jwt, mill.id, ESSENTIAL)).json() as { sessionId: string };
    const second = (
      await (async () => {
        const other = await payingMill();
        return startCheckout(other.jwt, other.mill.id, ESSENTIAL);
      })()
    ).json() as { sessionId: string };
    const priceOf = (sessionId: string) => (fake.sessions.get(sessionId)!.line_items_sent as { price: string }[])[0]!.price;
    const price = fake.prices.get(priceOf(first.sessionId))!;
    expect(price.metadata).toEqual({ lookupKey: ESSENTIAL });
    expect(price.lookup_key).toBe(`${ESSENTIAL}@${price.unit_amount}`);
    expect(price.unit_amount).toBeLessThan(prices[ESSENTIAL]!);
    // Found again by its derived key: one price, however many checkouts.
    expect(priceOf(second.sessionId)).toBe(price.id);
  });

  it('confirms a paid checkout: the plan is active in our database at once', async () => {
    const { jwt, mill } = await payingMill();
    const { subscription, confirmed } = await subscribe(jwt, mill.id, ENTERPRISE);
    expect(confirmed.contractType.id).toBe('enterprise');
    expect(confirmed.subscriptionCancelDate).toBeNull();
    const [row] = await t.db.select().from(millSubscriptions).where(eq(millSubscriptions.millId, mill.id));
    expect(row).toEqual(
      expect.objectContaining({
        planKey: 'enterprise',
        status: 'active',
        providerSubscriptionId: subscription.id,
        providerCustomerId: subscription.customer,
      }),
    );
    expect(row!.periodEnd!.getTime()).toBe(
      (subscription.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end * 1000,
    );
  });

  it('refuses to confirm an unpaid, unknown or malformed session, without a 500', async () => {
    const { jwt, mill } = await payingMill();
    const { sessionId } = (await startCheckout(jwt, mill.id, ENTERPRISE)).json() as { sessionId: string };
    const unpaid = await t.request({ method: 'POST', url: '/api/payments/success', token: jwt, payload: { sessionId } });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe('PAYMENT_FAILED');
    for (const bad of ['cs_test_doesnotexist', 'cs_test_\u0000x', '../../v1/customers', 'x'.repeat(300)]) {
      const response = await t.request({ method: 'POST', url: '/api/payments/success', token: jwt, payload: { sessionId: bad } });
      expect([400, 404], `${bad}: ${response.body}`).toContain(response.statusCode);
    }
  });

  it('cancels at the period end, resumes, changes plan with proration, opens the card portal, previews the invoice', async () => {
    const { jwt, mill } = await payingMill();
    const { subscription } = await subscribe(jwt, mill.id, ESSENTIAL);
    const stored = () => fake.subscriptions.get(subscription.id as string)!;

    const upcoming = await t.request({ method: 'GET', url: `/api/payments/upcoming/invoices?millId=${mill.id}`, token: jwt });
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    const net = (stored().items as { data: { price: { unit_amount: number } }[] }).data[0]!.price.unit_amount;
    expect(upcoming.json().upcomingInvoice).toEqual(expect.objectContaining({ amountDueCents: net + Math.round(net * 0.19) }));

    const cancelled = await t.request({ method: 'DELETE', url: `/api/payments?millId=${mill.id}`, token: jwt });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(stored().cancel_at_period_end).toBe(true);
    expect(cancelled.json().subscriptionCancelDate).toBe(
      new Date((stored().items as { data: { current_period_end: number }[] }).data[0]!.current_period_end * 1000).toISOString(),
    );
    // Ending at the period's end: no next invoice.
    expect((await t.request({ method: 'GET', url: `/api/payments/upcoming/invoices?millId=${mill.id}`, token: jwt })).json()).toEqual({
      upcomingInvoice: null,
    });

    const resumed = await t.request({ method: 'POST', url: '/api/payments/resume', token: jwt, payload: { millId: mill.id, ...AGREED } });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(stored().cancel_at_period_end).toBe(false);
    expect(resumed.json().subscriptionCancelDate).toBeNull();

    const invoicesBefore = fake.invoices.size;
    const changed = await t.request({
      method: 'POST',
      url: '/api/payments/plan',
      token: jwt,
      payload: { millId: mill.id, lookupKey: ENTERPRISE },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().contractType.id).toBe('enterprise');
    const update = fake.requests
      .filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${String(subscription.id)}`)
      .at(-1)!;
    expect(update.params.proration_behavior).toBe('always_invoice');
    const items = (stored().items as { data: { price: { lookup_key: string } }[] }).data;
    expect(items.map((item) => item.price.lookup_key)).toEqual([ENTERPRISE]);
    expect(fake.invoices.size).toBe(invoicesBefore + 1);

    const portal = await t.request({ method: 'GET', url: `/api/payments/update/card/details?millId=${mill.id}`, token: jwt });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toBe(`${fake.url}/portal/${String(subscription.customer)}`);
  });

  it('lists the customer invoices at Stripe, newest first', async () => {
    const { jwt, mill } = await payingMill();
    const { subscription, invoice } = await subscribe(jwt, mill.id, ESSENTIAL);
    const provider = t.app.deps.payments as StripePaymentProvider;
    const listed = await provider.listInvoices(subscription.customer as string);
    expect(listed.map((entry) => entry.id)).toEqual([invoice.id]);
    expect(listed[0]).toEqual(expect.objectContaining({ millId: mill.id, subscriptionId: subscription.id, paid: true }));
  });
});

describe('webhooks', () => {
  it('accepts a signed event and applies it once, even when it is posted twice at the same time', async () => {
    const { jwt, mill } = await payingMill();
    const { invoice } = await subscribe(jwt, mill.id, ESSENTIAL);
    const event = fake.event('invoice.paid', invoice);
    const [first, second] = await Promise.all([webhook(event), webhook(event)]);
    expect(first!.statusCode, first!.body).toBe(200);
    expect(second!.statusCode, second!.body).toBe(200);
    await paymentJobsDone();
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, event.id as string)),
    ).toHaveLength(1);
    const numbered = await t.db.select().from(invoices).where(eq(invoices.millId, mill.id));
    expect(numbered).toHaveLength(1);
    expect(numbered[0]).toEqual(
      expect.objectContaining({ providerInvoiceId: invoice.id, netCents: invoice.subtotal, totalCents: invoice.total, paid: true }),
    );

    // A replay later changes nothing either.
    expect((await webhook(event)).statusCode).toBe(200);
    await paymentJobsDone();
    expect(await t.db.select().from(invoices).where(eq(invoices.millId, mill.id))).toEqual(numbered);
  });

  it('takes the state from Stripe, so a subscription event brings the cancellation in', async () => {
    const { jwt, mill } = await payingMill();
    const { subscription } = await subscribe(jwt, mill.id, ESSENTIAL);
    // Cancelled in Stripe's dashboard: only the webhook tells us.
    fake.subscriptions.get(subscription.id as string)!.cancel_at_period_end = true;
    expect(
      (await webhook(fake.event('customer.subscription.updated', fake.subscriptions.get(subscription.id as string)!))).statusCode,
    ).toBe(200);
    await paymentJobsDone();
    const [row] = await t.db.select().from(millSubscriptions).where(eq(millSubscriptions.millId, mill.id));
    expect(row!.cancelAt).not.toBeNull();
    // Ended: the mill is back on basic.
    fake.subscriptions.get(subscription.id as string)!.status = 'canceled';
    expect(
      (await webhook(fake.event('customer.subscription.deleted', fake.subscriptions.get(subscription.id as string)!))).statusCode,
    ).toBe(200);
    await paymentJobsDone();
    const [ended] = await t.db.select().from(millSubscriptions).where(eq(millSubscriptions.millId, mill.id));
    expect(ended).toEqual(expect.objectContaining({ planKey: 'basic', providerSubscriptionId: null }));
  });

  it('refuses a bad, stale or missing signature with 400 and records nothing', async () => {
    const { jwt, mill } = await payingMill();
    const { invoice } = await subscribe(jwt, mill.id, ESSENTIAL);
    const event = fake.event('invoice.paid', invoice);
    const payload = JSON.stringify(event);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const signature of [wrongSecret, stale, 'garbage', 't=1,v1=00']) {
      const response = await webhook(event, signature);
      expect(response.statusCode, signature).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const unsigned = await t.request({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing.
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await t.request({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', [STRIPE_SIGNATURE_HEADER]: header },
      payload: payload.replace(String(mill.id), '1'),
    });
    expect(tampered.statusCode).toBe(400);
    await paymentJobsDone();
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, event.id as string)),
    ).toEqual([]);
    expect(await t.db.select().from(invoices).where(eq(invoices.millId, mill.id))).toEqual([]);
  });

  it('acknowledges events about objects it does not keep, changing nothing', async () => {
    const event = fake.event('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await webhook(event)).statusCode).toBe(200);
    await paymentJobsDone();
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, event.id as string)),
    ).toEqual([]);
  });
});

describe("Stripe's failures", () => {
  it('answers an API failure with 502 PAYMENT_PROVIDER_UNAVAILABLE and a declined card with 409 PAYMENT_FAILED, never 500', async () => {
    const { jwt, mill } = await payingMill();
    fake.failNext({ status: 500, type: 'api_error', message: 'Stripe is down' }, '/v1/checkout/sessions');
    const down = await startCheckout(jwt, mill.id, ENTERPRISE);
    expect(down.statusCode, down.body).toBe(502);
    expect(down.json()).toEqual(expect.objectContaining({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' }));
    expect(down.body).not.toContain('Stripe is down');

    fake.failNext({ status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided' });
    expect((await startCheckout(jwt, mill.id, ENTERPRISE)).statusCode).toBe(502);

    await subscribe(jwt, mill.id, ESSENTIAL);
    fake.failNext({ status: 402, type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }, '/v1/subscriptions/');
    const declined = await t.request({
      method: 'POST',
      url: '/api/payments/plan',
      token: jwt,
      payload: { millId: mill.id, lookupKey: ENTERPRISE },
    });
    expect(declined.statusCode, declined.body).toBe(409);
    expect(declined.json().code).toBe('PAYMENT_FAILED');
    expect((await t.request({ method: 'GET', url: `/api/mills/${mill.id}/subscription`, token: jwt })).json().contractType.id).toBe(
      'essential',
    );

    fake.failNext({ status: 429, type: 'invalid_request_error', code: 'rate_limit' }, '/v1/billing_portal');
    const limited = await t.request({ method: 'GET', url: `/api/payments/update/card/details?millId=${mill.id}`, token: jwt });
    expect(limited.statusCode).toBe(502);
  });
});

describe('the provider on its own', () => {
  const provider = () =>
    new StripePaymentProvider({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, apiBase: new URL(fake.url), maxNetworkRetries: 0 });

  it('creates one tax rate when two processes need a new percentage at once', async () => {
    const checkout = (millId: number) =>
      provider().createCheckout({
        millId,
        customerId: null,
        customerEmail: 'billing@mill.test',
        items: [{ lookupKey: ENTERPRISE, unitAmountCents: prices[ENTERPRISE]!, description: 'Enterprise' }],
        taxPercent: 17.5,
        successUrl: 'http://portal.test/ok',
        cancelUrl: 'http://portal.test/cancel',
      });
    const sessions = await Promise.all([checkout(1), checkout(2), checkout(3)]);
    const rates = [...fake.taxRates.values()].filter((rate) => rate.percentage === 17.5);
    expect(rates).toHaveLength(1);
    for (const { id } of sessions)
      expect((fake.sessions.get(id)!.subscription_data_sent as { default_tax_rates: string[] }).default_tax_rates).toEqual([rates[0]!.id]);
  });

  it('reads the mill and the subscription out of each kind of event', () => {
    const sign = (event: object) => {
      const payload = JSON.stringify(event);
      return provider().verifyWebhook(Buffer.from(payload), Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    };
    expect(
      sign(
        fake.event('checkout.session.completed', {
          id: 'cs_1',
          object: 'checkout.session',
          subscription: 'sub_1',
          metadata: { millId: '7' },
        }),
      ),
    ).toEqual(
      expect.objectContaining({
        type: 'checkout.session.completed',
        checkoutSessionId: 'cs_1',
        subscriptionId: 'sub_1',
        millId: 7,
        invoiceId: null,
      }),
    );
    expect(sign(fake.event('customer.subscription.updated', { id: 'sub_2', object: 'subscription', metadata: { millId: '8' } }))).toEqual(
      expect.objectContaining({ subscriptionId: 'sub_2', millId: 8 }),
    );
    expect(
      sign(
        fake.event('invoice.paid', {
          id: 'in_3',
          object: 'invoice',
          metadata: {},
          parent: { subscription_details: { subscription: 'sub_3', metadata: { millId: '9' } } },
        }),
      ),
    ).toEqual(expect.objectContaining({ invoiceId: 'in_3', subscriptionId: 'sub_3', millId: 9 }));
    // Metadata from somewhere else is not taken for a mill id.
    for (const millId of ['0', '-1', '1e3', '99999999999', 'abc']) {
      expect(
        sign(fake.event('customer.subscription.updated', { id: 'sub_4', object: 'subscription', metadata: { millId } })).millId,
      ).toBeNull();
    }
  });

  it('throws WebhookSignatureError for a missing header and for a body that is not JSON', () => {
    expect(() => provider().verifyWebhook(Buffer.from('{}'), undefined)).toThrow(WebhookSignatureError);
    const payload = 'not json';
    expect(() =>
      provider().verifyWebhook(Buffer.from(payload), Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })),
    ).toThrow(WebhookSignatureError);
  });

  it('is chosen by STRIPE_SECRET_KEY, which needs its webhook secret', () => {
    expect(t.app.deps.payments.name).toBe('stripe');
    expect(t.app.deps.testPayments).toBeNull();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'not a key', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadConfig({}).stripe).toBeNull();
  });
});
