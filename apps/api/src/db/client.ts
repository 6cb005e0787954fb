import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { LocalSecrets } from '../lib/secrets.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';
import * as audit from './schema/audit.ts';
import * as billing from './schema/billing.ts';
import * as companies from './schema/companies.ts';
import * as customerImports from './schema/customer-imports.ts';
import * as dealers from './schema/dealers.ts';
import * as labs from './schema/labs.ts';
import * as licenceKeys from './schema/licence-keys.ts';
import * as mills from './schema/mills.ts';
import * as notifications from './schema/notifications.ts';
import * as orders from './schema/orders.ts';
import * as policies from './schema/policies.ts';
import * as storage from './schema/storage.ts';
import * as tokens from './schema/tokens.ts';
import * as usage from './schema/usage.ts';
import * as userSessions from './schema/user-sessions.ts';
import * as users from './schema/users.ts';

export const schema = {
  ...audit,
  ...billing,
  ...companies,
  ...customerImports,
  ...dealers,
  ...labs,
  ...licenceKeys,
  ...mills,
  ...notifications,
  ...orders,
  ...policies,
  ...storage,
  ...tokens,
  ...usage,
  ...userSessions,
  ...users,
};
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  readonly db: Db;
  readonly pool: pg.Pool;
  /** True when we run our own PostgreSQL in DATA_DIR (the zero-setup default). */
  readonly embedded: boolean;
  close(): Promise<void>;
}

const EMBEDDED_DB_NAME = 'casebridge';

/** The connections a process opens at most, unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 20;

export function connect(url: string, options: { poolSize?: number; embedded?: boolean; onClose?: () => Promise<void> } = {}): Database {
  const { poolSize = DEFAULT_POOL_SIZE, embedded = false, onClose = async () => undefined } = options;
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return {
    db: drizzle(pool, { schema }),
    pool,
    embedded,
    async close() {
      // Requests whose client went away still finish their queries: let them, briefly.
      const deadline = Date.now() + 5_000;
      while (pool.totalCount > pool.idleCount && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      await pool.end();
      await onClose();
    },
  };
}

async function ensureDatabase(server: EmbeddedPostgres, name: string): Promise<void> {
  const admin = new pg.Client(server.url());
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}

/**
 * DATABASE_URL, or the embedded server in DATA_DIR. When another live process already runs that
 * one, `whenInUse` says whether to use it ('share': a short job such as `npm run seed`) or to
 * refuse ('refuse', the default: a second server would lose its database when the first stops).
 */
export async function openDatabase(
  config: Config,
  secrets: LocalSecrets,
  log: (line: string) => void,
  whenInUse: 'share' | 'refuse' = 'refuse',
): Promise<Database> {
  if (config.databaseUrl) return connect(config.databaseUrl, { poolSize: config.databasePoolSize });
  const server = await startEmbeddedPostgres({
    dataDir: path.join(config.dataDir, 'pg'),
    password: secrets.embeddedDbPassword,
    log,
    whenInUse,
  });
  await ensureDatabase(server, EMBEDDED_DB_NAME);
  return connect(server.url(EMBEDDED_DB_NAME), {
    poolSize: config.databasePoolSize,
    embedded: true,
    onClose: () => server.stop(),
  });
}
