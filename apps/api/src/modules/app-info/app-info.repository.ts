import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { migrationsCurrent } from '../../db/migrate.ts';

/** One round trip to the database, for the health check; no table of its own. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Whether the database holds every migration this code knows; throws when it is not reachable. */
export function databaseMigrated(db: Db): Promise<boolean> {
  return migrationsCurrent(db);
}
