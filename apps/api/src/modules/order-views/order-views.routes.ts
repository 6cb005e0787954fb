import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  componentDetailSchema,
  draftOrderSchema,
  labDraftsQuerySchema,
  updateComponentBodySchema,
} from '@casebridge/shared/schemas/orders';
import { idSchema } from '@casebridge/shared/schemas/common';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import * as contracts from '@casebridge/shared/contracts/orders';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { componentDetail, labDrafts, updateComponent } from './order-views.service.ts';

const tags = ['orders'];

export function orderViewRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // ---- Both sides
    app.route({
      ...fromContract(contracts.getComponent),
      handler: async (request) => componentDetail(deps, callerOf(request), request.params.projectId, request.params.id),
    });

    app.put('/projects/:projectId/components/:id', {
      config: { access: 'order.process' },
      schema: {
        tags,
        summary: 'Change status or comment (mill users)',
        security: bearerAuth,
        params: z.object({ projectId: idSchema, id: idSchema }),
        body: updateComponentBodySchema,
        response: { 200: componentDetailSchema, ...commonErrors },
      },
      handler: async (request) => updateComponent(deps, callerOf(request), request.params.projectId, request.params.id, request.body),
    });

    // ---- The lab's unsubmitted orders, to continue sending one (ADR 0003)
    app.get('/labs/drafts', {
      config: { access: 'orders.create' },
      schema: {
        tags: ['order intake'],
        summary: 'Orders I started with this mill and have not sent yet, with the documents that arrived',
        security: bearerAuth,
        querystring: labDraftsQuerySchema,
        response: { 200: listResponseSchema(draftOrderSchema), ...commonErrors },
      },
      handler: async (request) => labDrafts(deps, callerOf(request), request.query.millId, request.query._limit),
    });
  };
}
