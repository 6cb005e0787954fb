import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addOnBodySchema,
  changePlanBodySchema,
  checkoutBodySchema,
  customContractBodySchema,
  millAddOnsResponseSchema,
  millQuerySchema,
  paymentSuccessBodySchema,
  redirectResponseSchema,
  resumeBodySchema,
  subscriptionSchema,
  upcomingInvoiceSchema,
  usageResponseSchema,
  checkoutResponseSchema,
} from '@casebridge/shared/schemas/billing';
import { idSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { getSubscription } from '@casebridge/shared/contracts/subscriptions';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors, errorResponseSchema } from '../../lib/route-schemas.ts';
import {
  cancelAtPeriodEnd,
  cardPortal,
  changePlan,
  confirmCheckout,
  millAddOnsOf,
  receiveWebhook,
  resume,
  setAddOn,
  setCustomContract,
  startCheckout,
  subscriptionOf,
  upcomingInvoiceOf,
  usageOf,
} from './subscriptions.service.ts';

const tags = ['subscriptions'];
const errors = { ...commonErrors, 409: errorResponseSchema };
const millParams = z.object({ millId: idSchema });

/** Spec §7's payment calls; the mill is named in the body or the query, as the spec's paths have none. */
export function subscriptionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Method, path, schemas and access from the contract the header's usage donut reads with (ADR 0022).
    app.route({
      ...fromContract(getSubscription),
      handler: async (request) => subscriptionOf(deps, callerOf(request), request.params.millId),
    });

    app.get('/mills/:millId/stats', {
      config: { access: 'subscription.read' },
      schema: {
        tags,
        summary: 'Usage against the plan: orders this period, clients, storage (MB)',
        security: bearerAuth,
        params: millParams,
        response: { 200: usageResponseSchema, ...errors },
      },
      handler: async (request) => ({ data: await usageOf(deps, callerOf(request), request.params.millId) }),
    });

    app.post('/checkout', {
      config: { access: 'subscription.manage' },
      schema: {
        tags,
        summary: 'Start paying for a plan at the payment provider (its checkout page)',
        security: bearerAuth,
        body: checkoutBodySchema,
        response: { 200: checkoutResponseSchema, ...errors },
      },
      handler: async (request) => startCheckout(deps, callerOf(request), request.body),
    });

    app.post('/payments/success', {
      config: { access: 'subscription.manage' },
      schema: {
        tags,
        summary: 'Confirm a finished checkout by its session id',
        security: bearerAuth,
        body: paymentSuccessBodySchema,
        response: { 200: subscriptionSchema, ...errors },
      },
      handler: async (request) => confirmCheckout(deps, callerOf(request), request.body.sessionId),
    });

    app.post('/payments/plan', {
      config: { access: 'subscription.manage' },
      schema: {
        tags,
        summary: 'Upgrade or change the paid plan (the rest of the period is invoiced prorated)',
        security: bearerAuth,
        body: changePlanBodySchema,
        response: { 200: subscriptionSchema, ...errors },
      },
      handler: async (request) => changePlan(deps, callerOf(request), request.body),
    });

    app.delete('/payments', {
      config: { access: 'subscription.manage' },
      schema: {
        tags,
        summary: "Unsubscribe: the plan ends at the period's end",
        security: bearerAuth,
        querystring: millQuerySchema,
        response: { 200: subscriptionSchema, ...errors },
      },
      handler: async (request) => cancelAtPeriodEnd(deps, callerOf(request), request.query.millId),
    });

    app.post('/payments/resume', {
      config: { access: 'subscription.manage' },
      schema: {
        tags,
        summary: 'Resubscribe: keep the plan after all',
        security: bearerAuth,
        body: resumeBodySchema,
        response: { 200: subscriptionSchema, ...errors },
      },
      handler: async (request) => resume(deps, callerOf(request), request.body.millId),
    });

    app.get('/payments/upcoming/invoices', {
      config: { access: 'subscription.manage' },
      schema: {
        tags,
        summary: 'The next invoice, as far as it is known',
        security: bearerAuth,
        querystring: millQuerySchema,
        response: { 200: upcomingInvoiceSchema, ...errors },
      },
      handler: async (request) => ({ upcomingInvoice: await upcomingInvoiceOf(deps, callerOf(request), request.query.millId) }),
    });

    app.get('/payments/update/card/details', {
      config: { access: 'subscription.manage' },
      schema: {
        tags,
        summary: "The payment provider's page for changing the card",
        security: bearerAuth,
        querystring: millQuerySchema,
        response: { 200: redirectResponseSchema, ...errors },
      },
      handler: async (request) => cardPortal(deps, callerOf(request), request.query.millId),
    });

    app.get('/mill-addons', {
      config: { access: 'subscription.read' },
      schema: {
        tags,
        summary: "The mill's add-on",
        security: bearerAuth,
        querystring: millQuerySchema,
        response: { 200: millAddOnsResponseSchema, ...errors },
      },
      handler: async (request) => millAddOnsOf(deps, callerOf(request), request.query.millId),
    });

    app.post('/add-ons', {
      config: { access: 'subscription.manage' },
      schema: {
        tags,
        summary: 'Buy, change or drop the file-retention add-on',
        security: bearerAuth,
        body: addOnBodySchema,
        response: { 200: millAddOnsResponseSchema, ...errors },
      },
      handler: async (request) => setAddOn(deps, callerOf(request), request.body),
    });

    app.put('/mills/:millId/custom-contract', {
      config: { access: 'subscription.setCustom' },
      schema: {
        tags,
        summary: 'Offer the mill a custom plan, or withdraw it (manager)',
        security: bearerAuth,
        params: millParams,
        body: customContractBodySchema,
        response: { 200: subscriptionSchema, ...errors },
      },
      handler: async (request) => setCustomContract(deps, callerOf(request), request.params.millId, request.body.customContract),
    });

    await app.register(webhookRoute(deps));
  };
}

/** The provider's webhook: its signature covers the exact bytes, so this route keeps the body raw. */
function webhookRoute(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    app.post('/payments/webhook', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The payment provider's signed events (applied once each, through the job queue)",
        response: { 200: z.object({ received: z.literal(true) }), 400: errorResponseSchema },
      },
      handler: async (request) => {
        const signature = request.headers[deps.payments.signatureHeader];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await receiveWebhook(deps, body, typeof signature === 'string' ? signature : undefined);
        return { received: true as const };
      },
    });
  };
}
