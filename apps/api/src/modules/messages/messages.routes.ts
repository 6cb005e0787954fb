import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { createMessage, listMessages } from './messages.service.ts';

/** Method, path, schemas and access come from the contracts in packages/shared (ADR 0022). */
export function messageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.createMessage),
      handler: async (request) => createMessage(deps, callerOf(request), request.params.millId, request.body),
    });

    app.route({
      ...fromContract(contracts.listMessages),
      handler: async (request) => {
        const q = request.query;
        return listMessages(deps, callerOf(request), request.params.millId, {
          start: q._start,
          limit: q._limit,
          read: q.read,
          client: q.client,
        });
      },
    });
  };
}
