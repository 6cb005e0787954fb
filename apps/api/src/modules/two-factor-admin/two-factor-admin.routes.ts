import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/two-factor-admin';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import {
  readMillRequirement,
  readPlatformRequirement,
  resetDealerUserFactor,
  resetMillStaffFactor,
  setMillRequirement,
  setPlatformRequirement,
} from './two-factor-admin.service.ts';

const resetDone = { ok: true as const, message: 'The second factor is reset: the user enrols again at the next sign-in.' };

/** Method, path, schemas and access come from the contracts in packages/shared (ADR 0022). */
export function twoFactorAdminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.readMillRequirement),
      handler: async (request) => readMillRequirement(deps, callerOf(request), request.params.millId),
    });

    app.route({
      ...fromContract(contracts.setMillRequirement),
      handler: async (request) => setMillRequirement(deps, callerOf(request), request.params.millId, request.body.required),
    });

    app.route({
      ...fromContract(contracts.readPlatformRequirement),
      handler: async (request) => readPlatformRequirement(deps, callerOf(request)),
    });

    app.route({
      ...fromContract(contracts.setPlatformRequirement),
      handler: async (request) => setPlatformRequirement(deps, callerOf(request), request.body.required),
    });

    app.route({
      ...fromContract(contracts.resetMillStaffFactor),
      handler: async (request) => {
        await resetMillStaffFactor(deps, callerOf(request), request.params.millId, request.params.id);
        return resetDone;
      },
    });

    app.route({
      ...fromContract(contracts.resetDealerUserFactor),
      handler: async (request) => {
        await resetDealerUserFactor(deps, callerOf(request), request.params.id);
        return resetDone;
      },
    });
  };
}
