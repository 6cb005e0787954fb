import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/dealer-customers';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { sendJson } from '../../lib/route-schemas.ts';
import { createCustomer, customerIdExists, listCustomers, readCustomer, updateCustomer } from './dealer-customers.service.ts';

/** Customers of the reseller network (spec §7 Customers); method, path, schemas and access come from the contracts (ADR 0022). */
export function dealerCustomerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.listCustomers),
      handler: async (request, reply) => {
        const q = request.query;
        // The page comes serialized (and checked) from the versioned cache.
        const body = await listCustomers(deps, callerOf(request), {
          start: q._start,
          limit: q._limit,
          sort: q._sort,
          search: q._q,
          dealerId: q.dealerId,
          showSubDealerCustomers: q.showSubDealerCustomers,
        });
        return sendJson(reply, body);
      },
    });

    app.route({
      ...fromContract(contracts.customerIdUnique),
      handler: async (request) => ({
        customerExists: await customerIdExists(deps, callerOf(request), request.params.customerId),
      }),
    });

    app.route({
      ...fromContract(contracts.createCustomer),
      handler: async (request) => createCustomer(deps, callerOf(request), request.body),
    });

    app.route({
      ...fromContract(contracts.getCustomer),
      handler: async (request) => readCustomer(deps, callerOf(request), request.params.id),
    });

    app.route({
      ...fromContract(contracts.updateCustomer),
      handler: async (request) => updateCustomer(deps, callerOf(request), request.params.id, request.body),
    });
  };
}
