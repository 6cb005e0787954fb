import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addOnSchema,
  contractTypeSchema,
  contractTypesResponseSchema,
  PLAN_KEYS,
  planUpdateBodySchema,
} from '@casebridge/shared/schemas/billing';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { addOnCatalogue, changePlan, contractTypes } from './plans.service.ts';

const tags = ['plans'];

/** The catalogue of plans and add-ons (spec §7 contract-types, add-ons), and the manager's price list. */
export function planRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/contract-types', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The plans with their prices and limits, and the running promotions',
        security: bearerAuth,
        response: { 200: contractTypesResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        callerOf(request);
        return contractTypes(deps);
      },
    });

    app.get('/add-ons', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The file-retention add-ons with their monthly prices',
        security: bearerAuth,
        response: { 200: z.object({ data: z.array(addOnSchema) }), ...commonErrors },
      },
      handler: async (request) => {
        callerOf(request);
        return { data: await addOnCatalogue(deps) };
      },
    });

    app.put('/contract-types/:id', {
      config: { access: 'plans.manage' },
      schema: {
        tags,
        summary: "Change a plan's price and limits (manager); they apply at once",
        security: bearerAuth,
        params: z.object({ id: z.enum(PLAN_KEYS) }),
        body: planUpdateBodySchema,
        response: { 200: contractTypeSchema, ...commonErrors },
      },
      handler: async (request) => changePlan(deps, callerOf(request), request.params.id, request.body),
    });
  };
}
