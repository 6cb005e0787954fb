import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMessageBodySchema, messageListQuerySchema, messageSchema } from '@casebridge/shared/schemas/orders';
import { idSchema } from '@casebridge/shared/schemas/common';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { createMessage, listMessages } from './messages.service.ts';

const tags = ['messages'];

export function messageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/mills/:millId/messages', {
      config: { access: 'order.message' },
      schema: {
        tags,
        summary: 'Write on an order or one of its components',
        security: bearerAuth,
        params: z.object({ millId: idSchema }),
        body: createMessageBodySchema,
        response: { 200: messageSchema, ...commonErrors },
      },
      handler: async (request) => createMessage(deps, callerOf(request), request.params.millId, request.body),
    });

    app.get('/mills/:millId/messages', {
      config: { access: 'orders.list' },
      schema: {
        tags,
        summary: "Messages from the other side in this mill's orders",
        security: bearerAuth,
        params: z.object({ millId: idSchema }),
        querystring: messageListQuerySchema,
        response: { 200: listResponseSchema(messageSchema), ...commonErrors },
      },
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
