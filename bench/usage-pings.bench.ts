import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { connect } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';

/**
 * `npm run bench:usage`: ping ingestion of issue 12 against the real server (production mode, the
 * machine's PostgreSQL). 10,000 licence keys with consent, 50,000 machines; prints a table of each
 * measurement next to its target and asserts nothing.
 *
 * BENCH_SECONDS (default 20): how long pings are fired. BENCH_CONNECTIONS (default 64).
 */
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const KEYS = 10_000;
const MACHINES = 50_000;
const root = path.resolve(import.meta.dirname, '..');
const dbName = 'casebridge_bench_usage';
const MB = 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const licenceKey = (i: number) => `BENCH-${String(Math.floor(i / 100_000)).padStart(5, '0')}-${String(i % 100_000).padStart(5, '0')}-USAGE-PINGS`;

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
  await db.pool.query(`insert into companies (name, company_info_is_updated) select 'Mill ' || i, true from generate_series(1, 200) i`);
  await db.pool.query(`insert into mills (company_id, need_policies_approval) select id, false from companies order by id`);
  await db.pool.query(
    `insert into licence_keys (mill_id, key, enable_data_collection, allowed_users)
     select 1 + (i % 200), k.key, true, 1 + (i % 3) from unnest($1::text[]) with ordinality as k(key, i)`,
    [Array.from({ length: KEYS }, (_, i) => licenceKey(i))],
  );
  await db.close();
}

async function startServer(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl(), PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: '/tmp/casebridge-bench-usage', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42' };
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250)) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) return child;
  }
  child.kill('SIGKILL');
  throw new Error('server not healthy within 60 s');
}

function pingBody(machine: number): string {
  return JSON.stringify({
    licenceKey: licenceKey(machine % KEYS),
    boardSerial: `BOARD-${machine}`,
    macAddresses: [['02', '00', '00', ...[16, 8, 0].map((shift) => ((machine >> shift) & 255).toString(16).padStart(2, '0'))].join(':')],
    pcName: `CAM-${machine}`,
    ipAddresses: [`10.${(machine >> 16) & 255}.${(machine >> 8) & 255}.${machine & 255}`],
    running: true,
  });
}

async function sizes(client: pg.Client) {
  const { rows: [row] } = await client.query(
    `select pg_total_relation_size('usage_machines')::bigint as machines, pg_total_relation_size('usage_hours')::bigint as hours,
            (select count(*) from usage_machines)::int as machine_rows, (select coalesce(sum(pings), 0) from usage_hours)::bigint as pings`,
  );
  return { machines: Number(row.machines), hours: Number(row.hours), machineRows: row.machine_rows as number, pings: Number(row.pings) };
}

async function main() {
  await prepareDatabase();
  const port = await freePort();
  const server = await startServer(port);
  const client = new pg.Client(databaseUrl());
  await client.connect();
  try {
    let next = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/api/usage/pings`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      connections,
      duration: seconds,
      requests: [{ setupRequest: (request) => ({ ...request, body: pingBody(next++ % MACHINES) }) }],
    });
    // Let the last answers land before counting.
    await sleep(500);
    const stored = await sizes(client);
    const sent = next;

    // A day of pings, beyond what the HTTP run reached: every machine updated as once a minute for
    // 30 rounds (HOT updates reach a steady state within a few), and 24 hourly rows per key.
    for (let round = 0; round < 30; round++) await client.query(`update usage_machines set last_ping_at = last_ping_at + interval '1 minute'`);
    await client.query(
      `insert into usage_hours (licence_key_id, hour, max_concurrent, pings)
       select k.id, date_trunc('hour', now()) + (h || ' hours')::interval, 5, 300 from licence_keys k cross join generate_series(1, 24) h
       on conflict do nothing`,
    );
    const day = await sizes(client);
    const table = [
      { measurement: 'pings per second (sustained)', result: result.requests.average.toFixed(0), target: '≥ 3000', met: result.requests.average >= 3000 ? 'yes' : 'NO' },
      { measurement: 'p99 latency (ms)', result: String(result.latency.p99), target: '≤ 50', met: result.latency.p99 <= 50 ? 'yes' : 'NO' },
      { measurement: 'answers other than 202', result: String(result.non2xx + result.errors + result.timeouts), target: '0', met: result.non2xx + result.errors + result.timeouts === 0 ? 'yes' : 'NO' },
      // Requests still in flight when the run ends are answered after autocannon stopped counting.
      { measurement: 'pings accounted for (stored / sent)', result: `${stored.pings} / ${sent}`, target: 'equal', met: stored.pings === sent ? 'yes' : 'NO' },
      { measurement: 'machines stored', result: String(stored.machineRows), target: `${Math.min(MACHINES, sent)}`, met: stored.machineRows === Math.min(MACHINES, sent) ? 'yes' : 'NO' },
      { measurement: 'storage for a day of 50,000 machines (MB)', result: ((day.machines + day.hours) / MB).toFixed(1), target: '≤ 100', met: (day.machines + day.hours) / MB <= 100 ? 'yes' : 'NO' },
    ];
    console.log(`\nUsage pings: ${KEYS} keys, ${MACHINES} machines, ${connections} connections, ${seconds} s`);
    console.table(table);
  } finally {
    await client.end();
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

await main();
