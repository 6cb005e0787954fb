import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/clients';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { activationInstructions, getClient, listClients, removeClient, updateBlockStatus } from './clients.service.ts';

/** Method, path, schemas and access come from the contracts in packages/shared (ADR 0022). */
export function clientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.listClients),
      handler: async (request) => {
        const q = request.query;
        return listClients(deps, callerOf(request), request.params.millId, {
          start: q._start,
          limit: q._limit,
          sort: q._sort,
          search: q._q,
          status: q.status,
        });
      },
    });

    app.route({
      ...fromContract(contracts.getClient),
      handler: async (request) => getClient(deps, callerOf(request), request.params.millId, request.params.userId),
    });

    app.route({
      ...fromContract(contracts.activationInstructions),
      handler: async (request) => {
        const user = callerOf(request);
        return { message: await activationInstructions(deps, user, request.params.millId, request.params.userId) };
      },
    });

    app.route({
      ...fromContract(contracts.removeClient),
      handler: async (request) => {
        await removeClient(deps, callerOf(request), request.params.millId, request.params.userId);
        return { ok: true as const, message: 'Client deleted' };
      },
    });

    app.route({
      ...fromContract(contracts.setClientBlocked),
      handler: async (request) => {
        const user = callerOf(request);
        return updateBlockStatus(deps, user, request.params.millId, request.body.userId, request.body.blockedByMill);
      },
    });
  };
}
