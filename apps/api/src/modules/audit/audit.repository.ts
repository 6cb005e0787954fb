import { and, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditListQuery } from '@casebridge/shared/schemas/audit';
import type { Db } from '../../db/client.ts';
import { auditEntries } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';

export type AuditRow = typeof auditEntries.$inferSelect;

/** An entry with its actor's account as it is now (null when the entry has none). */
export type AuditPageRow = AuditRow & { actorFirstName: string | null; actorLastName: string | null; actorDeletedAt: Date | null };

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
 * mill with a million entries reads about one page of index. The actor's name comes in the same
 * round trip (a list is read at the rate of a busy screen: one query fewer is a quarter of its cost).
 */
export async function auditPage(db: Db, scope: AuditScope, q: Omit<AuditListQuery, 'locale'>): Promise<AuditPageRow[]> {
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
    .select({
      ...getTableColumns(auditEntries),
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorDeletedAt: users.deletedAt,
    })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.actorUserId))
    .where(and(...conditions))
    .orderBy(sql`${auditEntries.at} desc nulls last, ${auditEntries.id} desc nulls last`)
    .limit(q._limit);
}
