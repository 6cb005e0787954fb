import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/onboarding';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { onboardingOf } from './onboarding.service.ts';

export function onboardingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.millOnboarding),
      handler: async (request) => onboardingOf(deps, callerOf(request), request.params.id),
    });
  };
}
