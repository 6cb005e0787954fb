import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/dealer-users';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { mailLanguage } from '../../lib/request-language.ts';
import { addDealerUser, listDealerUsers, updateDealerUser } from './dealer-users.service.ts';

/** Dealer users (spec §7 Settings and users); method, path, schemas and access come from the contracts (ADR 0022). */
export function dealerUserRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.listDealerUsers),
      handler: async (request) => {
        const q = request.query;
        return listDealerUsers(deps, callerOf(request), {
          start: q._start,
          limit: q._limit,
          sort: q._sort,
          search: q._q,
          dealerId: q.dealerId,
        });
      },
    });

    app.route({
      ...fromContract(contracts.addDealerUser),
      handler: async (request) => addDealerUser(deps, callerOf(request), request.body, mailLanguage(request, null)),
    });

    app.route({
      ...fromContract(contracts.updateDealerUser),
      handler: async (request) => updateDealerUser(deps, callerOf(request), request.params.id, request.body, mailLanguage(request, null)),
    });
  };
}
