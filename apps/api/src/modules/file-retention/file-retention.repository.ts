import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addOns, millSubscriptions, plans } from '../../db/schema/billing.ts';
import { mills } from '../../db/schema/mills.ts';

/**
 * File retention owns no table. It reads, as the usage figures do (DESIGN §4a allows reads), how
 * long each mill keeps files; the files themselves are counted and deleted through order-files.
 */

export interface MillKeepPeriod {
  millId: number;
  keepDays: number;
}

/**
 * Every mill that has files, with its keep period: the active add-on's days, else its plan's
 * (a custom plan's from the custom row). A mill without a subscription row is on basic; an
 * add-on counts while the subscription it rides on is not cancelled.
 */
export async function millsWithFiles(db: Db): Promise<MillKeepPeriod[]> {
  const { rows } = await db.execute<{ mill_id: number; keep_days: number }>(sql`
    select m.id as mill_id, coalesce(a.keep_days, p.files_keep_days) as keep_days
    from ${mills} m
    left join ${millSubscriptions} s on s.mill_id = m.id
    join ${plans} p on p.key = coalesce(s.plan_key, 'basic')
    left join ${addOns} a on a.key = s.add_on_key and s.status <> 'canceled'
    where exists (
      select 1 from projects pr
      join components c on c.project_id = pr.id
      join component_files f on f.component_id = c.id
      where pr.mill_id = m.id)
    order by m.id`);
  return rows.map((row) => ({ millId: row.mill_id, keepDays: row.keep_days }));
}

/**
 * Serialises the warning step of one mill until the transaction ends: a second process (or a
 * second run) waits, then sees the warning the first stored and stores none.
 */
export async function lockMillRetention(tx: Db, millId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`file-retention:${millId}`}))`);
}
