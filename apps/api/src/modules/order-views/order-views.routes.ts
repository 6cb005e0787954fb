import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/orders';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { componentDetail, labDrafts, updateComponent } from './order-views.service.ts';

export function orderViewRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // ---- Both sides
    app.route({
      ...fromContract(contracts.getComponent),
      handler: async (request) => componentDetail(deps, callerOf(request), request.params.projectId, request.params.id),
    });

    app.route({
      ...fromContract(contracts.updateComponent),
      handler: async (request) => updateComponent(deps, callerOf(request), request.params.projectId, request.params.id, request.body),
    });

    // ---- The lab's unsubmitted orders, to continue sending one (ADR 0003)
    app.route({
      ...fromContract(contracts.listLabDrafts),
      handler: async (request) => labDrafts(deps, callerOf(request), request.query.millId, request.query._limit),
    });
  };
}
