import { z } from 'zod';
import {
  addOnBodySchema,
  changePlanBodySchema,
  checkoutBodySchema,
  checkoutResponseSchema,
  customContractBodySchema,
  invoiceListQuerySchema,
  invoiceSchema,
  millAddOnsResponseSchema,
  millQuerySchema,
  paymentSuccessBodySchema,
  redirectResponseSchema,
  resumeBodySchema,
  subscriptionSchema,
  upcomingInvoiceSchema,
  usageResponseSchema,
} from '../schemas/billing.ts';
import { idSchema } from '../schemas/common.ts';
import { listResponseSchema } from '../schemas/paging.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/**
 * A mill's paid contract (spec §7 payment calls): plan, period, usage, add-on, invoices and the
 * changes a mill's administrator makes. The mill is in the body or the query where the spec's
 * paths have none. Every call that reaches the payment provider answers 502
 * PAYMENT_PROVIDER_UNAVAILABLE when the provider fails (ADR 0022 addendum); a refused card is a
 * 409 PAYMENT_FAILED.
 */
const tags = ['subscriptions'] as const;
const millParams = z.object({ millId: idSchema });
const providerFailure = { 502: errorResponseSchema } as const;

export const getSubscription = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/subscription',
  summary: "The mill's plan, period, cancellation date, add-on and orders this period",
  tags,
  access: 'subscription.read',
  params: millParams,
  responses: { 200: subscriptionSchema, ...commonRefusals },
});

export const getUsage = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/stats',
  summary: 'Usage against the plan: orders this period, clients, storage (MB)',
  tags,
  access: 'subscription.read',
  params: millParams,
  responses: { 200: usageResponseSchema, ...commonRefusals },
});

export const startCheckout = defineEndpoint({
  method: 'POST',
  path: '/checkout',
  summary: 'Start paying for a plan at the payment provider (its checkout page)',
  tags,
  access: 'subscription.manage',
  body: checkoutBodySchema,
  // 409: the mill already has a subscription (SUBSCRIPTION_EXISTS) or its company details lack the address (COMPANY_DETAILS_INCOMPLETE).
  responses: { 200: checkoutResponseSchema, ...commonRefusals, 409: errorResponseSchema, ...providerFailure },
});

export const confirmCheckout = defineEndpoint({
  method: 'POST',
  path: '/payments/success',
  summary: 'Confirm a finished checkout by its session id',
  tags,
  access: 'subscription.manage',
  body: paymentSuccessBodySchema,
  // 409 PAYMENT_FAILED: the checkout was left or the card refused.
  responses: { 200: subscriptionSchema, ...commonRefusals, 409: errorResponseSchema, ...providerFailure },
});

export const changePlan = defineEndpoint({
  method: 'POST',
  path: '/payments/plan',
  summary: 'Upgrade or change the paid plan (the rest of the period is invoiced prorated)',
  tags,
  access: 'subscription.manage',
  body: changePlanBodySchema,
  // 409: no paid subscription (NO_SUBSCRIPTION) or the card refused the prorated charge (PAYMENT_FAILED).
  responses: { 200: subscriptionSchema, ...commonRefusals, 409: errorResponseSchema, ...providerFailure },
});

export const unsubscribe = defineEndpoint({
  method: 'DELETE',
  path: '/payments',
  summary: "Unsubscribe: the plan ends at the period's end",
  tags,
  access: 'subscription.manage',
  query: millQuerySchema,
  // 409 NO_SUBSCRIPTION: nothing paid to end.
  responses: { 200: subscriptionSchema, ...commonRefusals, 409: errorResponseSchema, ...providerFailure },
});

export const resubscribe = defineEndpoint({
  method: 'POST',
  path: '/payments/resume',
  summary: 'Resubscribe: keep the plan after all',
  tags,
  access: 'subscription.manage',
  body: resumeBodySchema,
  // 409: no paid subscription (NO_SUBSCRIPTION) or it is not cancelled (SUBSCRIPTION_NOT_CANCELLED).
  responses: { 200: subscriptionSchema, ...commonRefusals, 409: errorResponseSchema, ...providerFailure },
});

export const getUpcomingInvoice = defineEndpoint({
  method: 'GET',
  path: '/payments/upcoming/invoices',
  summary: 'The next invoice, as far as it is known',
  tags,
  access: 'subscription.manage',
  query: millQuerySchema,
  responses: { 200: upcomingInvoiceSchema, ...commonRefusals, ...providerFailure },
});

export const cardPortal = defineEndpoint({
  method: 'GET',
  path: '/payments/update/card/details',
  summary: "The payment provider's page for changing the card",
  tags,
  access: 'subscription.manage',
  query: millQuerySchema,
  // 409 NO_SUBSCRIPTION: the basic plan has no card.
  responses: { 200: redirectResponseSchema, ...commonRefusals, 409: errorResponseSchema, ...providerFailure },
});

export const getMillAddOns = defineEndpoint({
  method: 'GET',
  path: '/mill-addons',
  summary: "The mill's add-on",
  tags,
  access: 'subscription.read',
  query: millQuerySchema,
  responses: { 200: millAddOnsResponseSchema, ...commonRefusals },
});

export const setAddOn = defineEndpoint({
  method: 'POST',
  path: '/add-ons',
  summary: 'Buy, change or drop the file-retention add-on',
  tags,
  access: 'subscription.manage',
  body: addOnBodySchema,
  // 409: add-ons need a paid plan (NO_SUBSCRIPTION), or the card refused (PAYMENT_FAILED).
  responses: { 200: millAddOnsResponseSchema, ...commonRefusals, 409: errorResponseSchema, ...providerFailure },
});

export const setCustomContract = defineEndpoint({
  method: 'PUT',
  path: '/mills/:millId/custom-contract',
  summary: 'Offer the mill a custom plan, or withdraw it (manager)',
  tags,
  access: 'subscription.setCustom',
  params: millParams,
  body: customContractBodySchema,
  responses: { 200: subscriptionSchema, ...commonRefusals },
});

export const listInvoices = defineEndpoint({
  method: 'GET',
  path: '/payments/invoices',
  summary: "The mill's invoices, newest first (also its billing history)",
  tags: ['invoices'],
  access: 'subscription.manage',
  query: invoiceListQuerySchema,
  responses: { 200: listResponseSchema(invoiceSchema), ...commonRefusals },
});
