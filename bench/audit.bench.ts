import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { connect } from '../apps/api/src/db/client.ts';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { createLab, createMill, PASSWORD, putOnCustomPlan } from '../apps/api/test/factories.ts';
import { binaryStl, multipartFile } from '../apps/api/test/orders.ts';
import { portalNodeArgs } from './api-server.ts';

/**
 * `npm run bench:audit` (issue 28): the cost of the audit trail on a component status change and on
 * a document upload, measured on two portals of the same build in the same run, one with
 * AUDIT_DISABLED=true (ADR 0019); and the mill admin's audit list over 1,000,000 entries at 16
 * connections, unfiltered and filtered. Prints a table; asserts nothing. BENCH_SECONDS (default 5)
 * per measurement, BENCH_ROUNDS (default 4) alternating rounds of the writes.
 */
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const entries = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const root = path.resolve(import.meta.dirname, '..');
const url = new URL(adminUrl);
url.pathname = '/casebridge_audit_bench';

const admin = new pg.Client(adminUrl);
await admin.connect();
await admin.query('drop database if exists casebridge_audit_bench with (force)');
await admin.query('create database casebridge_audit_bench');
await admin.end();
const database = connect(url.toString());
await runMigrations(database);
const db = database.db;
const m = await createMill(db);
await putOnCustomPlan(db, m.mill.id, { maxOrders: 100_000 });
const lab = await createLab(db, { clientOf: m.mill.id });

function startPortal(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, portalNodeArgs(), {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATA_DIR: `/tmp/casebridge-audit-bench-${port}`,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
      APP_ENCRYPTION_KEY: 'bench-encryption-key-bench-encryption-key-42',
      // No sealing during the measurement: it would compete with the requests measured.
      RUN_JOBS: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return (async () => {
    while (
      !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await new Promise((r) => setTimeout(r, 250));
    return child;
  })();
}

async function call(base: string, method: string, route: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

const signIn = async (base: string, email: string) =>
  (await call(base, 'POST', '/api/auth/local', null, { identifier: email, password: PASSWORD })).jwt as string;

interface Row {
  name: string;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  errors: number;
  target: string;
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: 16, duration: seconds, ...options });
  const latency = result.latency as unknown as Record<string, number>;
  return {
    name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': latency.p50!,
    'p95 ms': latency.p97_5!,
    errors: result.errors + result.non2xx,
    target: '',
  };
}

/** One portal's two writes, a component status change and a document upload, on an order of its own. */
async function prepareWrites(port: number, label: string) {
  const base = `http://127.0.0.1:${port}`;
  const [adminJwt, labJwt] = [await signIn(base, m.admin.email), await signIn(base, lab.user.email)];
  // Sixteen components, one per connection's turn: concurrent changes of one row would measure its lock.
  const components = Array.from({ length: 16 }, (_, i) => ({ name: `Crown ${i}` }));
  const order = (await call(base, 'POST', '/api/orders', labJwt, { millId: m.mill.id, name: 'Bench', components })) as {
    id: number;
    components: { id: number }[];
  };
  const componentId = order.components[0]!.id;
  const form = multipartFile('files.file', 'crown.stl', binaryStl());
  const upload = () =>
    measure(`${label}: document upload`, {
      url: `${base}/api/orders/${order.id}/components/${componentId}/documents`,
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${labJwt}` },
      body: form.payload as Buffer,
    });
  await call(base, 'POST', `/api/orders/${order.id}/submit`, labJwt);
  let turn = 0;
  const status = () =>
    measure(`${label}: component status change`, {
      url: `${base}/api/projects/${order.id}/components/${componentId}`,
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminJwt}` },
      requests: [
        {
          setupRequest: (request) => {
            const component = order.components[turn++ % order.components.length]!;
            const status = turn % 3 ? 'Closed' : 'Open';
            return { ...request, path: `/api/projects/${order.id}/components/${component.id}`, body: JSON.stringify({ status }) };
          },
        },
      ],
    });
  return { status, upload };
}

/** Rows summed over rounds: req/s averaged, latencies and errors of the worst round. */
function combine(rounds: Row[]): Row {
  return {
    ...rounds[0]!,
    'req/s': Math.round(rounds.reduce((sum, row) => sum + row['req/s'], 0) / rounds.length),
    'p50 ms': Math.max(...rounds.map((row) => row['p50 ms'])),
    'p95 ms': Math.max(...rounds.map((row) => row['p95 ms'])),
    errors: rounds.reduce((sum, row) => sum + row.errors, 0),
  };
}

/**
 * The two portals measured in alternating rounds, each round led by the other portal (ABBA): both
 * portals write to one mill, and an upload's plan check sums the mill's stored files, so whichever
 * ran second would always meet more files, and the difference would be the order, not the trail.
 */
async function writes(): Promise<Row[]> {
  const [without, withTrail] = [await prepareWrites(offPort, 'without the trail'), await prepareWrites(onPort, 'with the trail')];
  const results = { offStatus: [] as Row[], offUpload: [] as Row[], onStatus: [] as Row[], onUpload: [] as Row[] };
  for (let round = 0; round < rounds; round++) {
    const pair = [
      async () => {
        results.offUpload.push(await without.upload());
        results.offStatus.push(await without.status());
      },
      async () => {
        results.onUpload.push(await withTrail.upload());
        results.onStatus.push(await withTrail.status());
      },
    ];
    for (const run of round % 2 ? pair.reverse() : pair) await run();
  }
  return [results.offStatus, results.offUpload, results.onStatus, results.onUpload].map(combine);
}

/** A million entries of the mill (actors, actions and objects spread), and some of other mills. */
async function fillTrail(): Promise<void> {
  await database.pool.query(
    `insert into audit_entries (at, actor_user_id, actor_tenant_kind, actor_tenant_id, action, object_kind, object_id, ip, after, mill_id, lab_id)
     select now() - (g || ' seconds')::interval, 1000 + g % 20, 'mill', $1, (array['order.status.changed','file.uploaded','file.downloaded','client.blocked','millUser.changed'])[1 + g % 5],
            'component', (g % 50000)::text, '10.0.0.1', jsonb_build_object('status', 'Closed'), $1, $2
     from generate_series(1, $3) g`,
    [m.mill.id, lab.lab.id, entries],
  );
  await database.pool.query(
    `insert into audit_entries (action, object_kind, object_id, mill_id) select 'file.uploaded', 'file', g::text, $1 + 1 from generate_series(1, 100000) g`,
    [m.mill.id],
  );
  // As autovacuum would soon after a bulk load: the first reads would otherwise set hint bits and
  // measure the load, not the list.
  await database.pool.query('vacuum (analyze) audit_entries');
  // And written out now, not by the checkpointer in the middle of the first measurement.
  await database.pool.query('checkpoint');
}

const [onPort, offPort] = [await freePort(), await freePort()];
const [on, off] = [await startPortal(onPort, {}), await startPortal(offPort, { AUDIT_DISABLED: 'true' })];
const rows = await writes();
for (const [i, kind] of ['component status change', 'document upload'].entries()) {
  const cost = 1 - rows[i + 2]!['req/s'] / Math.max(1, rows[i]!['req/s']);
  rows[i + 2]!.target = `cost ${(cost * 100).toFixed(1)} % of ${kind} throughput (<= 10 %): ${cost <= 0.1 ? 'met' : 'MISSED'}`;
}
const started = Date.now();
await fillTrail();
console.log(`${entries} audit entries written in ${Math.round((Date.now() - started) / 1000)} s`);
const adminJwt = await signIn(`http://127.0.0.1:${onPort}`, m.admin.email);
const list = (query: string) => `http://127.0.0.1:${onPort}/api/mills/${m.mill.id}/audit?_limit=50${query}`;
const lists: [string, string][] = [
  ['audit list: first page', ''],
  ['audit list: action filter', '&action=client.blocked'],
  ['audit list: actor filter', '&actorId=1007'],
  ['audit list: object filter', '&objectKind=component&objectId=4242'],
  [
    'audit list: a day a week ago',
    `&from=${new Date(Date.now() - 8 * 86_400_000).toISOString()}&to=${new Date(Date.now() - 7 * 86_400_000).toISOString()}`,
  ],
];
for (const [name, query] of lists) {
  await autocannon({ connections: 16, duration: 2, url: list(query), headers: { authorization: `Bearer ${adminJwt}` } }); // warm-up
  const row = await measure(name, { url: list(query), headers: { authorization: `Bearer ${adminJwt}` } });
  rows.push({ ...row, target: `p95 <= 50 ms: ${row['p95 ms'] <= 50 ? 'met' : 'MISSED'}` });
}
console.table(rows);
console.log(`16 connections, ${seconds} s each; p95 is autocannon's p97.5. Both portals run the same build; one with AUDIT_DISABLED=true.`);
on.kill('SIGTERM');
off.kill('SIGTERM');
await database.close();
