import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@casebridge/shared/schemas/common';
import {
  customerUniqueParamsSchema,
  customerUniqueResponseSchema,
  dealerCustomerBodySchema,
  dealerCustomerListQuerySchema,
  dealerCustomerSchema,
} from '@casebridge/shared/schemas/dealers';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors, sendJson } from '../../lib/route-schemas.ts';
import { createCustomer, customerIdExists, listCustomers, readCustomer, updateCustomer } from './dealer-customers.service.ts';

const tags = ['dealer customers'];
const params = z.object({ id: idSchema });

/** Customers of the reseller network (spec §7 Customers). */
export function dealerCustomerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dealer-customers', {
      config: { access: 'customers.list' },
      schema: {
        tags,
        summary: "A dealer's customers (with its sub-dealers' unless showSubDealerCustomers=false), searchable and paged",
        security: bearerAuth,
        querystring: dealerCustomerListQuerySchema,
        response: { 200: listResponseSchema(dealerCustomerSchema), ...commonErrors },
      },
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

    app.get('/dealer-customers/is-unique/:customerId', {
      config: { access: 'customers.list' },
      schema: {
        tags,
        summary: 'Whether a customer id is taken',
        security: bearerAuth,
        params: customerUniqueParamsSchema,
        response: { 200: customerUniqueResponseSchema, ...commonErrors },
      },
      handler: async (request) => ({
        customerExists: await customerIdExists(deps, callerOf(request), request.params.customerId),
      }),
    });

    app.post('/dealer-customers', {
      config: { access: 'customers.create' },
      schema: {
        tags,
        summary: 'Add a customer',
        security: bearerAuth,
        body: dealerCustomerBodySchema,
        response: { 200: dealerCustomerSchema, ...commonErrors },
      },
      handler: async (request) => createCustomer(deps, callerOf(request), request.body),
    });

    app.get('/dealer-customers/:id', {
      config: { access: 'customers.read' },
      schema: { tags, summary: 'One customer', security: bearerAuth, params, response: { 200: dealerCustomerSchema, ...commonErrors } },
      handler: async (request) => readCustomer(deps, callerOf(request), request.params.id),
    });

    app.put('/dealer-customers/:id', {
      config: { access: 'customers.update' },
      schema: {
        tags,
        summary: 'Change a customer',
        security: bearerAuth,
        params,
        body: dealerCustomerBodySchema,
        response: { 200: dealerCustomerSchema, ...commonErrors },
      },
      handler: async (request) => updateCustomer(deps, callerOf(request), request.params.id, request.body),
    });
  };
}
