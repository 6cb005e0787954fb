import autocannon from 'autocannon';
import pg from 'pg';
import { CONCURRENCY_WINDOW_MINUTES } from '@casebridge/shared/schemas/usage';
import { connect } from '../apps/api/src/db/client.ts';
import { recordPings } from '../apps/api/src/modules/usage/usage.repository.ts';
import { benchDatabaseUrl, sleep, startApiServer, stopApiServer } from './api-server.ts';
import { BENCH_MANAGER_EMAIL, BENCH_PASSWORD, addAnalyticsData, generate } from './generate.ts';
import { measure } from './latency.ts';

/**
 * `npm run bench:analytics`: the manager's analytics of issue 12 on the orders bench data plus
 * documents, licence keys, machines and usage history (generate.ts), against the real server in
 * production mode on the machine's PostgreSQL. Each view is measured over HTTP at 16 connections
 * (autocannon), then the same answer computed by a plain GROUP BY over the base tables, run
 * straight on PostgreSQL by a pool of 16 connections for as long. Each view is first warmed up for
 * two seconds (JIT, plan caches, pages in memory), on both sides. The plain side skips HTTP, the
 * session check and JSON, and leaves out columns that need no aggregate (mill and lab names of
 * the users view), so the ratio it gives is the least the roll-ups gain. The views keep whole
 * answers under the stamps of migration 0024, and nothing writes during a run, so the measured
 * requests are cache hits; "after a change ms" is one request right after the stamps moved (as any
 * write would move them): the answer built again. The usage view is measured live, while pings
 * arrive (livePings); its answers are kept for one second, and its "after a change ms" is the first
 * request of a new second. Prints a table; asserts nothing.
 *
 * BENCH_SCALE (default 1) shrinks the data; BENCH_SECONDS (default 10) sets each run's length;
 * BENCH_REUSE=1 measures on the data of an earlier run instead of generating it again;
 * BENCH_VIEWS=usage,activity measures only the views whose name contains one of those words.
 */
const scale = Number(process.env.BENCH_SCALE ?? 1);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'casebridge_bench_analytics';
const BUSIEST_MILL = 1;
const DAY_MS = 86_400_000;
const WARM_UP_SECONDS = 2;
/** A fresh server needs about 20 s of load before its answers reach a steady pace (seen on the 2-core bench machine). */
const SERVER_WARM_UP_SECONDS = 20;
const onlyViews = process.env.BENCH_VIEWS?.split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);

async function benchData(): Promise<void> {
  if (process.env.BENCH_REUSE === '1') {
    const probe = new pg.Client(benchDatabaseUrl(dbName));
    const found = await probe.connect().then(
      async () => (await probe.query('select 1 from users where email = $1', [BENCH_MANAGER_EMAIL])).rowCount,
      () => 0,
    );
    await probe.end().catch(() => undefined);
    if (found) return console.log('reusing the data of an earlier run (BENCH_REUSE=1)');
  }
  const started = Date.now();
  const { url } = await generate(adminUrl, dbName, scale);
  const orders = Date.now();
  await addAnalyticsData(url, scale);
  console.log(
    `generated in ${Math.round((Date.now() - started) / 1000)} s (orders ${Math.round((orders - started) / 1000)} s, analytics data ${Math.round((Date.now() - orders) / 1000)} s; scale ${scale})`,
  );
}

/** Runs `text` on 16 connections for `duration` seconds: queries per second and p95 latency. */
async function measurePlain(pool: pg.Pool, text: string, values: unknown[], duration: number): Promise<{ perSecond: number; p95: number }> {
  const latencies: number[] = [];
  const deadline = Date.now() + duration * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const at = performance.now();
      await pool.query(text, values);
      latencies.push(performance.now() - at);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: 16 }, worker));
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / ((Date.now() - started) / 1000), p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0 };
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const today = dayOf(new Date());
const daysAgo = (days: number) => dayOf(new Date(Date.now() - days * DAY_MS));
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const tomorrow = dayStart(dayOf(new Date(Date.now() + DAY_MS)));

/** Each view: its API path and the same answer by plain GROUP BY over the base tables. */
const views: { view: string; path: string; plain: string; values: unknown[]; live?: true }[] = [
  {
    view: 'mills overview (first page)',
    path: '/api/analytics/mills?_limit=10',
    plain: `
      with orders as (select mill_id, count(*)::int as n from projects where submitted_at is not null group by mill_id),
      clients as (select mill_id, count(*)::int as n from mill_clients group by mill_id)
      select m.id, c.name, coalesce(pl.name, s.plan_key, 'basic') as contract_type, coalesce(cl.n, 0) as clients,
        coalesce(case when s.plan_key = 'custom' then s.custom_allowed_clients end, pl.allowed_clients, 0) as allowed_clients, coalesce(o.n, 0) as orders,
        coalesce(case when s.plan_key = 'custom' then s.custom_max_orders end, pl.max_orders, 0) as max_orders,
        (select array_agg(r.id) from (select p.id from projects p where p.mill_id = m.id and p.submitted_at is not null order by p.created_at desc, p.id desc limit 5) r) as ids
      from mills m join companies c on c.id = m.company_id
      left join mill_subscriptions s on s.mill_id = m.id left join plans pl on pl.key = coalesce(s.plan_key, 'basic')
      left join orders o on o.mill_id = m.id left join clients cl on cl.mill_id = m.id
      order by m.id limit 10`,
    values: [],
  },
  {
    view: 'orders of the busiest mill, 90 days',
    path: `/api/analytics/mills/${BUSIEST_MILL}/orders?fromDate=${daysAgo(89)}&toDate=${today}&_limit=10`,
    plain: `
      with orders as (
        select p.id, p.name, p.created_at, count(distinct c.id)::int as components, count(f.id)::int as documents, coalesce(sum(f.size), 0)::bigint as bytes
        from projects p left join components c on c.project_id = p.id left join component_files f on f.component_id = c.id and f.kind = 'document'
        where p.mill_id = $1 and p.submitted_at is not null and p.created_at >= $2 and p.created_at < $3
        group by p.id
      )
      select *, count(*) over () as total from orders order by created_at desc, id desc limit 10`,
    values: [BUSIEST_MILL, dayStart(daysAgo(89)), tomorrow],
  },
  {
    view: 'users view (first page)',
    path: '/api/analytics/users?_limit=10',
    plain: `
      with per_lab as (select lab_id, count(*)::int as n, max(created_at) as last from projects where submitted_at is not null group by lab_id),
      per_mill as (select mill_id, count(*)::int as n, max(created_at) as last from projects where submitted_at is not null group by mill_id),
      page as (select id, email, role_type, company_id, created_at from users where role_type in ('mill', 'lab') order by created_at desc, id desc limit 10)
      select page.id, page.email, co.name, page.created_at,
        case when page.role_type = 'mill'
          then (select row(sum(pm.n), max(pm.last)) from mill_members mm join per_mill pm on pm.mill_id = mm.mill_id where mm.user_id = page.id)
          else (select row(sum(pl.n), max(pl.last)) from labs l join per_lab pl on pl.lab_id = l.id where l.company_id = page.company_id) end as orders
      from page left join companies co on co.id = page.company_id order by page.created_at desc, page.id desc`,
    values: [],
  },
  {
    view: 'activity, 7 days',
    path: '/api/analytics/activity',
    plain: `
      select m.id, c.name, m.created_at, a.n, a.ids, c.email from (
        select mill_id, count(*)::int as n, (array_agg(id order by created_at desc, id desc))[1:50] as ids from projects
        where submitted_at is not null and created_at >= $1 and created_at < $2 group by mill_id
      ) a join mills m on m.id = a.mill_id join companies c on c.id = m.company_id order by a.n desc, m.id`,
    values: [dayStart(daysAgo(7)), tomorrow],
  },
  {
    view: 'usage view (first page)',
    path: '/api/usage/licence-keys?_limit=10',
    plain: `
      with per_key as (
        select licence_key_id, min(first_ping_at) as first_ping, max(last_ping_at) as last_ping,
          (count(*) filter (where running and last_ping_at > now() - make_interval(mins => $1)))::int as concurrent
        from usage_machines group by licence_key_id
      ), page as (
        select p.*, lk.key, lk.allowed_users from per_key p join licence_keys lk on lk.id = p.licence_key_id
        order by p.concurrent desc, p.last_ping desc, p.licence_key_id limit 10
      )
      select page.*, (select json_agg(m) from usage_machines m where m.licence_key_id = page.licence_key_id) as machines,
        (select row(count(*), sum(concurrent), count(*) filter (where concurrent > 1)) from per_key) as overview
      from page`,
    values: [CONCURRENCY_WINDOW_MINUTES],
    live: true,
  },
  {
    view: 'storage per mill (chart)',
    path: '/api/analytics/charts/storage',
    plain: `
      select m.id, c.name, coalesce(b.bytes, 0) as bytes from mills m join companies c on c.id = m.company_id
      left join (select p.mill_id, sum(f.size) as bytes from component_files f join components co on co.id = f.component_id join projects p on p.id = co.project_id group by p.mill_id) b
        on b.mill_id = m.id
      order by bytes desc, m.id`,
    values: [],
  },
  {
    view: 'orders per day, 30 days (chart)',
    path: '/api/analytics/charts/orders-per-day',
    plain: `
      select mill_id, (created_at at time zone 'UTC')::date as day, count(*)::int from projects
      where submitted_at is not null and created_at >= $1 and created_at < $2 group by 1, 2`,
    values: [dayStart(daysAgo(30)), tomorrow],
  },
];

/** 50,000 machines pinging once a minute. */
const LIVE_PINGS_PER_SECOND = 833;

/**
 * The usage view is measured live, as a deployment sees it: every running machine of the data has
 * just pinged (so every key is inside the concurrency window), and pings keep arriving at the rate
 * of 50,000 machines pinging once a minute, through the ingestion's own statement (recordPings), in
 * a batch every 100 ms, for as long as both the portal and the plain GROUP BY are measured.
 * Returns what stops the pings.
 */
async function livePings(pool: pg.Pool): Promise<() => Promise<number>> {
  const database = connect(benchDatabaseUrl(dbName));
  const { rows } = await pool.query<{ key: string; board: string; macs: string[]; pc: string; ips: string[] }>(
    `select lk.key, m.board_serial as board, m.mac_addresses as macs, m.pc_name as pc, m.ip_addresses as ips
     from usage_machines m join licence_keys lk on lk.id = m.licence_key_id where m.running order by random()`,
  );
  const pings = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const m = rows[(from + i) % rows.length]!;
      return {
        ping: { licenceKey: m.key, boardSerial: m.board, macAddresses: m.macs, pcName: m.pc, ipAddresses: m.ips, running: true },
        at: new Date(),
      };
    });
  for (let from = 0; from < rows.length; from += 500) await recordPings(database.db, pings(from, 500), CONCURRENCY_WINDOW_MINUTES);
  let sent = 0;
  let stopped = false;
  const perBatch = Math.round(LIVE_PINGS_PER_SECOND / 10);
  const running = (async () => {
    for (let next = Date.now(); !stopped; next += 100) {
      await recordPings(database.db, pings(sent, perBatch), CONCURRENCY_WINDOW_MINUTES);
      sent += perBatch;
      await sleep(Math.max(0, next + 100 - Date.now()));
    }
  })();
  return async () => {
    stopped = true;
    await running;
    await database.close();
    return sent;
  };
}

/** The first request of a new period of the usage view's kept answers: the answer built again. */
async function answerOfANewPeriod(url: string, headers: Record<string, string>): Promise<number> {
  await sleep(1000 - (Date.now() % 1000) + 5);
  const at = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  await response.arrayBuffer();
  return Math.round(performance.now() - at);
}

/** Moves the platform's and the busiest mill's stamps as a write would: the next request builds its answer again. */
async function answerAfterAChange(pool: pg.Pool, url: string, headers: Record<string, string>): Promise<number> {
  await pool.query(
    `insert into analytics_versions as v (mill_id, version) values (0, 1), ($1, 1) on conflict (mill_id) do update set version = v.version + 1`,
    [BUSIEST_MILL],
  );
  const at = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  await response.arrayBuffer();
  return Math.round(performance.now() - at);
}

async function main() {
  await benchData();
  const server = await startApiServer(dbName);
  const pool = new pg.Pool({ connectionString: benchDatabaseUrl(dbName), max: 16 });
  try {
    const login = await fetch(`${server.base}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: BENCH_MANAGER_EMAIL, password: BENCH_PASSWORD }),
    });
    const { jwt } = (await login.json()) as { jwt: string };
    const table = [];
    const headers = { authorization: `Bearer ${jwt}` };
    const selected = views.filter(({ view }) => !onlyViews?.length || onlyViews.some((word) => view.includes(word)));
    // The server has just started: passes over every view first, so the first one measured does not pay for warming up the process.
    const perView = Math.max(1, Math.round(SERVER_WARM_UP_SECONDS / selected.length));
    for (const { path } of selected) await autocannon({ url: `${server.base}${path}`, connections: 16, duration: perView, headers });
    for (const { view, path, plain, values, live } of selected) {
      const url = `${server.base}${path}`;
      const stopPings = live ? await livePings(pool) : null;
      await autocannon({ url, connections: 16, duration: WARM_UP_SECONDS, headers });
      const afterChange = live ? await answerOfANewPeriod(url, headers) : await answerAfterAChange(pool, url, headers);
      const portal = await measure(seconds, live ? `${view}, live` : view, url, headers);
      await measurePlain(pool, plain, values, WARM_UP_SECONDS);
      const bare = await measurePlain(pool, plain, values, seconds);
      if (stopPings) console.log(`${view}: ${await stopPings()} pings recorded while it was measured`);
      const ratio = portal['req/s'] / Math.max(bare.perSecond, 0.01);
      const met = portal['p95 ms'] <= 50 && portal.errors === 0 && ratio >= 10;
      table.push({
        view,
        'p95 ms': portal['p95 ms'],
        'req/s': portal['req/s'],
        'after a change ms': afterChange,
        'plain GROUP BY req/s': Number(bare.perSecond.toFixed(1)),
        'plain p95 ms': Math.round(bare.p95),
        ratio: `${ratio.toFixed(1)}x`,
        target: 'p95 ≤ 50, ≥ 10x',
        met: met ? 'yes' : 'NO',
      });
    }
    console.log(`\nManager analytics (scale ${scale}), 16 connections, ${seconds} s each; p95 is autocannon's p97.5 (it reports no p95)`);
    console.table(table);
  } finally {
    await pool.end();
    await stopApiServer(server);
  }
}

await main();
