import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/companies';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readLab, readLabOfCompany, updateLabShipping } from './companies.service.ts';

/** Method, path, schemas and access come from the contracts in packages/shared (ADR 0022). */
export function companyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.getLab),
      handler: async (request) => readLab(deps, callerOf(request), request.params.id),
    });

    app.route({
      ...fromContract(contracts.getLabOfCompany),
      handler: async (request) => readLabOfCompany(deps, callerOf(request), request.params.id),
    });

    app.route({
      ...fromContract(contracts.updateLabShipping),
      handler: async (request) => updateLabShipping(deps, callerOf(request), request.params.id, request.body),
    });
  };
}
