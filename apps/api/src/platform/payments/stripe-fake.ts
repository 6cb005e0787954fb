import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of the Stripe API the portal calls, for tests only (no network):
 * prices by lookup key, tax rates, Checkout Sessions, subscriptions (update with proration and
 * cancel at period end), the Billing Portal, invoices and the invoice preview. It answers with
 * objects shaped like Stripe's (only the fields the provider reads) and Stripe's error bodies, and
 * keeps Stripe's idempotency keys (a POST sent again under its key is answered as the first time).
 * What a buyer does on Stripe's pages (paying the checkout) is a method here.
 */

type Json = Record<string, unknown>;
type Params = Record<string, unknown>;

export interface FakeRequest {
  method: string;
  path: string;
  params: Params;
}

interface FakeError {
  status: number;
  type: string;
  code?: string;
  message?: string;
}

export interface FakeStripe {
  url: string;
  requests: FakeRequest[];
  prices: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  taxRates: Map<string, Json>;
  /** A catalogue price under a lookup key, as the Stripe dashboard would hold it. */
  addPrice(lookupKey: string, unitAmount: number): Json;
  /** The buyer pays the checkout: a customer, the subscription and its first paid invoice. */
  completeCheckout(sessionId: string): { subscription: Json; invoice: Json };
  /** A webhook event about `object`, as Stripe sends it. */
  event(type: string, object: Json): Json;
  /** The next request matching `path` (a prefix; any request when omitted) is answered with this error. */
  failNext(error: FakeError, path?: string): void;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeRequest[] = [];
  const prices = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const taxRates = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const failures: { error: FakeError; path: string | undefined }[] = [];
  /** The answers to POSTs sent with an Idempotency-Key, by key. */
  const idempotent = new Map<string, { form: string; answer: Json }>();
  let url = '';

  const now = () => Math.floor(Date.now() / 1000);
  const monthLater = (seconds: number) => {
    const date = new Date(seconds * 1000);
    date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  };

  function createPrice(params: Params): Json {
    const lookupKey = typeof params.lookup_key === 'string' ? params.lookup_key : null;
    if (lookupKey) {
      const holder = [...prices.values()].find((price) => price.lookup_key === lookupKey);
      if (holder && params.transfer_lookup_key !== 'true')
        throw apiError({ status: 400, type: 'invalid_request_error', code: 'lookup_key_exists' });
      if (holder) holder.lookup_key = null;
    }
    const recurring = (params.recurring as Params | undefined) ?? { interval: 'month' };
    const price: Json = {
      id: newId('price'),
      object: 'price',
      active: true,
      currency: params.currency ?? 'eur',
      unit_amount: Number(params.unit_amount),
      lookup_key: lookupKey,
      recurring: { interval: recurring.interval, interval_count: 1 },
      metadata: params.metadata ?? {},
      product: newId('prod'),
    };
    prices.set(price.id as string, price);
    return price;
  }

  function taxPercentOf(subscription: Json): number {
    const rates = subscription.default_tax_rates as Json[];
    return rates.reduce((total, rate) => total + Number(rate.percentage), 0);
  }

  function createInvoice(
    subscription: Json,
    lines: { description: string; amount: number; start: number; end: number }[],
    status: 'paid' | 'draft',
  ): Json {
    const id = status === 'draft' ? `upcoming_${newId('in')}` : newId('in');
    const subtotal = lines.reduce((total, line) => total + line.amount, 0);
    const tax = Math.round((Math.max(0, subtotal) * taxPercentOf(subscription)) / 100);
    const periodEnd = (subscription.items as { data: Json[] }).data[0]?.current_period_end as number;
    const invoice: Json = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status,
      created: now(),
      currency: 'eur',
      subtotal,
      total_excluding_tax: subtotal,
      total: subtotal + tax,
      amount_due: status === 'paid' ? 0 : subtotal + tax,
      next_payment_attempt: status === 'draft' ? periodEnd : null,
      period_start: now(),
      period_end: periodEnd,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
        data: lines.map((line) => ({
          id: newId('il'),
          object: 'line_item',
          amount: line.amount,
          currency: 'eur',
          description: line.description,
          metadata: {},
          period: { start: line.start, end: line.end },
        })),
      },
    };
    if (status === 'paid') invoices.set(id, invoice);
    return invoice;
  }

  function itemFor(priceId: string, start: number, end: number): Json {
    const price = prices.get(priceId);
    if (!price)
      throw apiError({ status: 400, type: 'invalid_request_error', code: 'resource_missing', message: `No such price: '${priceId}'` });
    return { id: newId('si'), object: 'subscription_item', price, quantity: 1, current_period_start: start, current_period_end: end };
  }

  function updateSubscription(subscription: Json, params: Params): Json {
    if (params.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
    if (params.default_tax_rates !== undefined) {
      subscription.default_tax_rates = Array.isArray(params.default_tax_rates)
        ? params.default_tax_rates.map((id) => taxRates.get(String(id)))
        : [];
    }
    if (Array.isArray(params.items)) {
      const list = subscription.items as { data: Json[] };
      const first = list.data[0]!;
      const start = first.current_period_start as number;
      const end = first.current_period_end as number;
      const before = sumOf(list.data);
      for (const change of params.items as Params[]) {
        if (change.deleted === 'true') list.data = list.data.filter((item) => item.id !== change.id);
        else if (change.price) list.data.push(itemFor(String(change.price), start, end));
      }
      const difference = sumOf(list.data) - before;
      if (params.proration_behavior === 'always_invoice' && difference !== 0) {
        const share = Math.max(0, (end - now()) / (end - start));
        createInvoice(
          subscription,
          [{ description: 'Remaining time after the plan change', amount: Math.round(difference * share), start: now(), end }],
          'paid',
        );
      }
    }
    return subscription;
  }

  function route(method: string, path: string, params: Params): Json {
    const [, version, resource, id, action] = path.split('/');
    if (version !== 'v1') throw notFound(path);
    if (resource === 'prices' && method === 'GET' && !id) {
      const keys = (params.lookup_keys as string[] | undefined) ?? [];
      const found = [...prices.values()].filter(
        (price) => price.active && (keys.length === 0 || keys.includes(price.lookup_key as string)),
      );
      return list(found, path);
    }
    if (resource === 'prices' && method === 'POST' && !id) return createPrice(params);
    if (resource === 'tax_rates' && method === 'GET') return list([...taxRates.values()], path);
    if (resource === 'tax_rates' && method === 'POST') {
      const rate: Json = {
        id: newId('txr'),
        object: 'tax_rate',
        active: true,
        inclusive: params.inclusive === 'true',
        percentage: Number(params.percentage),
        display_name: params.display_name,
        metadata: params.metadata ?? {},
      };
      taxRates.set(rate.id as string, rate);
      return rate;
    }
    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = action;
      if (method === 'POST' && !sessionId) {
        const session: Json = {
          id: newId('cs_test'),
          object: 'checkout.session',
          mode: params.mode,
          status: 'open',
          payment_status: 'unpaid',
          url: `${url}/checkout/pay`,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          client_reference_id: params.client_reference_id ?? null,
          customer: params.customer ?? null,
          customer_email: params.customer_email ?? null,
          metadata: params.metadata ?? {},
          subscription: null,
          // Kept as sent, for the tests to read (Stripe shows them as the session's line items).
          line_items_sent: params.line_items,
          subscription_data_sent: params.subscription_data ?? {},
        };
        sessions.set(session.id as string, session);
        return session;
      }
      if (method === 'GET' && sessionId) return sessions.get(sessionId) ?? throwing(notFound(path));
    }
    if (resource === 'subscriptions' && id) {
      const subscription = subscriptions.get(id) ?? throwing(notFound(path));
      return method === 'POST' ? updateSubscription(subscription, params) : subscription;
    }
    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
      return {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `${url}/portal/${String(params.customer)}`,
      };
    }
    if (resource === 'invoices') {
      if (method === 'POST' && id === 'create_preview') {
        const subscription = subscriptions.get(String(params.subscription)) ?? throwing(notFound(path));
        if (subscription.cancel_at_period_end || subscription.status === 'canceled') {
          throw apiError({
            status: 400,
            type: 'invalid_request_error',
            code: 'invoice_upcoming_none',
            message: 'No upcoming invoices for customer',
          });
        }
        const items = (subscription.items as { data: Json[] }).data;
        const start = items[0]!.current_period_end as number;
        return createInvoice(
          subscription,
          items.map((item) => ({
            description: `1 × ${String((item.price as Json).lookup_key ?? 'plan')}`,
            amount: (item.price as Json).unit_amount as number,
            start,
            end: monthLater(start),
          })),
          'draft',
        );
      }
      if (method === 'GET' && id) return invoices.get(id) ?? throwing(notFound(path));
      if (method === 'GET') {
        const found = [...invoices.values()].filter((invoice) => !params.customer || invoice.customer === params.customer).reverse();
        return list(found.slice(0, Number(params.limit ?? 10)), path);
      }
    }
    throw notFound(path);
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const address = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? 'GET';
      const form = method === 'GET' ? address.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const params = parseForm(form);
      requests.push({ method, path: address.pathname, params });
      const send = (status: number, body: unknown) => {
        // Stripe tells the SDK whether a retry may help; the fake's errors never do.
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), 'stripe-should-retry': 'false' });
        response.end(JSON.stringify(body));
      };
      const failureIndex = failures.findIndex((failure) => !failure.path || address.pathname.startsWith(failure.path));
      if (failureIndex >= 0) {
        const [failure] = failures.splice(failureIndex, 1);
        send(failure!.error.status, {
          error: { type: failure!.error.type, code: failure!.error.code, message: failure!.error.message ?? 'Fake failure' },
        });
        return;
      }
      // Stripe answers a POST whose Idempotency-Key it has seen with the first answer, and refuses other parameters under it.
      const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
      const replayed = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (replayed && replayed.form !== form) {
        send(400, {
          error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters' },
        });
        return;
      }
      if (replayed) return send(200, replayed.answer);
      try {
        const answer = route(method, address.pathname, params);
        if (typeof key === 'string') idempotent.set(key, { form, answer });
        send(200, answer);
      } catch (error) {
        if (error instanceof FakeApiError)
          send(error.error.status, {
            error: { type: error.error.type, code: error.error.code, message: error.error.message ?? error.message },
          });
        else send(500, { error: { type: 'api_error', message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    prices,
    sessions,
    subscriptions,
    invoices,
    taxRates,
    addPrice: (lookupKey, unitAmount) =>
      createPrice({ lookup_key: lookupKey, unit_amount: String(unitAmount), currency: 'eur', recurring: { interval: 'month' } }),
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const customerId = (session.customer as string | null) ?? newId('cus');
      customers.set(customerId, { id: customerId, object: 'customer', email: session.customer_email });
      const start = now();
      const end = monthLater(start);
      const sent = session.subscription_data_sent as Params;
      const subscription: Json = {
        id: newId('sub'),
        object: 'subscription',
        customer: customerId,
        status: 'active',
        cancel_at_period_end: false,
        start_date: start,
        metadata: sent.metadata ?? {},
        default_tax_rates: ((sent.default_tax_rates as string[] | undefined) ?? []).map((id) => taxRates.get(id)),
        items: {
          object: 'list',
          has_more: false,
          data: (session.line_items_sent as Params[]).map((line) => itemFor(String(line.price), start, end)),
        },
      };
      subscriptions.set(subscription.id as string, subscription);
      const items = (subscription.items as { data: Json[] }).data;
      const invoice = createInvoice(
        subscription,
        items.map((item) => ({ description: 'First month', amount: (item.price as Json).unit_amount as number, start, end })),
        'paid',
      );
      Object.assign(session, { status: 'complete', payment_status: 'paid', customer: customerId, subscription: subscription.id });
      return { subscription, invoice };
    },
    event: (type, object) => ({
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    }),
    failNext: (error, path) => void failures.push({ error, path }),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

class FakeApiError extends Error {
  constructor(readonly error: FakeError) {
    super(error.message ?? error.code ?? error.type);
  }
}

function apiError(error: FakeError): FakeApiError {
  return new FakeApiError(error);
}

function notFound(path: string): FakeApiError {
  return apiError({ status: 404, type: 'invalid_request_error', code: 'resource_missing', message: `No such object: ${path}` });
}

function throwing(error: Error): never {
  throw error;
}

function list(data: Json[], path: string): Json {
  return { object: 'list', data, has_more: false, url: path };
}

function sumOf(items: Json[]): number {
  return items.reduce((total, item) => total + ((item.price as Json).unit_amount as number), 0);
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('hex')}`;
}

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects, with numbered keys as arrays. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Params;
    });
  }
  return arrays(root) as Params;
}

function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Params).map(([key, inner]) => [key, arrays(inner)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key)))
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  return Object.fromEntries(entries);
}
