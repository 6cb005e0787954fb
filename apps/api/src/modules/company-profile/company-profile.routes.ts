import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/company-profile';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readImageForm } from '../../lib/multipart-form.ts';
import { readCompany, readOwnCompany, updateOwnCompany } from './company-profile.service.ts';

/** Method, path, schemas and access come from the contracts in packages/shared (ADR 0022). */
export function companyProfileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.getCompany),
      handler: async (request) => readCompany(deps, callerOf(request), request.params.id),
    });

    app.route({
      ...fromContract(contracts.updateCompany),
      handler: async (request) => {
        const readForm = () => readImageForm(request, deps.storage, 'logo', 'logos', deps.config.maxImageBytes);
        return updateOwnCompany(deps, callerOf(request), request.params.id, readForm);
      },
    });

    app.route({
      ...fromContract(contracts.getOwnCompany),
      handler: async (request) => readOwnCompany(deps, callerOf(request)),
    });

    app.route({
      ...fromContract(contracts.updateOwnCompany),
      handler: async (request) => {
        const user = callerOf(request);
        const readForm = () => readImageForm(request, deps.storage, 'logo', 'logos', deps.config.maxImageBytes);
        return updateOwnCompany(deps, user, user.companyId, readForm);
      },
    });
  };
}
