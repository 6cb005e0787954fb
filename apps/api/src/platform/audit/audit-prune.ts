import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditAnchor, auditEntries } from '../../db/schema/audit.ts';

const DAY_MS = 86_400_000;
const BATCH = 10_000;

/**
 * Removes sealed entries older than the retention, oldest first, and moves the anchor to the last
 * one removed in the same transaction, so verify starts from its hash (ADR 0019). The transaction
 * says it prunes (`casebridge.audit_pruning`), the one delete the triggers of migration 0032 allow.
 */
export async function pruneAuditEntries(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let pruned = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      // The newest of the oldest BATCH sealed entries past the retention: it becomes the anchor.
      const found = await tx.execute<{ seq: string; hash: Buffer; at: Date }>(sql`
        select seq, hash, at from (
          select seq, hash, at from audit_entries where seq is not null and at < ${cutoff.toISOString()} order by seq limit ${BATCH}
        ) oldest order by seq desc limit 1`);
      const row = found.rows[0];
      const last = row && { seq: Number(row.seq), hash: row.hash, at: new Date(row.at) };
      if (!last?.seq || !last.hash) return 0;
      await tx.execute(sql`select set_config('casebridge.audit_pruning', 'on', true)`);
      const removed = await tx.delete(auditEntries).where(sql`${auditEntries.seq} <= ${last.seq}`);
      await tx
        .insert(auditAnchor)
        .values({ id: 1, seq: last.seq, hash: last.hash, at: last.at })
        .onConflictDoUpdate({ target: auditAnchor.id, set: { seq: last.seq, hash: last.hash, at: last.at } });
      return removed.rowCount ?? 0;
    });
    pruned += count;
    if (count < BATCH) return pruned;
  }
}
