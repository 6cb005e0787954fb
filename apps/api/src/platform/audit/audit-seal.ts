import type { Db } from '../../db/client.ts';
import { entryHash, GENESIS } from './audit-chain.ts';
import { auditAnchorRow, lastSealed, sealEntry, tryTransactionLock, unsealedEntries, type AuditLink } from './audit.repository.ts';

/** Any constant: one sealer at a time across every process. */
const SEAL_LOCK_ID = 7_341_228;
const BATCH = 1_000;

/** The last link of the chain: the newest sealed entry, else the pruning anchor, else the start. */
async function chainEnd(tx: Db): Promise<AuditLink> {
  const last = await lastSealed(tx);
  if (last) return last;
  const anchor = await auditAnchorRow(tx);
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
      if (!(await tryTransactionLock(tx, SEAL_LOCK_ID))) return 0;
      const rows = await unsealedEntries(tx, BATCH);
      let end = await chainEnd(tx);
      for (const row of rows) {
        const seq = end.seq + 1;
        const hash = entryHash(end.hash, { ...row, seq });
        await sealEntry(tx, row.id, { seq, hash });
        end = { seq, hash };
      }
      return rows.length;
    });
    sealed += count;
    if (count < BATCH) return sealed;
  }
}
