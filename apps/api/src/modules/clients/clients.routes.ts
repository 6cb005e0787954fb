import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockStatusBodySchema, blockStatusResponseSchema, clientListQuerySchema, clientSchema } from '@casebridge/shared/schemas/clients';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { activationInstructions, getClient, listClients, removeClient, updateBlockStatus } from './clients.service.ts';

const tags = ['clients'];
const millParams = z.object({ millId: idSchema });
const clientParams = z.object({ millId: idSchema, userId: idSchema });

export function clientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/mills/:millId/clients', {
      config: { access: 'clients.read' },
      schema: {
        tags,
        summary: "The mill's clients (labs)",
        security: bearerAuth,
        params: millParams,
        querystring: clientListQuerySchema,
        response: { 200: listResponseSchema(clientSchema), ...commonErrors },
      },
      handler: async (request) => {
        const q = request.query;
        const user = callerOf(request);
        return listClients(deps, user, request.params.millId, {
          start: q._start,
          limit: q._limit,
          sort: q._sort,
          search: q._q,
          status: q.status,
        });
      },
    });

    app.get('/mills/:millId/clients/:userId', {
      config: { access: 'clients.read' },
      schema: {
        tags,
        summary: 'One client of the mill',
        security: bearerAuth,
        params: clientParams,
        response: { 200: clientSchema, ...commonErrors },
      },
      handler: async (request) => getClient(deps, callerOf(request), request.params.millId, request.params.userId),
    });

    app.get('/mills/:millId/clients/activation-instructions/:userId', {
      config: { access: 'clients.read' },
      schema: {
        tags,
        summary: 'Instructions the mill can pass on to an invited lab',
        security: bearerAuth,
        params: clientParams,
        response: { 200: z.object({ message: z.string() }), ...commonErrors },
      },
      handler: async (request) => {
        const user = callerOf(request);
        return { message: await activationInstructions(deps, user, request.params.millId, request.params.userId) };
      },
    });

    app.delete('/mills/:millId/clients/:userId', {
      config: { access: 'clients.manage' },
      schema: {
        tags,
        summary: 'Stop working with a client (its orders stay)',
        security: bearerAuth,
        params: clientParams,
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await removeClient(deps, callerOf(request), request.params.millId, request.params.userId);
        return { ok: true as const, message: 'Client deleted' };
      },
    });

    app.post('/mill/:millId/updateLabBlockStatus', {
      config: { access: 'clients.manage' },
      schema: {
        tags,
        summary: 'Block or unblock a confirmed client',
        security: bearerAuth,
        params: millParams,
        body: blockStatusBodySchema,
        response: { 200: blockStatusResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        const user = callerOf(request);
        return updateBlockStatus(deps, user, request.params.millId, request.body.userId, request.body.blockedByMill);
      },
    });
  };
}
