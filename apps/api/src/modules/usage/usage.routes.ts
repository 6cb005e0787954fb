import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/usage';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf, claimsOf } from '../../lib/current-user.ts';
import { sendJson } from '../../lib/route-schemas.ts';
import { changeAllowedUsers, concurrentUseHistory, receivePing, usageView } from './usage.service.ts';

/**
 * The device-facing ping of the desktop CAM software and the manager's concurrent-usage view
 * (spec manager-dealer §2 "concurrent usage view", §7 `GET /app/hdusers/data`). All routes
 * come from the contracts in packages/shared (ADR 0022); the ping's 202 too.
 */
export function usageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.receiveUsagePing),
      // Every machine pings once a minute: two request lines per ping at the default level `info`
      // would be most of the log and a share of the CPU. Failures (5xx) are still logged.
      logLevel: 'warn',
      handler: async (request) => {
        await receivePing(deps, request.body);
        return { received: true as const };
      },
    });

    const view = fromContract(contracts.usageView);
    app.route({
      ...view,
      config: { ...view.config, session: 'claims' },
      handler: async (request, reply) =>
        sendJson(reply, await usageView(deps, claimsOf(request), { start: request.query._start, limit: request.query._limit })),
    });

    app.route({
      ...fromContract(contracts.usageHistory),
      handler: async (request) => concurrentUseHistory(deps, callerOf(request), request.query),
    });

    app.route({
      ...fromContract(contracts.setAllowedUsers),
      handler: async (request) => {
        await changeAllowedUsers(deps, callerOf(request), request.params.id, request.body.allowedUsers);
        return { ok: true as const, message: 'Allowed users changed' };
      },
    });
  };
}
