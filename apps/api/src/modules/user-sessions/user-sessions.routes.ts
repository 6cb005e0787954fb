import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/user-sessions';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf, sessionIdOf } from '../../lib/current-user.ts';
import { endOtherSessions, endSession, listSessions, signOut } from './user-sessions.service.ts';

export function userSessionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.listSessions),
      handler: async (request) => listSessions(deps, callerOf(request), sessionIdOf(request)),
    });

    app.route({
      ...fromContract(contracts.endSession),
      handler: async (request) => {
        await endSession(deps, callerOf(request), request.params.sessionId);
        return { ok: true as const, message: 'Session ended' };
      },
    });

    app.route({
      ...fromContract(contracts.signOut),
      handler: async (request) => {
        await signOut(deps, callerOf(request), sessionIdOf(request));
        return { ok: true as const, message: 'Signed out' };
      },
    });

    app.route({
      ...fromContract(contracts.endOtherSessions),
      handler: async (request) => endOtherSessions(deps, callerOf(request), sessionIdOf(request)),
    });
  };
}
