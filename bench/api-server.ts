import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { connect, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';

/**
 * What the benches that measure the real server share: a fresh, migrated database on the machine's
 * PostgreSQL (DATABASE_URL or the local default) and the portal started as in production.
 */
export const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The node arguments of `npm run start:api` (package.json), so that every bench measures the
 * portal as production starts it, V8 flags included; BENCH_SERVER_ARGS adds flags in front
 * (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof').
 */
export function portalNodeArgs(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [node, ...args] = scripts['start:api']!.split(' ');
  if (node !== 'node') throw new Error(`start:api does not start with node: ${scripts['start:api']}`);
  return [...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []), ...args];
}

/** The address of the bench's own database `name` on the same server. */
export function benchDatabaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient(statements: string[]): Promise<void> {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Drops database `name`, the clean-up of a bench that made it. */
export const dropDatabase = (name: string) => withAdminClient([`drop database if exists ${name} with (force)`]);

/** Drops and recreates database `name`, applies the migrations and returns a connection to it. */
export async function freshDatabase(name: string): Promise<Database> {
  await withAdminClient([`drop database if exists ${name} with (force)`, `create database ${name}`]);
  const db = connect(benchDatabaseUrl(name));
  await runMigrations(db);
  return db;
}

export interface ApiServer {
  child: ChildProcess;
  base: string;
}

/** `npm run seed` (the demo accounts) with the portal's settings `env`. */
export async function runSeed(env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/db/seed/run-seed.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seeding failed (exit ${code})`);
}

/**
 * The portal on a free port against database `name`, in production mode and without Redis unless
 * `env` names one (an inherited REDIS_URL would change what is measured), once its health check
 * answers. The child is node itself (no wrapper), so its pid is the server's.
 */
export async function startApiServer(name: string, env: NodeJS.ProcessEnv = {}): Promise<ApiServer> {
  const port = await freePort();
  const { REDIS_URL: _inherited, ...inherited } = process.env;
  const childEnv: NodeJS.ProcessEnv = {
    ...inherited,
    DATABASE_URL: benchDatabaseUrl(name),
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: `/tmp/${name}`,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    APP_ENCRYPTION_KEY: 'bench-encryption-key-bench-encryption-key-42',
    ...env,
  };
  const child = spawn(process.execPath, portalNodeArgs(), {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250)) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
  }
  child.kill('SIGKILL');
  throw new Error('server not healthy within 60 s');
}

/** Stops the server as an operator would (SIGTERM, clean shutdown) and waits for it to exit. */
export async function stopApiServer(server: ApiServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}
