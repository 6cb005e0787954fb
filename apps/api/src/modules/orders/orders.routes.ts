import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/orders';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf, claimsOf } from '../../lib/current-user.ts';
import { sendJson } from '../../lib/route-schemas.ts';
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

/** The lists arrive serialized (and possibly cached): sendJson sends the JSON string as it is. */
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

    app.route({
      ...fromContract(contracts.listResponsiblePersons),
      handler: async (request) => responsiblePersons(deps, callerOf(request), request.params.millId),
    });

    app.route({
      ...fromContract(contracts.setResponsible),
      handler: async (request) => {
        const { millId, labId, id } = request.params;
        await setResponsible(deps, callerOf(request), { millId, labId, orderId: id }, request.body.responsibleId);
        return { ok: true as const, message: 'Order updated' };
      },
    });

    // ---- The lab's workspace
    app.route({
      ...fromContract(contracts.listLabOrders),
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

    app.route({
      ...fromContract(contracts.deleteOrder),
      handler: async (request) => {
        const outcome = await deleteOrder(deps, callerOf(request), request.params.id);
        return { ok: true as const, message: outcome === 'deleted' ? 'Order deleted' : 'Unfinished order discarded' };
      },
    });
  };
}
