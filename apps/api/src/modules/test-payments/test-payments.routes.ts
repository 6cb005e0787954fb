import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/test-payments';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { abandonCheckout, describeCheckout, payCheckout, replaceCard } from './test-payments.service.ts';

/**
 * Registered only while the built-in test provider is the payment provider (no STRIPE_SECRET_KEY);
 * method, path, schemas and access come from contracts/test-payments.ts (ADR 0022).
 */
export function testPaymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.describeTestCheckout),
      handler: async (request) => describeCheckout(deps, request.params.id),
    });

    app.route({
      ...fromContract(contracts.payTestCheckout),
      handler: async (request) => payCheckout(deps, request.params.id, request.body),
    });

    app.route({
      ...fromContract(contracts.abandonTestCheckout),
      handler: async (request) => abandonCheckout(deps, request.params.id),
    });

    app.route({
      ...fromContract(contracts.replaceTestCard),
      handler: async (request) => replaceCard(deps, request.params.id, request.body),
    });
  };
}
