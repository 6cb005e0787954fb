import type { Db } from '../../db/client.ts';
import { entryHash, GENESIS } from './audit-chain.ts';
import { auditAnchorRow, sealedAfter, unsealedCount } from './audit.repository.ts';

export type VerifyResult =
  { ok: true; checked: number; unsealed: number } | { ok: false; checked: number; brokenId: number | null; reason: string };

const BATCH = 5_000;
const DAY_MS = 86_400_000;

/**
 * Walks the chain in seq order from the pruning anchor and recomputes every hash. The first entry
 * whose stored hash differs (it was changed), or whose place does not follow its predecessor (one
 * before it was removed), is the broken one. An anchor younger than the retention means entries
 * were removed that pruning would have kept.
 */
export async function verifyAuditChain(db: Db, retentionDays: number, now = new Date()): Promise<VerifyResult> {
  const anchor = await auditAnchorRow(db);
  if (anchor && anchor.at.getTime() > now.getTime() - retentionDays * DAY_MS)
    return { ok: false, checked: 0, brokenId: null, reason: `the anchor (seq ${anchor.seq}) is younger than the retention` };
  let end = anchor ? { seq: anchor.seq, hash: anchor.hash } : { seq: 0, hash: GENESIS };
  let checked = 0;
  for (;;) {
    const rows = await sealedAfter(db, end.seq, BATCH);
    for (const { hash, ...row } of rows) {
      if (row.seq !== end.seq + 1) return broken(checked, row.id, `entry ${row.id} has seq ${row.seq}, ${end.seq + 1} is missing`);
      const expected = entryHash(end.hash, row);
      if (!hash || !expected.equals(hash)) return broken(checked, row.id, `entry ${row.id} (seq ${row.seq}) does not match its hash`);
      end = { seq: row.seq, hash: expected };
      checked++;
    }
    if (rows.length < BATCH) break;
  }
  const unsealed = await unsealedCount(db);
  return { ok: true, checked, unsealed };
}

function broken(checked: number, brokenId: number, reason: string): VerifyResult {
  return { ok: false, checked, brokenId, reason };
}
