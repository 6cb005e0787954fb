import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditAnchor, auditEntries } from '../../db/schema/audit.ts';

/**
 * The audit trail's tables (db/schema/audit.ts): every read and write of `audit_entries` and
 * `audit_anchor` by the platform's append, seal, verify and prune (ADR 0019).
 */
export type AuditRow = typeof auditEntries.$inferSelect;
export type NewAuditRow = typeof auditEntries.$inferInsert;
export type AuditLink = { seq: number; hash: Buffer };
export type AuditAnchor = typeof auditAnchor.$inferSelect;

export async function insertAuditEntry(tx: Db, row: NewAuditRow): Promise<void> {
  await tx.insert(auditEntries).values(row);
}

/** True when this transaction now holds the advisory lock `id` (released at its end). */
export async function tryTransactionLock(tx: Db, id: number): Promise<boolean> {
  const locked = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${id}) as ok`);
  return locked.rows[0]?.ok === true;
}

export async function auditAnchorRow(db: Db): Promise<AuditAnchor | undefined> {
  const [anchor] = await db.select().from(auditAnchor).where(eq(auditAnchor.id, 1));
  return anchor;
}

/** The newest sealed entry's place and hash. */
export async function lastSealed(tx: Db): Promise<AuditLink | undefined> {
  const [last] = await tx
    .select({ seq: auditEntries.seq, hash: auditEntries.hash })
    .from(auditEntries)
    .where(isNotNull(auditEntries.seq))
    .orderBy(sql`${auditEntries.seq} desc`)
    .limit(1);
  return last?.seq && last.hash ? { seq: last.seq, hash: last.hash } : undefined;
}

/** The oldest entries not yet sealed, by id. */
export async function unsealedEntries(tx: Db, limit: number): Promise<AuditRow[]> {
  return tx.select().from(auditEntries).where(isNull(auditEntries.seq)).orderBy(asc(auditEntries.id)).limit(limit);
}

export async function sealEntry(tx: Db, id: number, link: AuditLink): Promise<void> {
  await tx.update(auditEntries).set(link).where(eq(auditEntries.id, id));
}

/** Sealed entries after `seq`, in chain order. */
export async function sealedAfter(db: Db, seq: number, limit: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditEntries)
    .where(and(isNotNull(auditEntries.seq), gt(auditEntries.seq, seq)))
    .orderBy(asc(auditEntries.seq))
    .limit(limit);
}

export async function unsealedCount(db: Db): Promise<number> {
  return db.$count(auditEntries, isNull(auditEntries.seq));
}

/** The newest of the oldest `limit` sealed entries before `cutoff`: what a pruning batch removes up to. */
export async function pruneBatchEnd(tx: Db, cutoff: Date, limit: number): Promise<(AuditLink & { at: Date }) | undefined> {
  const found = await tx.execute<{ seq: string; hash: Buffer; at: Date }>(sql`
    select seq, hash, at from (
      select seq, hash, at from audit_entries where seq is not null and at < ${cutoff.toISOString()} order by seq limit ${limit}
    ) oldest order by seq desc limit 1`);
  const row = found.rows[0];
  return row && { seq: Number(row.seq), hash: row.hash, at: new Date(row.at) };
}

/**
 * Removes the sealed entries up to `end` and makes `end` the anchor, in the caller's transaction.
 * The transaction says it prunes (`casebridge.audit_pruning`), the one delete the triggers of
 * migration 0032 allow. Answers how many entries it removed.
 */
export async function pruneUpTo(tx: Db, end: AuditLink & { at: Date }): Promise<number> {
  await tx.execute(sql`select set_config('casebridge.audit_pruning', 'on', true)`);
  const removed = await tx.delete(auditEntries).where(sql`${auditEntries.seq} <= ${end.seq}`);
  await tx
    .insert(auditAnchor)
    .values({ id: 1, ...end })
    .onConflictDoUpdate({ target: auditAnchor.id, set: end });
  return removed.rowCount ?? 0;
}

/** The entries a user made (actor = them), oldest first, as stored: a person's own data export (issue 28 part 4). */
export async function auditEntriesByActor(db: Db, userId: number): Promise<AuditRow[]> {
  return db.select().from(auditEntries).where(eq(auditEntries.actorUserId, userId)).orderBy(asc(auditEntries.id));
}
