import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import {
  allowedUsersBodySchema,
  usageHistoryQuerySchema,
  usageHistorySchema,
  usagePingBodySchema,
  usagePingResponseSchema,
  usageViewQuerySchema,
  usageViewSchema,
} from '@casebridge/shared/schemas/usage';
import type { AppDeps } from '../../deps.ts';
import { callerOf, claimsOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors, sendJson } from '../../lib/route-schemas.ts';
import { changeAllowedUsers, concurrentUseHistory, receivePing, usageView } from './usage.service.ts';

const tags = ['usage'];

/**
 * The device-facing ping of the desktop CAM software and the manager's concurrent-usage view
 * (spec manager-dealer §2 "concurrent usage view", §7 `GET /app/hdusers/data`).
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

    app.get('/usage/licence-keys', {
      config: { access: 'usage.read', session: 'claims' },
      schema: {
        tags,
        summary: 'Concurrent use per licence key with its machines, and the overview (manager)',
        security: bearerAuth,
        querystring: usageViewQuerySchema,
        response: { 200: usageViewSchema, ...commonErrors },
      },
      handler: async (request, reply) =>
        sendJson(reply, await usageView(deps, claimsOf(request), { start: request.query._start, limit: request.query._limit })),
    });

    app.get('/usage/history', {
      config: { access: 'usage.read' },
      schema: {
        tags,
        summary: 'Concurrent use per hour, of one key or the whole platform (manager)',
        security: bearerAuth,
        querystring: usageHistoryQuerySchema,
        response: { 200: usageHistorySchema, ...commonErrors },
      },
      handler: async (request) => concurrentUseHistory(deps, callerOf(request), request.query),
    });

    app.put('/usage/licence-keys/:id/allowed-users', {
      config: { access: 'usage.manage' },
      schema: {
        tags,
        summary: 'Set how many machines may use a licence key at once (manager)',
        security: bearerAuth,
        params: z.object({ id: idSchema }),
        body: allowedUsersBodySchema,
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await changeAllowedUsers(deps, callerOf(request), request.params.id, request.body.allowedUsers);
        return { ok: true as const, message: 'Allowed users changed' };
      },
    });
  };
}
