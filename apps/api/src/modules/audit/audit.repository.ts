import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditListQuery } from '@casebridge/shared/schemas/audit';
import type { Db } from '../../db/client.ts';
import { auditEntries } from '../../db/schema/audit.ts';

export type AuditRow = typeof auditEntries.$inferSelect;

/** Whose entries a list holds: a mill's, a lab's, a dealer subtree's, or all. */
export type AuditScope = { kind: 'mill' | 'lab'; id: number } | { kind: 'dealers'; ids: number[] } | { kind: 'all' };

function scopeCondition(scope: AuditScope): SQL | undefined {
  switch (scope.kind) {
    case 'mill':
      return eq(auditEntries.millId, scope.id);
    case 'lab':
      return eq(auditEntries.labId, scope.id);
    case 'dealers':
      return inArray(auditEntries.dealerId, scope.ids.length ? scope.ids : [0]);
    case 'all':
      return undefined;
  }
}

/** The cursor `atMs-id` of the last entry of a page. */
export const cursorOf = (row: AuditRow): string => `${row.at.getTime()}-${row.id}`;

/**
 * One page, newest first. Every filter and the cursor match the leading columns of one of the
 * indexes of migration 0032 (scope, then the filter, then `at desc, id desc`), so a page of a
 * mill with a million entries reads about one page of index.
 */
export async function auditPage(db: Db, scope: AuditScope, q: Omit<AuditListQuery, 'locale'>): Promise<AuditRow[]> {
  const [atMs, id] = q.before ? q.before.split('-').map(Number) : [];
  const conditions = [
    scopeCondition(scope),
    q.from ? gte(auditEntries.at, new Date(q.from)) : undefined,
    q.to ? lt(auditEntries.at, new Date(q.to)) : undefined,
    q.actorId ? eq(auditEntries.actorUserId, q.actorId) : undefined,
    q.action ? eq(auditEntries.action, q.action) : undefined,
    q.objectKind ? eq(auditEntries.objectKind, q.objectKind) : undefined,
    q.objectId ? eq(auditEntries.objectId, q.objectId) : undefined,
    atMs !== undefined && id !== undefined
      ? sql`(${auditEntries.at}, ${auditEntries.id}) < (${new Date(atMs).toISOString()}::timestamptz, ${id})`
      : undefined,
  ];
  return db
    .select()
    .from(auditEntries)
    .where(and(...conditions))
    .orderBy(sql`${auditEntries.at} desc nulls last, ${auditEntries.id} desc nulls last`)
    .limit(q._limit);
}
