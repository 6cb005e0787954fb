import { z } from 'zod';
import { auditListQuerySchema, auditListResponseSchema } from '../schemas/audit.ts';
import { idSchema } from '../schemas/common.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/**
 * The audit trail's read side (issue 28, ADR 0019): four trails, one per tenant the path names,
 * each a page of entries and the same filters as CSV. The rule book decides who reads which.
 */
const tags = ['audit'] as const;
const listSummary = 'Audit entries, newest first (keyset paging: pass `next` as `before`)';
const exportSummary = 'The filtered audit entries as CSV (at most 50,000)';
const millParams = z.object({ millId: idSchema });
const companyParams = z.object({ id: idSchema });
const dealerParams = z.object({ dealerId: idSchema });

const list = { method: 'GET', summary: listSummary, tags, query: auditListQuerySchema } as const;
const csv = { method: 'GET', summary: exportSummary, tags, query: auditListQuerySchema } as const;
const listResponses = { 200: auditListResponseSchema, ...commonRefusals } as const;
const csvResponses = { 200: z.string(), ...commonRefusals } as const;

export const millAudit = defineEndpoint({
  ...list,
  path: '/mills/:millId/audit',
  access: 'audit.readMill',
  params: millParams,
  responses: listResponses,
});
export const millAuditExport = defineEndpoint({
  ...csv,
  path: '/mills/:millId/audit/export',
  access: 'audit.readMill',
  params: millParams,
  responses: csvResponses,
});

export const labAudit = defineEndpoint({
  ...list,
  path: '/companies/:id/audit',
  access: 'audit.readLab',
  params: companyParams,
  responses: listResponses,
});
export const labAuditExport = defineEndpoint({
  ...csv,
  path: '/companies/:id/audit/export',
  access: 'audit.readLab',
  params: companyParams,
  responses: csvResponses,
});

export const dealerAudit = defineEndpoint({
  ...list,
  path: '/dealers/:dealerId/audit',
  access: 'audit.readDealer',
  params: dealerParams,
  responses: listResponses,
});
export const dealerAuditExport = defineEndpoint({
  ...csv,
  path: '/dealers/:dealerId/audit/export',
  access: 'audit.readDealer',
  params: dealerParams,
  responses: csvResponses,
});

export const platformAudit = defineEndpoint({ ...list, path: '/audit', access: 'audit.readAll', responses: listResponses });
export const platformAuditExport = defineEndpoint({ ...csv, path: '/audit/export', access: 'audit.readAll', responses: csvResponses });
