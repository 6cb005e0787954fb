import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/usage';
import { usagePingBodySchema, usagePingResponseSchema } from '@casebridge/shared/schemas/usage';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf, claimsOf } from '../../lib/current-user.ts';
import { commonErrors, sendJson } from '../../lib/route-schemas.ts';
import { changeAllowedUsers, concurrentUseHistory, receivePing, usageView } from './usage.service.ts';

const tags = ['usage'];

/**
 * The device-facing ping of the desktop CAM software and the manager's concurrent-usage view
 * (spec manager-dealer §2 "concurrent usage view", §7 `GET /app/hdusers/data`). The view's routes
 * come from the contracts in packages/shared (ADR 0022).
 */
export function usageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/usage/pings', {
      config: { access: 'public' },
      // Every machine pings once a minute: two request lines per ping at the default level `info`
      // would be most of the log and a share of the CPU. Failures (5xx) are still logged.
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Report a machine running the desktop software (once a minute, and on start and stop)',
        description:
          'Sent by the desktop CAM software. Stored only when a mill registered the licence key with data collection enabled; ' +
          'otherwise, and for unknown keys, nothing is stored and the answer is the same 202.',
        body: usagePingBodySchema,
        response: { 202: usagePingResponseSchema, 400: commonErrors[400] },
      },
      handler: async (request, reply) => {
        await receivePing(deps, request.body);
        return reply.code(202).send({ received: true as const });
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
