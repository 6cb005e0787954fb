import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditListQuerySchema, auditListResponseSchema } from '@casebridge/shared/schemas/audit';
import { idSchema } from '@casebridge/shared/schemas/common';
import type { Action } from '../../access/rule-book.ts';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { exportAudit, listAudit, type AuditTarget } from './audit.service.ts';

const tags = ['audit'];

/** The four trails: the path names the tenant, the rule book decides who reads it (ADR 0019). */
const TRAILS: { path: string; access: Action; params: z.ZodObject; target: (params: Record<string, number>) => AuditTarget }[] = [
  {
    path: '/mills/:millId/audit',
    access: 'audit.readMill',
    params: z.object({ millId: idSchema }),
    target: (p) => ({ kind: 'mill', millId: p.millId! }),
  },
  {
    path: '/companies/:id/audit',
    access: 'audit.readLab',
    params: z.object({ id: idSchema }),
    target: (p) => ({ kind: 'lab', companyId: p.id! }),
  },
  {
    path: '/dealers/:dealerId/audit',
    access: 'audit.readDealer',
    params: z.object({ dealerId: idSchema }),
    target: (p) => ({ kind: 'dealer', dealerId: p.dealerId! }),
  },
  { path: '/audit', access: 'audit.readAll', params: z.object({}), target: () => ({ kind: 'all' }) },
];

/** The audit trail's read side: a page of entries, and the same filters as a CSV file. */
export function auditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const trail of TRAILS) {
      app.get(trail.path, {
        config: { access: trail.access },
        schema: {
          tags,
          summary: 'Audit entries, newest first (keyset paging: pass `next` as `before`)',
          security: bearerAuth,
          params: trail.params,
          querystring: auditListQuerySchema,
          response: { 200: auditListResponseSchema, ...commonErrors },
        },
        handler: async (request) =>
          listAudit(deps, callerOf(request), trail.target(request.params as Record<string, number>), request.query),
      });
      app.get(`${trail.path}/export`, {
        config: { access: trail.access },
        schema: {
          tags,
          summary: 'The filtered audit entries as CSV (at most 50,000)',
          security: bearerAuth,
          params: trail.params,
          querystring: auditListQuerySchema,
          response: { 200: z.string(), ...commonErrors },
        },
        handler: async (request, reply) => {
          const csv = await exportAudit(deps, callerOf(request), trail.target(request.params as Record<string, number>), request.query);
          return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit.csv"').send(csv);
        },
      });
    }
  };
}
