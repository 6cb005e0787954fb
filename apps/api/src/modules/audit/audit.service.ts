import type { AuditEntryDto, AuditListQuery } from '@casebridge/shared/schemas/audit';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { labOfCompany } from '../companies/companies.queries.ts';
import { subtreeDealerIds } from '../dealers/dealers.queries.ts';
import { auditPage, cursorOf, type AuditPageRow, type AuditScope } from './audit.repository.ts';

/** Which trail a route reads: the tenant in its path, or (`all`) none. */
export type AuditTarget =
  { kind: 'mill'; millId: number } | { kind: 'lab'; companyId: number } | { kind: 'dealer'; dealerId: number } | { kind: 'all' };

/** The rule book decides who reads which trail (ADR 0019); answers the entries' scope. */
async function scopeOf(deps: AppDeps, user: SessionUser, target: AuditTarget): Promise<AuditScope> {
  switch (target.kind) {
    case 'mill':
      await authorize(deps.db, user, 'audit.readMill', { millId: target.millId });
      return { kind: 'mill', id: target.millId };
    case 'lab': {
      await authorize(deps.db, user, 'audit.readLab', { companyId: target.companyId });
      const lab = await labOfCompany(deps.db, target.companyId);
      if (!lab) throw AppError.notFound('Company');
      return { kind: 'lab', id: lab.id };
    }
    case 'dealer':
      await authorize(deps.db, user, 'audit.readDealer', { dealerId: target.dealerId });
      return { kind: 'dealers', ids: await subtreeDealerIds(deps.db, target.dealerId) };
    case 'all':
      await authorize(deps.db, user, 'audit.readAll', {});
      return { kind: 'all' };
  }
}

/**
 * The actor as their account is now (the entries keep only the id: ADR 0019). A deleted account's
 * row holds a pseudonym, not a name, so it is marked deleted instead.
 */
function actorOf(row: AuditPageRow): { name: string | null; deleted: boolean } {
  if (row.actorDeletedAt) return { name: null, deleted: true };
  return { name: `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim() || null, deleted: false };
}

function toDto(row: AuditPageRow): AuditEntryDto {
  const tenant = row.actorTenantKind ? { kind: row.actorTenantKind, id: row.actorTenantId } : null;
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { userId: row.actorUserId, ...actorOf(row), tenant, ip: row.ip },
    action: row.action,
    object: { kind: row.objectKind, id: row.objectId },
    before: row.before,
    after: row.after,
    sealed: row.seq !== null,
  };
}

/** A page of a trail, newest first; `next` continues after its last entry. */
export async function listAudit(deps: AppDeps, user: SessionUser, target: AuditTarget, query: AuditListQuery) {
  const scope = await scopeOf(deps, user, target);
  const rows = await auditPage(deps.db, scope, { ...query, _limit: query._limit + 1 });
  const page = rows.slice(0, query._limit);
  return { data: page.map(toDto), next: rows.length > query._limit ? cursorOf(page.at(-1)!) : null };
}

/** The most an export holds; narrower filters export the rest. */
export const EXPORT_LIMIT = 50_000;
const EXPORT_PAGE = 1_000;
const COLUMNS = ['id', 'at', 'actorUserId', 'actorTenant', 'ip', 'action', 'objectKind', 'objectId', 'before', 'after'];

/** A cell as spreadsheets read it; a leading = + - @ is quoted away so a cell cannot become a formula. */
function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The filtered trail as CSV, newest first, up to EXPORT_LIMIT entries. */
export async function exportAudit(deps: AppDeps, user: SessionUser, target: AuditTarget, query: AuditListQuery): Promise<string> {
  const scope = await scopeOf(deps, user, target);
  const lines = [COLUMNS.join(',')];
  let before = query.before;
  while (lines.length <= EXPORT_LIMIT) {
    const rows = await auditPage(deps.db, scope, { ...query, before, _limit: EXPORT_PAGE });
    for (const r of rows) {
      const tenant = r.actorTenantKind ? `${r.actorTenantKind}:${r.actorTenantId ?? ''}` : '';
      const cells = [r.id, r.at.toISOString(), r.actorUserId, tenant, r.ip, r.action, r.objectKind, r.objectId, r.before, r.after];
      lines.push(cells.map(csvCell).join(','));
    }
    if (rows.length < EXPORT_PAGE) break;
    before = cursorOf(rows.at(-1)!);
  }
  return `${lines.slice(0, EXPORT_LIMIT + 1).join('\n')}\n`;
}
