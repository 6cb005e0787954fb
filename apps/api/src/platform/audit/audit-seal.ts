import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditAnchor, auditEntries } from '../../db/schema/audit.ts';
import { entryHash, GENESIS } from './audit-chain.ts';

/** Any constant: one sealer at a time across every process. */
const SEAL_LOCK_ID = 7_341_228;
const BATCH = 1_000;

/** The last link of the chain: the newest sealed entry, else the pruning anchor, else the start. */
async function chainEnd(tx: Db): Promise<{ seq: number; hash: Buffer }> {
  const [last] = await tx
    .select({ seq: auditEntries.seq, hash: auditEntries.hash })
    .from(auditEntries)
    .where(sql`${auditEntries.seq} is not null`)
    .orderBy(sql`${auditEntries.seq} desc`)
    .limit(1);
  if (last?.seq && last.hash) return { seq: last.seq, hash: last.hash };
  const [anchor] = await tx.select().from(auditAnchor).where(eq(auditAnchor.id, 1));
  return anchor ? { seq: anchor.seq, hash: anchor.hash } : { seq: 0, hash: GENESIS };
}

/**
 * Chains the committed entries not yet sealed, in the order of their ids, after the newest sealed
 * one (ADR 0019). An entry whose transaction commits later than a higher id's simply gets a later
 * place: the chain's order is the sealing order, `seq`. Answers how many entries it sealed.
 */
export async function sealAuditEntries(db: Db): Promise<number> {
  let sealed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const locked = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${SEAL_LOCK_ID}) as ok`);
      if (!locked.rows[0]?.ok) return 0;
      const rows = await tx.select().from(auditEntries).where(isNull(auditEntries.seq)).orderBy(asc(auditEntries.id)).limit(BATCH);
      let end = await chainEnd(tx);
      for (const row of rows) {
        const seq = end.seq + 1;
        const hash = entryHash(end.hash, { ...row, seq });
        await tx.update(auditEntries).set({ seq, hash }).where(eq(auditEntries.id, row.id));
        end = { seq, hash };
      }
      return rows.length;
    });
    sealed += count;
    if (count < BATCH) return sealed;
  }
}
