import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/audit';
import type { AuditListQuery } from '@casebridge/shared/schemas/audit';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { exportAudit, listAudit, type AuditTarget } from './audit.service.ts';

/**
 * The audit trail's read side: a page of entries, and the same filters as a CSV file. Method,
 * path, schemas and access come from the contracts in packages/shared (ADR 0022); the path names
 * the tenant, the rule book decides who reads it (ADR 0019).
 */
export function auditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const sendCsv = async (reply: FastifyReply, user: SessionUser, target: AuditTarget, query: AuditListQuery) => {
      const csv = await exportAudit(deps, user, target, query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit.csv"').send(csv);
    };

    app.route({
      ...fromContract(contracts.millAudit),
      handler: async (request) => listAudit(deps, callerOf(request), { kind: 'mill', millId: request.params.millId }, request.query),
    });
    app.route({
      ...fromContract(contracts.millAuditExport),
      handler: async (request, reply) => sendCsv(reply, callerOf(request), { kind: 'mill', millId: request.params.millId }, request.query),
    });

    app.route({
      ...fromContract(contracts.labAudit),
      handler: async (request) => listAudit(deps, callerOf(request), { kind: 'lab', companyId: request.params.id }, request.query),
    });
    app.route({
      ...fromContract(contracts.labAuditExport),
      handler: async (request, reply) => sendCsv(reply, callerOf(request), { kind: 'lab', companyId: request.params.id }, request.query),
    });

    app.route({
      ...fromContract(contracts.dealerAudit),
      handler: async (request) => listAudit(deps, callerOf(request), { kind: 'dealer', dealerId: request.params.dealerId }, request.query),
    });
    app.route({
      ...fromContract(contracts.dealerAuditExport),
      handler: async (request, reply) =>
        sendCsv(reply, callerOf(request), { kind: 'dealer', dealerId: request.params.dealerId }, request.query),
    });

    app.route({
      ...fromContract(contracts.platformAudit),
      handler: async (request) => listAudit(deps, callerOf(request), { kind: 'all' }, request.query),
    });
    app.route({
      ...fromContract(contracts.platformAuditExport),
      handler: async (request, reply) => sendCsv(reply, callerOf(request), { kind: 'all' }, request.query),
    });
  };
}
