import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { connect } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

/**
 * `npm run bench:import`: the customer CSV import of issue 13 against the real server (production
 * mode, the machine's PostgreSQL). Imports BENCH_ROWS (default 100,000) customers, samples the
 * server's resident memory while it runs, and loads the same rows with PostgreSQL's COPY into a
 * scratch table for comparison. Prints a table next to the targets; asserts nothing.
 */
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const root = path.resolve(import.meta.dirname, '..');
const dbName = 'casebridge_bench_import';
const PASSWORD = 'bench-password-123';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function databaseUrl(): string {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

async function prepareDatabase(): Promise<void> {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const db = connect(databaseUrl());
  await runMigrations(db);
  const { rows: [company] } = await db.pool.query(`insert into companies (name, company_info_is_updated) values ('Bench Dealer', true) returning id`);
  await db.pool.query(`insert into dealers (company_id, dealer_code, name, email) values ($1, 'BENCH-ROOT', 'Bench Dealer', 'root@dealer.test')`, [company.id]);
  await db.pool.query(`insert into users (email, password_hash, first_name, last_name, role_type, confirmed) values ('bench-manager@casebridge.test', $1, 'Bench', 'Manager', 'manager', true)`, [await hashPassword(PASSWORD)]);
  await db.close();
}

/** The rows as a manager's Excel export would have them: semicolons, a header, quoted company names. */
function csv(): string {
  const lines = ['dealerId;customerId;firstName;lastName;company;city;email'];
  for (let i = 0; i < rows; i++) lines.push(`BENCH-ROOT;C${String(i).padStart(7, '0')};Anna${i % 97};Muster${i % 89};"Dental Lab ${i}; GmbH";City ${i % 500};lab${i}@example.test`);
  return `${lines.join('\r\n')}\r\n`;
}

async function startServer(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl(), PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: '/tmp/casebridge-bench-import', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42' };
  delete env.REDIS_URL;
  // No tsx wrapper process: the child's pid is the server's, so /proc/<pid> is its memory.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250)) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) return child;
  }
  child.kill('SIGKILL');
  throw new Error('server not healthy within 60 s');
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * PostgreSQL's COPY of the same rows into a scratch table (through psql's \copy, as an operator
 * would load them): the floor of what loading them can cost.
 */
async function copySeconds(file: string): Promise<number> {
  const table = 'scratch_customers';
  const script = `create temporary table ${table} (dealer_id text, customer_id text, first_name text, last_name text, company text, city text, email text);
\\copy ${table} from '${file}' with (format csv, delimiter ';', header true)`;
  const started = performance.now();
  const child = spawn('psql', [databaseUrl(), '-v', 'ON_ERROR_STOP=1', '-q'], { stdio: ['pipe', 'ignore', 'inherit'] });
  child.stdin.end(script);
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`psql \\copy failed (exit ${code})`);
  return (performance.now() - started) / 1000;
}

async function main() {
  await prepareDatabase();
  const port = await freePort();
  const server = await startServer(port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const signIn = await fetch(`${base}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'bench-manager@casebridge.test', password: PASSWORD }) });
    const { jwt } = (await signIn.json()) as { jwt: string };
    const auth = { authorization: `Bearer ${jwt}` };
    const body = new FormData();
    const text = csv();
    body.append('files.file', new Blob([text], { type: 'text/csv' }), 'customers.csv');
    const rssBefore = rssMb(server.pid!);
    let rssPeak = rssBefore;
    const started = performance.now();
    const upload = await fetch(`${base}/api/customers/import`, { method: 'POST', headers: auth, body });
    if (!upload.ok) throw new Error(`upload refused: ${upload.status} ${await upload.text()}`);
    let summary: { total: number; success: number } | null = null;
    for (;;) {
      rssPeak = Math.max(rssPeak, rssMb(server.pid!));
      const status = (await (await fetch(`${base}/api/data-import-logs/active/import`, { headers: auth })).json()) as { status: string; dataImportLog: { importSummary: { total: number; success: number } } | null };
      if (status.status === 'idle') {
        summary = status.dataImportLog?.importSummary ?? null;
        break;
      }
      await sleep(100);
    }
    const seconds = (performance.now() - started) / 1000;
    const file = '/tmp/casebridge-bench-import.csv';
    writeFileSync(file, text);
    const copy = await copySeconds(file);
    const share = copy / seconds;
    console.log(`\nCustomer import: ${rows} rows`);
    console.table([
      { measurement: 'rows imported', result: `${summary?.success ?? 0} of ${summary?.total ?? 0}`, target: String(rows), met: summary?.success === rows ? 'yes' : 'NO' },
      { measurement: 'import time (s, upload to idle)', result: seconds.toFixed(1), target: '≤ 30', met: seconds <= 30 ? 'yes' : 'NO' },
      { measurement: 'server memory growth (MB, peak RSS − before)', result: (rssPeak - rssBefore).toFixed(1), target: '≤ 64', met: rssPeak - rssBefore <= 64 ? 'yes' : 'NO' },
      { measurement: 'rows/s vs COPY of the same rows', result: `${(rows / seconds).toFixed(0)} vs ${(rows / copy).toFixed(0)} (${(share * 100).toFixed(1)} %)`, target: '≥ 20 %', met: share >= 0.2 ? 'yes' : 'NO' },
    ]);
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

await main();
