import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markReadBodySchema, notificationsResponseSchema } from '@casebridge/shared/schemas/account';
import { messageResponseSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { listNotifications, markReadState } from './notifications.service.ts';

const tags = ['notifications'];

export function notificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/notifications', {
      config: { access: 'account.read' },
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first",
        security: bearerAuth,
        response: { 200: notificationsResponseSchema, ...commonErrors },
      },
      handler: async (request) => listNotifications(deps, callerOf(request)),
    });

    app.post('/notifications/markReadState', {
      config: { access: 'account.update' },
      schema: {
        tags,
        summary: 'Mark notifications read or unread',
        security: bearerAuth,
        body: markReadBodySchema,
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await markReadState(deps, callerOf(request), request.body.notificationIds, request.body.read);
        return { ok: true as const, message: 'Updated' };
      },
    });
  };
}
