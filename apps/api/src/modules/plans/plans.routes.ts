import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/plans';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { addOnCatalogue, changePlan, contractTypes } from './plans.service.ts';

/** The catalogue of plans and add-ons (spec §7 contract-types, add-ons), and the manager's price list; routes from their contracts (ADR 0022). */
export function planRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.listContractTypes),
      handler: async (request) => {
        callerOf(request);
        return contractTypes(deps);
      },
    });

    app.route({
      ...fromContract(contracts.listAddOns),
      handler: async (request) => {
        callerOf(request);
        return { data: await addOnCatalogue(deps) };
      },
    });

    app.route({
      ...fromContract(contracts.updateContractType),
      handler: async (request) => changePlan(deps, callerOf(request), request.params.id, request.body),
    });
  };
}
