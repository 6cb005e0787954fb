import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { labSchema, shippingBodySchema } from '@casebridge/shared/schemas/mill-admin';
import { idSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { readLab, readLabOfCompany, updateLabShipping } from './companies.service.ts';

const tags = ['companies'];
const params = z.object({ id: idSchema });

export function companyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/labs/:id', {
      config: { access: 'company.read' },
      schema: {
        tags,
        summary: 'A lab with its shipping address',
        security: bearerAuth,
        params,
        response: { 200: labSchema, ...commonErrors },
      },
      handler: async (request) => readLab(deps, callerOf(request), request.params.id),
    });

    app.get('/labs/companies/:id', {
      config: { access: 'company.read' },
      schema: { tags, summary: 'The lab of a company', security: bearerAuth, params, response: { 200: labSchema, ...commonErrors } },
      handler: async (request) => readLabOfCompany(deps, callerOf(request), request.params.id),
    });

    app.put('/labs/:id', {
      config: { access: 'company.update' },
      schema: {
        tags,
        summary: "Update the own lab's shipping address",
        security: bearerAuth,
        params,
        body: shippingBodySchema,
        response: { 200: labSchema, ...commonErrors },
      },
      handler: async (request) => updateLabShipping(deps, callerOf(request), request.params.id, request.body),
    });
  };
}
