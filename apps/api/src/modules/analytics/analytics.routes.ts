import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/analytics';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf, claimsOf } from '../../lib/current-user.ts';
import { sendJson } from '../../lib/route-schemas.ts';
import {
  activity,
  allMills,
  dailyOfMill,
  millsOverview,
  ordersOfMill,
  ordersPerDay,
  storagePerMill,
  userStats,
} from './analytics.service.ts';

/**
 * The view is cached serialized and reads the session in its stamp's statement, so the route
 * takes the verified token (`session: 'claims'`), not the user.
 */
function claimsRoute<const E extends Parameters<typeof fromContract>[0]>(endpoint: E) {
  const route = fromContract(endpoint);
  return { ...route, config: { ...route.config, session: 'claims' as const } };
}

/**
 * The manager's analytics (spec manager-dealer §2 manager area, §7 Analytics calls; issue 12):
 * method, path, schemas and access from their contracts (ADR 0022). The cached views arrive
 * serialized (analytics.service.ts) and go out as they are.
 */
export function analyticsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...claimsRoute(contracts.millsOverview),
      handler: async (request, reply) => {
        const { _start, _limit, ids } = request.query;
        return sendJson(reply, await millsOverview(deps, claimsOf(request), { start: _start, limit: _limit, ids }));
      },
    });

    app.route({ ...fromContract(contracts.millChoices), handler: async (request) => allMills(deps, callerOf(request)) });

    app.route({
      ...claimsRoute(contracts.millOrders),
      handler: async (request, reply) => {
        const { _start, _limit, ...filter } = request.query;
        return sendJson(
          reply,
          await ordersOfMill(deps, claimsOf(request), request.params.millId, { start: _start, limit: _limit, ...filter }),
        );
      },
    });

    app.route({
      ...fromContract(contracts.millDaily),
      handler: async (request) => dailyOfMill(deps, callerOf(request), request.params.millId, request.query),
    });

    app.route({
      ...claimsRoute(contracts.userStats),
      handler: async (request, reply) =>
        sendJson(reply, await userStats(deps, claimsOf(request), { start: request.query._start, limit: request.query._limit })),
    });

    app.route({
      ...claimsRoute(contracts.activity),
      handler: async (request, reply) => sendJson(reply, await activity(deps, claimsOf(request), request.query)),
    });

    app.route({
      ...claimsRoute(contracts.ordersPerDay),
      handler: async (request, reply) => sendJson(reply, await ordersPerDay(deps, claimsOf(request), request.query)),
    });

    app.route({
      ...claimsRoute(contracts.storagePerMill),
      handler: async (request, reply) => sendJson(reply, await storagePerMill(deps, claimsOf(request), { top: request.query.top })),
    });
  };
}
