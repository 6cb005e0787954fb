import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** One round trip to the database, for the health check; no table of its own. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
