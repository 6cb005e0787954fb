import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { InvoiceParty } from '@casebridge/shared/schemas/billing';
import { mills } from './mills.ts';

/**
 * The plans a mill can be on (spec §3, contract type). Money is integer euro cents, net of VAT;
 * limits are per mill: orders per billing period, confirmed clients, stored megabytes.
 * `lookupKey` names the payment provider's price (Stripe finds prices by lookup key).
 */
export const plans = pgTable('plans', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  lookupKey: text('lookup_key').notNull().unique(),
  maxOrders: integer('max_orders').notNull(),
  allowedClients: integer('allowed_clients').notNull(),
  storageMb: integer('storage_mb').notNull(),
  support: boolean('support').notNull(),
  /** How long files are kept without the retention add-on. */
  filesKeepDays: integer('files_keep_days').notNull(),
  position: integer('position').notNull(),
});

/** A price reduction shown on a plan (spec §9: percent of the price, or cents off). */
export const promotions = pgTable('promotions', {
  id: serial('id').primaryKey(),
  planKey: text('plan_key')
    .notNull()
    .references(() => plans.key, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  value: integer('value').notNull(),
  isPercentage: boolean('is_percentage').notNull(),
});

/** Longer file retention, bought per month on top of a paid plan (spec §3, add-on). */
export const addOns = pgTable('add_ons', {
  key: text('key').primaryKey(),
  keepDays: integer('keep_days').notNull(),
  priceCents: integer('price_cents').notNull(),
  lookupKey: text('lookup_key').notNull().unique(),
});

/**
 * Each mill's contract as the payment provider last reported it (webhooks are the truth), plus the
 * custom terms the manager may set for it. Every mill has a row (basic until it pays); the row is
 * also the lock that serialises limit checks of one mill.
 */
export const millSubscriptions = pgTable('mill_subscriptions', {
  millId: integer('mill_id')
    .primaryKey()
    .references(() => mills.id, { onDelete: 'cascade' }),
  planKey: text('plan_key')
    .notNull()
    .default('basic')
    .references(() => plans.key),
  /** active, past_due or canceled, as the provider says; basic is always active. */
  status: text('status').notNull().default('active'),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id').unique(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull().defaultNow(),
  periodEnd: timestamp('period_end', { withTimezone: true }),
  /** Set while a paid plan is cancelled at its period's end ("Subscription ends at"). */
  cancelAt: timestamp('cancel_at', { withTimezone: true }),
  addOnKey: text('add_on_key').references(() => addOns.key),
  /**
   * The net monthly price the provider charges this mill for its plan, as its subscription says:
   * a promotion or a later price change of the plan applies to new subscriptions only. Null on basic.
   */
  planPriceCents: integer('plan_price_cents'),
  customPriceCents: integer('custom_price_cents'),
  customMaxOrders: integer('custom_max_orders'),
  customAllowedClients: integer('custom_allowed_clients'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Orders submitted in one billing period: the counter the order limit is taken from, atomically
 * (a conditional increment), so two submissions can never both take the last slot. Deleting an
 * order does not give its slot back: the plan counts orders created.
 */
export const millPeriodUsage = pgTable(
  'mill_period_usage',
  {
    millId: integer('mill_id')
      .notNull()
      .references(() => mills.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    ordersCreated: integer('orders_created').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.millId, t.periodStart] })],
);

/** Webhook events already applied: an event id is recorded in the transaction of its effect. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Invoices as we issue them: numbered without gaps (invoice_counters), with both parties' details
 * as they were on the day, and the VAT treatment decided then. Kept when the mill is deleted.
 */
export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  number: text('number').notNull().unique(),
  millId: integer('mill_id').references(() => mills.id, { onDelete: 'set null' }),
  providerInvoiceId: text('provider_invoice_id').notNull().unique(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
  lines: jsonb('lines').$type<{ description: string; amountCents: number }[]>().notNull(),
  netCents: integer('net_cents').notNull(),
  vatPercent: integer('vat_percent').notNull(),
  vatCents: integer('vat_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  /** domestic (German VAT), reverseCharge (EU business), or outsideEu (no VAT). */
  taxTreatment: text('tax_treatment').notNull(),
  paid: boolean('paid').notNull(),
  seller: jsonb('seller').$type<InvoiceParty>().notNull(),
  buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
});

/** The last invoice number issued per year; taken under the row's lock, so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * The built-in test payment provider's own records (checkout sessions, customers, subscriptions,
 * invoices, events), kept like a provider keeps them: one JSON document per object. Only used
 * without STRIPE_SECRET_KEY.
 */
export const testPaymentObjects = pgTable('test_payment_objects', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
