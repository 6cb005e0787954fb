import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { COMPONENT_STATUSES } from '@casebridge/shared/constants/orders';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, generate, LIST_QUERIES } from './generate.ts';
import { portalNodeArgs } from './api-server.ts';

/**
 * `npm run bench`: the orders list of the busiest mill against the targets, on the real
 * PostgreSQL (DATABASE_URL, default the machine's server). Prints a table; it asserts nothing.
 * BENCH_SCALE (default 1) shrinks the data; BENCH_SECONDS (default 10) sets each run's length;
 * BENCH_REUSE=1 measures on the data of an earlier run instead of generating it again.
 */
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scale = Number(process.env.BENCH_SCALE ?? 1);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const root = path.resolve(import.meta.dirname, '..');

async function startPortal(url: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, portalNodeArgs(), {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: '/tmp/casebridge-bench',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
      APP_ENCRYPTION_KEY: 'bench-encryption-key-bench-encryption-key-42',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** BENCH_REUSE=1 keeps the data of an earlier run (generating takes minutes). */
async function benchData() {
  if (process.env.BENCH_REUSE === '1') {
    const url = new URL(adminUrl);
    url.pathname = '/casebridge_bench';
    const probe = new pg.Client(url.toString());
    const found = await probe.connect().then(
      async () => (await probe.query('select 1 from users where email = $1', [BENCH_ADMIN_EMAIL])).rowCount,
      () => 0,
    );
    await probe.end().catch(() => undefined);
    if (found) return { url: url.toString(), busiestMillId: 1, adminEmail: BENCH_ADMIN_EMAIL, reused: true };
  }
  return { ...(await generate(adminUrl, 'casebridge_bench', scale)), reused: false };
}

/** A busy mill while we measure: one of its orders changes every `everyMs` (each change moves the list's version). */
function keepChanging(url: string, millId: number, everyMs: number) {
  const client = new pg.Client(url);
  let running = true;
  const done = (async () => {
    await client.connect();
    for (let i = 0; running; i++) {
      const status = COMPONENT_STATUSES[i % COMPONENT_STATUSES.length];
      await client.query(
        `update components set status = $1 where id = (select min(c.id) from components c join projects p on p.id = c.project_id where p.mill_id = $2)`,
        [status, millId],
      );
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await client.end();
  })();
  return async () => {
    running = false;
    await done;
  };
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
  return {
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

interface Row {
  name: string;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
  errors: number;
  target: string;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url, connections: 16, duration: seconds, headers });
  const latency = result.latency as unknown as Record<string, number>;
  return {
    name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': latency.p50!,
    'p95 ms': latency.p97_5 ?? latency.p99!,
    'p99 ms': latency.p99!,
    errors: result.errors + result.non2xx,
    target: '',
  };
}

function verdict(row: Row, p95Limit: number, reference?: Row): Row {
  const parts = [`p95 <= ${p95Limit} ms: ${row['p95 ms'] <= p95Limit ? 'met' : 'MISSED'}`];
  if (reference) {
    const ratio = row['req/s'] / Math.max(1, reference['req/s']);
    parts.push(`>= 3x ${reference.name} (${ratio.toFixed(1)}x): ${ratio >= 3 ? 'met' : 'MISSED'}`);
  }
  return { ...row, target: parts.join('; ') };
}

const started = Date.now();
const { url, busiestMillId, adminEmail, reused } = await benchData();
console.log(
  reused
    ? 'reusing the data of an earlier run (BENCH_REUSE=1)'
    : `generated in ${Math.round((Date.now() - started) / 1000)} s (scale ${scale})`,
);
const [portalPort, uncachedPort, barePort] = [await freePort(), await freePort(), await freePort()];
const portal = await startPortal(url, portalPort);
const uncached = await startPortal(url, uncachedPort, { ORDER_LIST_CACHE_BYTES: '0' });
const bare = await startBareRoute(url, barePort);
const login = (await (
  await fetch(`http://127.0.0.1:${portalPort}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: adminEmail, password: BENCH_PASSWORD }),
  })
).json()) as { jwt: string };
const auth = { authorization: `Bearer ${login.jwt}` };
const list = (port: number, query: string) => `http://127.0.0.1:${port}/api/mills/${busiestMillId}/projects?${query}`;
const bareList = (query: string) => `http://127.0.0.1:${barePort}/bare/${busiestMillId}/projects?${query}`;

const bareFirst = await measure('bare naive: first page', bareList(LIST_QUERIES.first));
const bareDeep = await measure('bare naive: deep page', bareList(LIST_QUERIES.deep));
const rows = [
  verdict(await measure('portal: first page', list(portalPort, LIST_QUERIES.first), auth), 30, bareFirst),
  verdict(await measure('portal: deep page (_start=2000)', list(portalPort, LIST_QUERIES.deep), auth), 30, bareDeep),
  { ...bareFirst, target: '(reference)' },
  { ...bareDeep, target: '(reference)' },
  verdict(await measure('portal: status filter (Closed)', list(portalPort, LIST_QUERIES.status), auth), 100),
  verdict(await measure('portal: search term', list(portalPort, LIST_QUERIES.search), auth), 100),
];
// The same requests with the response cache off, and with the cache invalidated ten times a second.
const stopChanging = keepChanging(url, busiestMillId, 100);
rows.push(
  verdict(await measure('portal: first page, an order changing every 100 ms', list(portalPort, LIST_QUERIES.first), auth), 30, bareFirst),
);
await stopChanging();
rows.push(
  verdict(await measure('portal, no cache: first page', list(uncachedPort, LIST_QUERIES.first), auth), 30, bareFirst),
  verdict(await measure('portal, no cache: deep page', list(uncachedPort, LIST_QUERIES.deep), auth), 30, bareDeep),
  verdict(await measure('portal, no cache: status filter', list(uncachedPort, LIST_QUERIES.status), auth), 100),
  verdict(await measure('portal, no cache: search term', list(uncachedPort, LIST_QUERIES.search), auth), 100),
);
console.table(rows);
console.log(
  `16 connections, ${seconds} s each. p95 is autocannon's p97.5 (it reports no p95). The portal runs as in production; the bare route has no auth.`,
);
await bare.close();
portal.kill('SIGTERM');
uncached.kill('SIGTERM');
