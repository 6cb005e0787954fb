import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/mill-users';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { mailLanguage } from '../../lib/request-language.ts';
import { addMillUser, listMillUsers, removeMillUser, updateMillUser } from './mill-users.service.ts';

/** The mill's staff. Method, path, schemas and access come from the contracts in packages/shared (ADR 0022). */
export function millUserRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.listMillUsers),
      handler: async (request) => {
        const q = request.query;
        return listMillUsers(deps, callerOf(request), request.params.millId, {
          start: q._start,
          limit: q._limit,
          sort: q._sort,
          search: q._q,
          millRole: q.millRole,
        });
      },
    });

    app.route({
      ...fromContract(contracts.addMillUser),
      handler: async (request) => addMillUser(deps, callerOf(request), request.params.millId, request.body, mailLanguage(request, null)),
    });

    app.route({
      ...fromContract(contracts.updateMillUser),
      handler: async (request) => {
        const user = callerOf(request);
        return updateMillUser(deps, user, request.params.millId, request.params.id, request.body, mailLanguage(request, null));
      },
    });

    app.route({
      ...fromContract(contracts.removeMillUser),
      handler: async (request) => {
        await removeMillUser(deps, callerOf(request), request.params.millId, request.params.id);
        return { ok: true as const, message: 'User deleted' };
      },
    });
  };
}
