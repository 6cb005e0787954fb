import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/notifications';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { listNotifications, markReadState } from './notifications.service.ts';

/** Method, path, schemas and access come from the contracts in packages/shared (ADR 0022). */
export function notificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.listNotifications),
      handler: async (request) => listNotifications(deps, callerOf(request)),
    });

    app.route({
      ...fromContract(contracts.markReadState),
      handler: async (request) => {
        await markReadState(deps, callerOf(request), request.body.notificationIds, request.body.read);
        return { ok: true as const, message: 'Updated' };
      },
    });
  };
}
