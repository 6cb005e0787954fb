import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import pg from 'pg';
import { CONCURRENCY_WINDOW_MINUTES, type UsagePing } from '@casebridge/shared/schemas/usage';
import { connect, type Db } from '../apps/api/src/db/client.ts';
import { recordPings } from '../apps/api/src/modules/usage/usage.repository.ts';
import { benchDatabaseUrl, freshDatabase, startApiServer, stopApiServer } from './api-server.ts';
import { openLoop, type OpenLoopResult } from './open-loop.ts';

/**
 * `npm run bench:usage`: ping ingestion of issue 12 against the real server (production mode, the
 * machine's PostgreSQL). 10,000 licence keys with consent, 50,000 machines; prints a table of each
 * measurement next to its target (pings/s, p99 and every ping accounted for, from one run; the
 * storage of a day) and what each usage table holds, and asserts nothing.
 *
 * First every machine pings once at BENCH_RATE (default 3,000) a second: a deployment's first
 * minute, in which every ping adds a machine; then the vacuum autovacuum runs within that minute.
 * Then two runs of BENCH_SECONDS (default 20) on the machines that exist, as every later minute
 * sees: a steady BENCH_RATE pings a second whatever the answers, as machines send them
 * (open-loop.ts; the target's line); then as fast as BENCH_CONNECTIONS (default 64) connections
 * go, each sending its next ping when answered (the most one process takes).
 * BENCH_DAY_ROUNDS (default 16): minute rounds played after the day's hours (playDay).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const rate = Number(process.env.BENCH_RATE ?? 3000);
const KEYS = 10_000;
const MACHINES = 50_000;
const dbName = 'casebridge_bench_usage';
const MB = 1024 * 1024;

const licenceKey = (i: number) =>
  `BENCH-${String(Math.floor(i / 100_000)).padStart(5, '0')}-${String(i % 100_000).padStart(5, '0')}-USAGE-PINGS`;

async function prepareDatabase(): Promise<void> {
  const db = await freshDatabase(dbName);
  await db.pool.query(`insert into companies (name, company_info_is_updated) select 'Mill ' || i, true from generate_series(1, 200) i`);
  await db.pool.query(`insert into mills (company_id, need_policies_approval) select id, false from companies order by id`);
  await db.pool.query(
    `insert into licence_keys (mill_id, key, enable_data_collection, allowed_users)
     select 1 + (i % 200), k.key, true, 1 + (i % 3) from unnest($1::text[]) with ordinality as k(key, i)`,
    [Array.from({ length: KEYS }, (_, i) => licenceKey(i))],
  );
  await db.close();
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

/** Each usage relation's bytes (table, its indexes, its TOAST), and the database's. */
async function sizes(client: pg.Client) {
  const { rows } = await client.query<{ relation: string; table: string; indexes: string; toast: string }>(
    `select c.relname as relation, pg_relation_size(c.oid) as table, pg_indexes_size(c.oid) as indexes,
       coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0) as toast
     from pg_class c where c.relkind = 'r' and c.relname like 'usage\\_%' and c.relnamespace = 'public'::regnamespace order by 1`,
  );
  const {
    rows: [db],
  } = await client.query<{ bytes: string }>(`select pg_database_size(current_database()) as bytes`);
  const relations = rows.map((row) => ({
    relation: row.relation,
    table: Number(row.table),
    indexes: Number(row.indexes),
    toast: Number(row.toast),
  }));
  return { relations, usage: relations.reduce((sum, row) => sum + row.table + row.indexes + row.toast, 0), database: Number(db!.bytes) };
}

async function counts(client: pg.Client) {
  const {
    rows: [row],
  } = await client.query(
    `select (select count(*) from usage_machines)::int as machines, (select coalesce(sum(pings), 0) from usage_hours)::bigint as pings`,
  );
  return { machines: row.machines as number, pings: Number(row.pings) };
}

const ROUNDS = Number(process.env.BENCH_DAY_ROUNDS ?? 16);
const BATCH = 250;
const WRITERS = 4;

/**
 * Every machine pings once, at `at`, through the ingestion's own statements, in batches of the size
 * group commit makes under load, several batches at once, in a shuffled order as pings arrive.
 */
async function pingRound(db: Db, order: number[], at: Date) {
  let next = 0;
  const writer = async () => {
    for (let start = (next += BATCH) - BATCH; start < order.length; start = (next += BATCH) - BATCH) {
      const batch = order.slice(start, start + BATCH).map((machine) => ({ ping: JSON.parse(pingBody(machine)) as UsagePing, at }));
      await recordPings(db, batch, CONCURRENCY_WINDOW_MINUTES);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
}

/**
 * A day of 50,000 machines pinging once a minute is 72 million pings: too many for a bench. What
 * grows is measured instead: one round of every machine in each of the day's 24 hours (every hourly
 * row of every key exists), then ROUNDS rounds a minute apart, during which updates reuse the space
 * of the rows they replace, each round followed by the vacuum autovacuum would run in that minute. The day's size is what is stored then, plus the growth per round of the
 * last half of the minute rounds for each of the day's minutes not played.
 */
async function playDay(client: pg.Client, before: number) {
  const database = connect(benchDatabaseUrl(dbName));
  const order = Array.from({ length: MACHINES }, (_, i) => i).sort(() => Math.random() - 0.5);
  const start = Date.UTC(2026, 10, 2);
  const grown: number[] = [];
  // Autovacuum visits a table at most once a minute (autovacuum_naptime); every usage table passes
  // its threshold each minute under this load. Rounds played faster than real time would skip those
  // visits, so each round is followed by the vacuum that the minute (or hour) would have seen.
  const round = async (at: number) => {
    await pingRound(database.db, order, new Date(at));
    await client.query('vacuum usage_machines, usage_key_summaries, usage_hours');
  };
  try {
    for (let hour = 0; hour < 24; hour++) await round(start + hour * 3_600_000);
    for (let minute = 1; minute <= ROUNDS; minute++) {
      await round(start + 23 * 3_600_000 + minute * 60_000);
      grown.push((await sizes(client)).database - before);
    }
  } finally {
    await database.close();
  }
  const half = Math.floor(ROUNDS / 2);
  const perRound = (grown[ROUNDS - 1]! - grown[half - 1]!) / (ROUNDS - half);
  return { played: grown[ROUNDS - 1]!, perRound, day: grown[ROUNDS - 1]! + Math.max(0, perRound) * (24 * 60 - 24 - ROUNDS) };
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);
const met = (ok: boolean) => (ok ? 'yes' : 'NO');

async function main() {
  await prepareDatabase();
  const client = new pg.Client(benchDatabaseUrl(dbName));
  await client.connect();
  const empty = await sizes(client);
  const server = await startApiServer(dbName);
  let sent = 0;
  const fire = (options: Partial<autocannon.Options>) =>
    autocannon({
      url: `${server.base}/api/usage/pings`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      duration: seconds,
      requests: [{ setupRequest: (request) => ({ ...request, body: pingBody(sent++ % MACHINES) }) }],
      ...options,
    });
  let first: OpenLoopResult;
  let most: autocannon.Result;
  let steady: OpenLoopResult;
  const steadyPings = (seconds: number) =>
    openLoop({ url: `${server.base}/api/usage/pings`, rate, seconds, body: () => pingBody(sent++ % MACHINES), expectedStatus: 202 });
  try {
    first = await steadyPings(MACHINES / rate);
    // After a minute of new machines autovacuum has visited the usage tables; the later minutes
    // update rows that exist (the vacuum of each later minute is part of what they measure).
    await client.query('vacuum analyze usage_machines, usage_key_summaries, usage_hours');
    // Pings at a set rate, as machines send them whatever the answers: what a deployment sees.
    steady = await steadyPings(seconds);
    // As fast as the connections go (each sends its next ping once answered): the most a process takes.
    most = await fire({ connections });
  } finally {
    // A clean shutdown answers the requests in flight first: after it every ping sent is settled.
    await stopApiServer(server);
  }
  try {
    const stored = await counts(client);
    const failed = first.failed + most.non2xx + most.errors + most.timeouts + steady.failed;
    const day = await playDay(client, empty.database);
    const after = await sizes(client);
    console.log(
      `\nUsage pings: ${KEYS} keys, ${MACHINES} machines, ${seconds} s per line; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    console.table([
      {
        measurement: `first ping of every machine, sent at ${rate}/s: p50 / p99 (ms)`,
        result: `${first.p50} / ${first.p99}`,
        target: '–',
        met: '–',
      },
      {
        measurement: `pings per second answered, sent at a steady ${rate}/s`,
        result: steady.perSecond.toFixed(0),
        target: '≥ 3000',
        met: met(rate >= 3000 && steady.perSecond >= rate * 0.99),
      },
      {
        measurement: '  p50 / p99 latency at that rate (ms)',
        result: `${steady.p50} / ${steady.p99}`,
        target: '≤ 50 (p99)',
        met: met(steady.p99 <= 50),
      },
      {
        measurement: `most pings per second (${connections} connections, each waiting for its answer)`,
        result: most.requests.average.toFixed(0),
        target: '–',
        met: '–',
      },
      { measurement: `  p99 latency there (ms)`, result: String(most.latency.p99), target: '–', met: '–' },
      { measurement: 'answers other than 202', result: String(failed), target: '0', met: met(failed === 0) },
      {
        measurement: 'pings accounted for (stored / sent)',
        result: `${stored.pings} / ${sent}`,
        target: 'equal',
        met: met(stored.pings === sent),
      },
      {
        measurement: 'machines stored',
        result: String(stored.machines),
        target: `${Math.min(MACHINES, sent)}`,
        met: met(stored.machines === Math.min(MACHINES, sent)),
      },
      { measurement: `database growth after 24 hourly + ${ROUNDS} minute rounds (MB)`, result: mb(day.played), target: '–', met: '–' },
      { measurement: 'growth per further minute round (MB)', result: mb(day.perRound), target: '–', met: '–' },
      {
        measurement: 'database growth for a day of 50,000 machines (MB)',
        result: mb(day.day),
        target: '≤ 100',
        met: met(day.day <= 100 * MB),
      },
    ]);
    console.log('What the usage tables hold after the day (MB):');
    console.table(
      after.relations.map((row) => ({ relation: row.relation, table: mb(row.table), indexes: mb(row.indexes), toast: mb(row.toast) })),
    );
  } finally {
    await client.end();
  }
}

await main();
