import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentSession } from '@casebridge/shared/contracts/session';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readSession } from './session.service.ts';

/** Method, path, schemas and access come from the contract in packages/shared (ADR 0022). */
export function sessionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...fromContract(currentSession), handler: async (request) => readSession(deps, callerOf(request)) });
  };
}
