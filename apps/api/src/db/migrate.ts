import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { installJobSchema } from '../platform/jobs/job-queue.ts';
import type { Database } from './client.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant: several server processes starting together take turns on it. */
const MIGRATION_LOCK_ID = 7_341_202;

/** Applies pending SQL migrations at start, holding an advisory lock so two processes never race. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(database.db, { migrationsFolder });
    await installJobSchema(database.pool);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
