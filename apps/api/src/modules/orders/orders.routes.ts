import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { labOrderListQuerySchema, orderSchema, personSchema, updateOrderBodySchema } from '@casebridge/shared/schemas/orders';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import * as contracts from '@casebridge/shared/contracts/orders';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf, claimsOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors, sendJson } from '../../lib/route-schemas.ts';
import {
  addComponent,
  createOrder,
  deleteOrder,
  orderList,
  orderListForSession,
  responsiblePersons,
  setResponsible,
  submitOrder,
} from './orders.service.ts';

const tags = ['orders'];
const orderListResponseSchema = listResponseSchema(orderSchema);

/** The list arrives serialized (and possibly cached): a JSON string goes out as it is. */

export function orderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // ---- The mill's workspace
    const list = fromContract(contracts.listMillOrders);
    app.route({
      ...list,
      config: { ...list.config, session: 'claims' },
      handler: async (request, reply) => {
        const q = request.query;
        const query = {
          start: q._start,
          limit: q._limit,
          sort: q._sort,
          status: q.status,
          client: q.client,
          responsible: q.responsible,
          search: q._q,
        };
        // The busiest call of the portal: its session is read in the list's own statement.
        return sendJson(reply, await orderListForSession(deps, claimsOf(request), request.params.millId, query));
      },
    });

    app.get('/mills/:millId/responsible-persons', {
      config: { access: 'orders.assign' },
      schema: {
        tags,
        summary: 'Who can be responsible for an order',
        security: bearerAuth,
        params: z.object({ millId: idSchema }),
        response: { 200: listResponseSchema(personSchema), ...commonErrors },
      },
      handler: async (request) => responsiblePersons(deps, callerOf(request), request.params.millId),
    });

    app.put('/mills/:millId/labs/:labId/projects/:id', {
      config: { access: 'order.process' },
      schema: {
        tags,
        summary: 'Hand an order to a mill user (or nobody)',
        security: bearerAuth,
        params: z.object({ millId: idSchema, labId: idSchema, id: idSchema }),
        body: updateOrderBodySchema,
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        const { millId, labId, id } = request.params;
        await setResponsible(deps, callerOf(request), { millId, labId, orderId: id }, request.body.responsibleId);
        return { ok: true as const, message: 'Order updated' };
      },
    });

    // ---- The lab's workspace
    app.get('/labs/projects', {
      config: { access: 'orders.list' },
      schema: {
        tags,
        summary: "The lab's orders with one mill",
        security: bearerAuth,
        querystring: labOrderListQuerySchema,
        response: { 200: orderListResponseSchema, ...commonErrors },
      },
      handler: async (request, reply) => {
        const q = request.query;
        const query = { start: q._start, limit: q._limit, sort: q._sort, status: q.status, search: q._q };
        return sendJson(reply, await orderList(deps, callerOf(request), q.millId, query));
      },
    });

    app.route({
      ...fromContract(contracts.createOrder),
      handler: async (request) => createOrder(deps, callerOf(request), request.body),
    });

    app.route({
      ...fromContract(contracts.addComponent),
      handler: async (request) => addComponent(deps, callerOf(request), request.params.id, request.body.name),
    });

    app.route({
      ...fromContract(contracts.submitOrder),
      handler: async (request) => {
        await submitOrder(deps, callerOf(request), request.params.id);
        return { ok: true as const, message: 'Order sent' };
      },
    });

    app.delete('/orders/:id', {
      config: { access: 'order.delete' },
      schema: {
        tags: ['order intake'],
        summary: 'The lab withdraws an order: its files are removed; a sent order stays listed as deleted, a draft goes',
        security: bearerAuth,
        params: z.object({ id: idSchema }),
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        const outcome = await deleteOrder(deps, callerOf(request), request.params.id);
        return { ok: true as const, message: outcome === 'deleted' ? 'Order deleted' : 'Unfinished order discarded' };
      },
    });
  };
}
