import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contracts from '@casebridge/shared/contracts/subscriptions';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { errorResponseSchema } from '../../lib/route-schemas.ts';
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

/** Spec §7's payment calls: method, path, schemas and access from their contracts (ADR 0022). */
export function subscriptionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.getSubscription),
      handler: async (request) => subscriptionOf(deps, callerOf(request), request.params.millId),
    });

    app.route({
      ...fromContract(contracts.getUsage),
      handler: async (request) => ({ data: await usageOf(deps, callerOf(request), request.params.millId) }),
    });

    app.route({
      ...fromContract(contracts.startCheckout),
      handler: async (request) => startCheckout(deps, callerOf(request), request.body),
    });

    app.route({
      ...fromContract(contracts.confirmCheckout),
      handler: async (request) => confirmCheckout(deps, callerOf(request), request.body.sessionId),
    });

    app.route({
      ...fromContract(contracts.changePlan),
      handler: async (request) => changePlan(deps, callerOf(request), request.body),
    });

    app.route({
      ...fromContract(contracts.unsubscribe),
      handler: async (request) => cancelAtPeriodEnd(deps, callerOf(request), request.query.millId),
    });

    app.route({
      ...fromContract(contracts.resubscribe),
      handler: async (request) => resume(deps, callerOf(request), request.body.millId),
    });

    app.route({
      ...fromContract(contracts.getUpcomingInvoice),
      handler: async (request) => ({ upcomingInvoice: await upcomingInvoiceOf(deps, callerOf(request), request.query.millId) }),
    });

    app.route({
      ...fromContract(contracts.cardPortal),
      handler: async (request) => cardPortal(deps, callerOf(request), request.query.millId),
    });

    app.route({
      ...fromContract(contracts.getMillAddOns),
      handler: async (request) => millAddOnsOf(deps, callerOf(request), request.query.millId),
    });

    app.route({
      ...fromContract(contracts.setAddOn),
      handler: async (request) => setAddOn(deps, callerOf(request), request.body),
    });

    app.route({
      ...fromContract(contracts.setCustomContract),
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
