import autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabaseUrl, freshDatabase, sleep, startApiServer, stopApiServer } from './api-server.ts';

/**
 * `npm run bench:usage`: ping ingestion of issue 12 against the real server (production mode, the
 * machine's PostgreSQL). 10,000 licence keys with consent, 50,000 machines; prints a table of each
 * measurement next to its target and asserts nothing.
 *
 * BENCH_SECONDS (default 20): how long pings are fired. BENCH_CONNECTIONS (default 64).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const KEYS = 10_000;
const MACHINES = 50_000;
const dbName = 'casebridge_bench_usage';
const MB = 1024 * 1024;

const licenceKey = (i: number) => `BENCH-${String(Math.floor(i / 100_000)).padStart(5, '0')}-${String(i % 100_000).padStart(5, '0')}-USAGE-PINGS`;

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

async function sizes(client: pg.Client) {
  const { rows: [row] } = await client.query(
    `select pg_total_relation_size('usage_machines')::bigint + pg_total_relation_size('usage_key_summaries')::bigint as machines,
            pg_total_relation_size('usage_hours')::bigint as hours,
            (select count(*) from usage_machines)::int as machine_rows, (select coalesce(sum(pings), 0) from usage_hours)::bigint as pings`,
  );
  return { machines: Number(row.machines), hours: Number(row.hours), machineRows: row.machine_rows as number, pings: Number(row.pings) };
}

async function main() {
  await prepareDatabase();
  const server = await startApiServer(dbName);
  const client = new pg.Client(benchDatabaseUrl(dbName));
  await client.connect();
  try {
    let next = 0;
    const result = await autocannon({
      url: `${server.base}/api/usage/pings`,
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

    // A day of pings, beyond what the HTTP run reached: first every one of the 50,000 machines
    // exists (the run may not have reached them all), then each is updated as once a minute for
    // 30 rounds (HOT updates reach a steady state within a few), and 24 hourly rows per key.
    await client.query(
      `insert into usage_machines (licence_key_id, board_serial, mac_addresses, pc_name, ip_addresses, running, first_ping_at, last_ping_at)
       select k.id, 'BOARD-' || m, array['02:00:00:00:00:00'], 'CAM-' || m, array['10.0.0.1'], true, now(), now()
       from generate_series(0, ${MACHINES - 1}) m join licence_keys k on k.key = 'BENCH-00000-' || lpad((m % ${KEYS})::text, 5, '0') || '-USAGE-PINGS'
       on conflict do nothing`,
    );
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
    await stopApiServer(server);
  }
}

await main();
