import * as contracts from '@casebridge/shared/contracts/audit';
import type { AuditListQuery } from '@casebridge/shared/schemas/audit';
import { callEndpoint } from '../../../lib/api-call.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** Whose trail a page reads: the rule book decides who may (ADR 0019). */
export type AuditTrailOf =
  { kind: 'mill'; millId: number } | { kind: 'lab'; companyId: number } | { kind: 'dealer'; dealerId: number } | { kind: 'all' };

export type AuditQuery = Partial<Omit<AuditListQuery, 'locale'>>;

/** A page of the trail, newest first; `next` continues after its last entry. */
export function auditPageQuery(of: AuditTrailOf, query: AuditQuery) {
  switch (of.kind) {
    case 'mill':
      return endpointQuery(contracts.millAudit, { params: { millId: of.millId }, query });
    case 'lab':
      return endpointQuery(contracts.labAudit, { params: { id: of.companyId }, query });
    case 'dealer':
      return endpointQuery(contracts.dealerAudit, { params: { dealerId: of.dealerId }, query });
    case 'all':
      return endpointQuery(contracts.platformAudit, { query });
  }
}

/** The whole filtered trail as CSV text (the server caps it at 50,000 entries). */
export function fetchAuditCsv(of: AuditTrailOf, query: AuditQuery): Promise<string> {
  switch (of.kind) {
    case 'mill':
      return callEndpoint(contracts.millAuditExport, { params: { millId: of.millId }, query });
    case 'lab':
      return callEndpoint(contracts.labAuditExport, { params: { id: of.companyId }, query });
    case 'dealer':
      return callEndpoint(contracts.dealerAuditExport, { params: { dealerId: of.dealerId }, query });
    case 'all':
      return callEndpoint(contracts.platformAuditExport, { query });
  }
}
