import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { BENCH_PASSWORD, generate } from './generate.ts';

/**
 * `npm run bench`: the orders list of the busiest mill against the targets, on the real
 * PostgreSQL (DATABASE_URL, default the machine's server). Prints a table; it asserts nothing.
 * BENCH_SCALE (default 1) shrinks the data; BENCH_SECONDS (default 10) sets each run's length.
 */
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scale = Number(process.env.BENCH_SCALE ?? 1);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const root = path.resolve(import.meta.dirname, '..');

async function startPortal(url: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: '/tmp/casebridge-bench', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The naive way: OFFSET page, exact count, the page's components in a second query. No auth. It
 * orders like the index (nulls last) so it is naive in shape, not crippled by a sort.
 */
async function startBareRoute(url: string, port: number) {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const app = Fastify();
  app.get('/bare/:millId/projects', async (request) => {
    const { millId } = request.params as { millId: string };
    const { _start = '0', _limit = '10' } = request.query as Record<string, string>;
    const count = await pool.query('select count(*)::int as n from projects where mill_id = $1 and submitted_at is not null', [millId]);
    const page = await pool.query(
      `select p.id, p.name, p.created_at, p.is_deleted, p.mill_id, p.lab_id, c.name as lab_name
       from projects p join labs l on l.id = p.lab_id join companies c on c.id = l.company_id
       where p.mill_id = $1 and p.submitted_at is not null order by p.created_at desc nulls last, p.id desc nulls last offset $2 limit $3`,
      [millId, Number(_start), Number(_limit)],
    );
    const ids = page.rows.map((r) => r.id);
    const parts = await pool.query('select id, project_id, name, status from components where project_id = any($1) order by id', [ids]);
    return { count: count.rows[0].n, data: page.rows.map((r) => ({ ...r, components: parts.rows.filter((c) => c.project_id === r.id) })) };
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { close: async () => { await app.close(); await pool.end(); } };
}

async function measure(name: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 16, duration: seconds, headers });
  return { name, 'req/s': Math.round(result.requests.average), 'p50 ms': result.latency.p50, 'p95 ms': (result.latency as unknown as Record<string, number>).p97_5 ?? result.latency.p99, 'p99 ms': result.latency.p99, errors: result.errors + result.non2xx };
}

const started = Date.now();
const { url, busiestMillId, adminEmail } = await generate(adminUrl, 'casebridge_bench', scale);
console.log(`generated in ${Math.round((Date.now() - started) / 1000)} s (scale ${scale})`);
const [portalPort, barePort] = [await freePort(), await freePort()];
const portal = await startPortal(url, portalPort);
const bare = await startBareRoute(url, barePort);
const login = await (await fetch(`http://127.0.0.1:${portalPort}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: adminEmail, password: BENCH_PASSWORD }) })).json() as { jwt: string };
const auth = { authorization: `Bearer ${login.jwt}` };
const base = `http://127.0.0.1:${portalPort}/api/mills/${busiestMillId}/projects`;
const rows = [
  await measure('portal: first page', `${base}?_limit=10`, auth),
  await measure('portal: deep page (_start=2000)', `${base}?_start=2000&_limit=10`, auth),
  await measure('bare naive: first page', `http://127.0.0.1:${barePort}/bare/${busiestMillId}/projects?_limit=10`),
  await measure('bare naive: deep page', `http://127.0.0.1:${barePort}/bare/${busiestMillId}/projects?_start=2000&_limit=10`),
  await measure('portal: status filter (Closed)', `${base}?_limit=10&status=Closed`, auth),
  await measure('portal: search term', `${base}?_limit=10&_q=patient%20c4ca`, auth),
];
console.table(rows);
console.log('targets: list p95 <= 30 ms at 16 connections and >= 3x the bare route; filter/search p95 <= 100 ms. p95 is reported as autocannon\'s p97.5.');
await bare.close();
portal.kill('SIGTERM');
