import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { installJobSchema } from '../platform/jobs/job-queue.ts';
import type { Database, Db } from './client.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant: several server processes starting together take turns on it. */
const MIGRATION_LOCK_ID = 7_341_202;
const UNDEFINED_TABLE = '42P01';

/**
 * Applies pending SQL migrations at start. The advisory lock and the migrations share one
 * connection: processes starting together on an empty database take turns, the first applies
 * everything, the others find nothing left to do; and if that connection dies, its lock goes
 * with its unfinished transaction, so no second process can start migrating beside it.
 */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client }), { migrationsFolder });
    await installJobSchema(client);
  } finally {
    // A connection that cannot unlock is destroyed, which ends its lock, rather than pooled holding it.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).then(
      () => client.release(),
      (error: Error) => client.release(error),
    );
  }
}

let newestMigration: Promise<number> | undefined;

/** The newest migration's stamp in drizzle's journal (drizzle records it as the row's created_at). */
async function newestMigrationStamp(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database holds every migration this code knows (a newer process may have added more).
 * Drizzle applies the migrations newer than the newest one it recorded, so that row decides.
 */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  // A failed read is not kept: the next probe reads the journal again.
  newestMigration ??= newestMigrationStamp().catch((error: unknown) => {
    newestMigration = undefined;
    throw error;
  });
  try {
    const result = await db.execute<{ newest: string | null }>(
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    return Number(result.rows[0]?.newest ?? 0) >= (await newestMigration);
  } catch (error) {
    // Drizzle wraps pg's error as the cause.
    if ((error as { cause?: { code?: string } }).cause?.code === UNDEFINED_TABLE) return false;
    throw error;
  }
}
