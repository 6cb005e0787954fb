import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { invoices, millSubscriptions, paymentEvents, testPaymentObjects } from '../../db/schema/billing.ts';
import { seedDemoContract } from '../../db/seed/demo-contracts.ts';
import { TEST_SIGNATURE_HEADER } from '../../platform/payments/test-provider.ts';
import { addMillUser, createDealer, createLab, createManager, signIn, signedInMill } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { multipartForm } from '../../../test/multipart.ts';

/**
 * Spec §4 "Subscription" through the API on the built-in test provider: checkout, success,
 * change with proration, cancel at period end, resume, custom plan, declined and abandoned
 * payments; webhooks applied once whatever their order; and who may do what.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const AGREED = { policyAgreement: true, dataProcessingAgreement: true };
const CARD = { expiry: '12/30', cvc: '123', name: 'Test Buyer' };
const PAYS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

/** A mill whose company details are complete (an invoice needs them), in the given country. */
async function payingMill(country = 'DE', vatNumber = '') {
  const mill = await signedInMill(t);
  await t.db
    .update(companies)
    .set({
      country,
      vatNumber,
      street: 'Hauptstraße 1',
      city: 'Berlin',
      zipCode: '10115',
      email: 'billing@mill.test',
      companyInfoIsUpdated: true,
    })
    .where(eq(companies.id, mill.company.id));
  return mill;
}

/** Waits until every payment job (event delivery and application) has run. */
async function paymentJobsDone(): Promise<void> {
  await t.app.deps.jobs.idle(['payments.test-deliver', 'payments.apply-event'], 30_000);
}

async function checkout(jwt: string, millId: number, lookupKey: string) {
  const response = await t.request({ method: 'POST', url: '/api/checkout', token: jwt, payload: { millId, lookupKey, ...AGREED } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { sessionId: string; url: string };
}

async function pay(sessionId: string, cardNumber: string) {
  const response = await t.request({
    method: 'POST',
    url: `/api/test-payments/checkouts/${sessionId}/pay`,
    payload: { cardNumber, ...CARD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { outcome: string; redirectUrl: string };
}

async function subscribe(jwt: string, millId: number, lookupKey: string) {
  const session = await checkout(jwt, millId, lookupKey);
  await pay(session.sessionId, PAYS);
  const confirmed = await t.request({
    method: 'POST',
    url: '/api/payments/success',
    token: jwt,
    payload: { sessionId: session.sessionId },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json();
}

async function subscriptionOf(jwt: string, millId: number) {
  return (await t.request({ method: 'GET', url: `/api/mills/${millId}/subscription`, token: jwt })).json();
}

async function invoicesOf(jwt: string, millId: number) {
  await paymentJobsDone();
  return (await t.request({ method: 'GET', url: `/api/payments/invoices?millId=${millId}`, token: jwt })).json() as {
    count: number;
    data: { number: string; netCents: number; vatCents: number; totalCents: number; vatPercent: number; id: number }[];
  };
}

describe('plans', () => {
  it('lists the four plans with the promotion, and a new mill is on basic', async () => {
    const { jwt, mill } = await signedInMill(t);
    const types = (await t.request({ method: 'GET', url: '/api/contract-types', token: jwt })).json();
    expect(types.data.map((plan: { id: string }) => plan.id)).toEqual(['basic', 'essential', 'enterprise', 'custom']);
    expect(types.promotions).toEqual([expect.objectContaining({ planId: 'essential', value: 80, isPercentage: true })]);
    const subscription = await subscriptionOf(jwt, mill.id);
    expect(subscription.contractType.id).toBe('basic');
    expect(subscription.subscriptionCancelDate).toBeNull();
  });
});

describe('subscription transitions (spec §4)', () => {
  it('basic → essential by card: the plan, the promoted price with 19 % VAT, one numbered invoice', async () => {
    const { jwt, mill } = await payingMill();
    const session = await checkout(jwt, mill.id, 'casebridge_essential_monthly');
    expect(session.url).toBe(`http://portal.test/payments/test-checkout/${session.sessionId}`);
    const page = (await t.request({ method: 'GET', url: `/api/test-payments/checkouts/${session.sessionId}` })).json();
    // 49.00 € at 80 % is 39.20 €, plus 19 % VAT.
    expect(page.amountCents).toBe(3920 + Math.round(3920 * 0.19));
    const paid = await pay(session.sessionId, PAYS);
    expect(paid).toEqual({ outcome: 'paid', redirectUrl: `http://portal.test/payments/success?session_id=${session.sessionId}` });
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/payments/success',
      token: jwt,
      payload: { sessionId: session.sessionId },
    });
    expect(confirmed.json().contractType.id).toBe('essential');
    const list = await invoicesOf(jwt, mill.id);
    expect(list.count).toBe(1);
    expect(list.data[0]).toMatchObject({ netCents: 3920, vatPercent: 19, vatCents: 745, totalCents: 4665 });
    expect(list.data[0]!.number).toMatch(/^CB-\d{4}-\d{5}$/);
  });

  it('essential → enterprise is prorated and invoiced at once; unsubscribe shows the end date; resubscribe clears it', async () => {
    const { jwt, mill } = await payingMill();
    await subscribe(jwt, mill.id, 'casebridge_essential_monthly');
    const changed = await t.request({
      method: 'POST',
      url: '/api/payments/plan',
      token: jwt,
      payload: { millId: mill.id, lookupKey: 'casebridge_enterprise_monthly' },
    });
    expect(changed.json().contractType.id).toBe('enterprise');
    const list = await invoicesOf(jwt, mill.id);
    expect(list.count).toBe(2);
    // Changed moments after paying: nearly the whole difference of 149.00 € and 39.20 €.
    const proration = list.data[0]!;
    expect(proration.netCents).toBeGreaterThan(10_900);
    expect(proration.netCents).toBeLessThanOrEqual(14_900 - 3920);

    const cancelled = await t.request({ method: 'DELETE', url: `/api/payments?millId=${mill.id}`, token: jwt });
    expect(cancelled.json().subscriptionCancelDate).toBe(cancelled.json().periodEnd);
    expect(cancelled.json().contractType.id).toBe('enterprise');
    const upcoming = await t.request({ method: 'GET', url: `/api/payments/upcoming/invoices?millId=${mill.id}`, token: jwt });
    expect(upcoming.json().upcomingInvoice).toBeNull();

    const resumed = await t.request({ method: 'POST', url: '/api/payments/resume', token: jwt, payload: { millId: mill.id, ...AGREED } });
    expect(resumed.json().subscriptionCancelDate).toBeNull();
    const next = (await t.request({ method: 'GET', url: `/api/payments/upcoming/invoices?millId=${mill.id}`, token: jwt })).json()
      .upcomingInvoice;
    expect(next.amountDueCents).toBe(14_900 + Math.round(14_900 * 0.19));
  });

  it('a cancelled plan ends at the period end and the mill is back on basic', async () => {
    const { jwt, mill } = await payingMill();
    await subscribe(jwt, mill.id, 'casebridge_essential_monthly');
    await t.request({ method: 'DELETE', url: `/api/payments?millId=${mill.id}`, token: jwt });
    // The period's end arrives: the provider ends the subscription and says so by webhook.
    const [row] = await t.db.select().from(millSubscriptions).where(eq(millSubscriptions.millId, mill.id));
    const [object] = await t.db.select().from(testPaymentObjects).where(eq(testPaymentObjects.id, row!.providerSubscriptionId!));
    await t.db
      .update(testPaymentObjects)
      .set({ data: { ...(object!.data as object), currentPeriodEnd: new Date(Date.now() - 1000).toISOString() } })
      .where(eq(testPaymentObjects.id, object!.id));
    expect(await t.app.deps.testPayments!.renewDueSubscriptions()).toBe(1);
    await paymentJobsDone();
    const ended = await subscriptionOf(jwt, mill.id);
    expect(ended.contractType.id).toBe('basic');
    expect(ended.subscriptionCancelDate).toBeNull();
    expect((await invoicesOf(jwt, mill.id)).count).toBe(1);
  });

  it('a declined card and an abandoned checkout leave the mill on basic and send it to the failure page', async () => {
    const { jwt, mill } = await payingMill();
    const declined = await checkout(jwt, mill.id, 'casebridge_essential_monthly');
    expect(await pay(declined.sessionId, DECLINED)).toEqual({ outcome: 'declined', redirectUrl: 'http://portal.test/payments/failure' });
    const confirm = await t.request({
      method: 'POST',
      url: '/api/payments/success',
      token: jwt,
      payload: { sessionId: declined.sessionId },
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe('PAYMENT_FAILED');

    const abandoned = await checkout(jwt, mill.id, 'casebridge_essential_monthly');
    const back = await t.request({ method: 'POST', url: `/api/test-payments/checkouts/${abandoned.sessionId}/abandon` });
    expect(back.json().redirectUrl).toBe('http://portal.test/payments/failure');
    const again = await t.request({
      method: 'POST',
      url: `/api/test-payments/checkouts/${abandoned.sessionId}/pay`,
      payload: { cardNumber: PAYS, ...CARD },
    });
    expect(again.statusCode).toBe(409);

    await paymentJobsDone();
    expect((await subscriptionOf(jwt, mill.id)).contractType.id).toBe('basic');
    expect((await invoicesOf(jwt, mill.id)).count).toBe(0);
  });

  it('a checkout that never existed is not found when paid or left, like its page', async () => {
    const url = '/api/test-payments/checkouts/cs_test_never_existed_0000';
    const answers = await Promise.all([
      t.request({ method: 'GET', url }),
      t.request({ method: 'POST', url: `${url}/pay`, payload: { cardNumber: PAYS, ...CARD } }),
      t.request({ method: 'POST', url: `${url}/abandon` }),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual(Array(3).fill([404, 'NOT_FOUND']));
  });

  it('an unknown card number is refused with a clear message', async () => {
    const { jwt, mill } = await payingMill();
    const session = await checkout(jwt, mill.id, 'casebridge_essential_monthly');
    const response = await t.request({
      method: 'POST',
      url: `/api/test-payments/checkouts/${session.sessionId}/pay`,
      payload: { cardNumber: '1234 5678 9012 3456', ...CARD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/4242/);
  });

  it('the manager offers a custom plan; the mill subscribes to it at its price and limits', async () => {
    const { jwt, mill } = await payingMill();
    const manager = await signIn(t, (await createManager(t.db)).email);
    const offered = await t.request({
      method: 'PUT',
      url: `/api/mills/${mill.id}/custom-contract`,
      token: manager,
      payload: { customContract: { priceCents: 9900, maxOrdersCount: 500, allowedClients: 40 } },
    });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().customContract).toEqual({ priceCents: 9900, maxOrdersCount: 500, allowedClients: 40 });
    const subscribed = await subscribe(jwt, mill.id, 'pr_custom_plan');
    expect(subscribed.contractType).toMatchObject({ id: 'custom', priceCents: 9900, maxOrdersCount: 500, allowedClients: 40 });
    const usage = (await t.request({ method: 'GET', url: `/api/mills/${mill.id}/stats`, token: jwt })).json().data;
    expect(usage.find((stat: { name: string }) => stat.name === 'clients').limit).toBe(40);
  });

  it('a second checkout while subscribed is refused; changes need a subscription', async () => {
    const { jwt, mill } = await payingMill();
    const change = await t.request({
      method: 'POST',
      url: '/api/payments/plan',
      token: jwt,
      payload: { millId: mill.id, lookupKey: 'casebridge_enterprise_monthly' },
    });
    expect(change.json().code).toBe('NO_SUBSCRIPTION');
    await subscribe(jwt, mill.id, 'casebridge_essential_monthly');
    const second = await t.request({
      method: 'POST',
      url: '/api/checkout',
      token: jwt,
      payload: { millId: mill.id, lookupKey: 'casebridge_enterprise_monthly', ...AGREED },
    });
    expect(second.json().code).toBe('SUBSCRIPTION_EXISTS');
  });
});

describe('invoices', () => {
  it('reverse charge for an EU business, no VAT outside the EU, and numbers without gaps', async () => {
    const eu = await payingMill('AT', 'U12345678');
    await subscribe(eu.jwt, eu.mill.id, 'casebridge_enterprise_monthly');
    const swiss = await payingMill('CH');
    await subscribe(swiss.jwt, swiss.mill.id, 'casebridge_enterprise_monthly');
    const [euInvoice] = (await invoicesOf(eu.jwt, eu.mill.id)).data;
    const [swissInvoice] = (await invoicesOf(swiss.jwt, swiss.mill.id)).data;
    expect(euInvoice).toMatchObject({ netCents: 14_900, vatPercent: 0, vatCents: 0, totalCents: 14_900 });
    expect(swissInvoice).toMatchObject({ vatPercent: 0, totalCents: 14_900 });
    const [euRow] = await t.db.select().from(invoices).where(eq(invoices.id, euInvoice!.id));
    expect(euRow!.taxTreatment).toBe('reverseCharge');
    expect(euRow!.buyer.vatNumber).toBe('U12345678');
    expect(euRow!.seller.vatNumber).toBeTruthy();

    const numbers = (await t.db.select({ number: invoices.number }).from(invoices))
      .map((row) => Number(row.number.slice(-5)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));

    const pdf = await t.request({ method: 'GET', url: `/api/payments/invoices/${euInvoice!.id}/pdf`, token: eu.jwt });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const foreign = await t.request({ method: 'GET', url: `/api/payments/invoices/${euInvoice!.id}/pdf`, token: swiss.jwt });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('what the mill pays (spec §4, §9)', () => {
  async function upcomingOf(jwt: string, millId: number) {
    return (await t.request({ method: 'GET', url: `/api/payments/upcoming/invoices?millId=${millId}`, token: jwt })).json().upcomingInvoice;
  }

  it('a German mill subscribed at the regular price keeps it: plan, upcoming invoice and invoices agree, with VAT', async () => {
    const { jwt, mill, company } = await payingMill('DE');
    // As the demo seeds Demo Mill: on essential at 49 € since before the promotion for new subscriptions.
    const buyer = {
      name: company.name,
      street: 'Hauptstraße 1',
      zipCode: '10115',
      city: 'Berlin',
      country: 'DE',
      vatNumber: null,
      email: 'billing@mill.test',
    };
    await seedDemoContract(t.db, { millId: mill.id, planKey: 'essential', months: 2, buyer });
    const subscription = await subscriptionOf(jwt, mill.id);
    expect(subscription.contractType.id).toBe('essential');
    expect(subscription.chargedPriceCents).toBe(4900);
    const upcoming = await upcomingOf(jwt, mill.id);
    expect(upcoming.lines).toEqual([expect.objectContaining({ description: 'Essential plan', amountCents: 4900 })]);
    expect(upcoming).toMatchObject({
      netCents: 4900,
      vatPercent: 19,
      vatCents: 931,
      taxTreatment: 'domestic',
      totalCents: 5831,
      amountDueCents: 5831,
    });
    expect(upcoming.netCents + upcoming.vatCents).toBe(upcoming.totalCents);
    const paid = (await invoicesOf(jwt, mill.id)).data;
    expect(paid.map(({ netCents, vatPercent, vatCents, totalCents }) => ({ netCents, vatPercent, vatCents, totalCents }))).toEqual(
      Array(2).fill({ netCents: 4900, vatPercent: 19, vatCents: 931, totalCents: 5831 }),
    );
  });

  it('a new subscription pays the promoted price, and its upcoming invoice says so; an EU business is reverse charged', async () => {
    const { jwt, mill } = await payingMill('DE');
    await subscribe(jwt, mill.id, 'casebridge_essential_monthly');
    expect((await subscriptionOf(jwt, mill.id)).chargedPriceCents).toBe(3920);
    expect(await upcomingOf(jwt, mill.id)).toMatchObject({ netCents: 3920, vatPercent: 19, vatCents: 745, totalCents: 4665 });

    const eu = await payingMill('AT', 'U12345678');
    await subscribe(eu.jwt, eu.mill.id, 'casebridge_enterprise_monthly');
    expect(await upcomingOf(eu.jwt, eu.mill.id)).toMatchObject({
      netCents: 14_900,
      vatPercent: 0,
      vatCents: 0,
      taxTreatment: 'reverseCharge',
      totalCents: 14_900,
    });
    // Back on basic nothing is charged.
    const basic = await payingMill();
    expect((await subscriptionOf(basic.jwt, basic.mill.id)).chargedPriceCents).toBe(0);
  });
});

describe('company country (spec §5)', () => {
  it('is locked while the mill is on a paid plan, and the company details say so', async () => {
    const { jwt, mill } = await payingMill('DE', 'DE123456789');
    const company = async () => (await t.request({ method: 'GET', url: '/api/users/companyInfo', token: jwt })).json();
    expect((await company()).countryLocked).toBe(false);
    await subscribe(jwt, mill.id, 'casebridge_essential_monthly');
    const locked = await company();
    expect(locked.countryLocked).toBe(true);
    const data = { name: locked.name, email: locked.email, vatNumber: 'U12345678', ...locked.address, phone: '4930123', country: 'AT' };
    const moved = await t.request({
      method: 'PUT',
      url: '/api/users/companyInfo',
      token: jwt,
      ...multipartForm({ data: JSON.stringify(data) }),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ country: ['COUNTRY_LOCKED_ON_PAID_PLAN'] });
  });
});

describe('webhooks', () => {
  async function eventsOf(millId: number) {
    const rows = await t.db.select().from(testPaymentObjects).where(eq(testPaymentObjects.kind, 'event'));
    return rows
      .filter((row) => (row.data as { millId: number }).millId === millId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async function deliver(event: object, signature?: string) {
    const body = JSON.stringify(event);
    return t.request({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature ?? '' },
      payload: body,
    });
  }

  it('every event delivered twice and in reverse order leaves the state of one delivery in order', async () => {
    const { jwt, mill } = await payingMill();
    await subscribe(jwt, mill.id, 'casebridge_essential_monthly');
    await t.request({
      method: 'POST',
      url: '/api/payments/plan',
      token: jwt,
      payload: { millId: mill.id, lookupKey: 'casebridge_enterprise_monthly' },
    });
    await t.request({ method: 'DELETE', url: `/api/payments?millId=${mill.id}`, token: jwt });
    await paymentJobsDone();
    const once = await subscriptionOf(jwt, mill.id);
    const invoicesOnce = (await invoicesOf(jwt, mill.id)).data;

    // Forget what was applied and start from a mill that never heard of it.
    const events = await eventsOf(mill.id);
    for (const event of events) await t.db.delete(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    await t.db
      .update(millSubscriptions)
      .set({ planKey: 'basic', providerSubscriptionId: null, cancelAt: null, periodEnd: null })
      .where(eq(millSubscriptions.millId, mill.id));
    await t.db.delete(invoices).where(eq(invoices.millId, mill.id));

    for (const event of [...events].reverse().flatMap((event) => [event, event])) {
      const signed = await signedEvent(event.id);
      const response = await t.request({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signed.signature },
        payload: signed.rawBody,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await paymentJobsDone();
    expect(await subscriptionOf(jwt, mill.id)).toEqual(once);
    // The same invoices again (under new numbers: the old ones stay used).
    const withoutNumbers = (list: { id: number; number: string }[]) =>
      list.map(({ id: _id, number: _number, ...rest }) => ({ ...rest, pdfUrl: undefined }));
    expect(withoutNumbers((await invoicesOf(jwt, mill.id)).data)).toEqual(withoutNumbers(invoicesOnce));
  });

  it('refuses a bad signature and changes nothing', async () => {
    const { jwt, mill } = await payingMill();
    await subscribe(jwt, mill.id, 'casebridge_essential_monthly');
    await paymentJobsDone();
    const [event] = await eventsOf(mill.id);
    const before = await t.db.select().from(paymentEvents);
    const forged = await deliver({ ...(event!.data as object), id: 'evt_forged_000000000000' }, 'not-the-signature');
    expect(forged.statusCode).toBe(400);
    const unsigned = await deliver(event!.data as object);
    expect(unsigned.statusCode).toBe(400);
    await paymentJobsDone();
    expect(await t.db.select().from(paymentEvents)).toEqual(before);
  });
});

describe('who may do what', () => {
  it('only the mill admin changes the subscription; staff see usage; others get 404 or 403', async () => {
    const { jwt, mill, company } = await payingMill();
    const plain = await signIn(t, (await addMillUser(t.db, mill.id, company.id, 'user')).email);
    const lab = await signIn(t, (await createLab(t.db, { clientOf: mill.id })).user.email);
    const other = await payingMill();
    const dealer = await signIn(t, (await createDealer(t.db)).user.email);
    const body = { millId: mill.id, lookupKey: 'casebridge_essential_monthly', ...AGREED };
    expect((await t.request({ method: 'GET', url: `/api/mills/${mill.id}/stats`, token: plain })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/checkout', token: plain, payload: body })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/mills/${mill.id}/stats`, token: lab })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/checkout', token: other.jwt, payload: body })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/checkout', token: dealer, payload: body })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PUT', url: `/api/mills/${mill.id}/custom-contract`, token: jwt, payload: { customContract: null } }))
        .statusCode,
    ).toBe(403);
    const session = await checkout(jwt, mill.id, 'casebridge_essential_monthly');
    await pay(session.sessionId, PAYS);
    // Someone else's session id confirms nothing; the mill's own user may not confirm either.
    const stolen = await t.request({
      method: 'POST',
      url: '/api/payments/success',
      token: other.jwt,
      payload: { sessionId: session.sessionId },
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: '/api/payments/success', token: plain, payload: { sessionId: session.sessionId } }))
        .statusCode,
    ).toBe(403);
    const [invoice] = (await invoicesOf(jwt, mill.id)).data;
    expect((await t.request({ method: 'GET', url: `/api/payments/invoices/${invoice!.id}/pdf`, token: plain })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/payments/invoices/${invoice!.id}/pdf`, token: lab })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/payments/invoices/${invoice!.id}/pdf`, token: jwt })).statusCode).toBe(200);
  });
});

/** The signed webhook of one of the test provider's events, as the provider would send it. */
async function signedEvent(eventId: string): Promise<{ rawBody: Buffer; signature: string }> {
  const signed = await t.app.deps.testPayments!.signedEvent(eventId);
  if (!signed) throw new Error(`no event ${eventId}`);
  return signed;
}
