import { performance } from 'node:perf_hooks';
import { freshDatabase, startApiServer, stopApiServer } from './api-server.ts';
import { createDealerTree, rootDealerAuth, TREE_LEVELS } from './dealer-tree.ts';
import { measure, type Row } from './latency.ts';

/**
 * `npm run bench:tickets`: the dealers' ticket desk of issue 14 against the real server (production
 * mode, the machine's PostgreSQL). 100,000 licence tickets over the 500-dealer tree; the root
 * dealer's user lists its whole subtree sorted by licence expiry, with and without a search term,
 * and archives 1,000 tickets in one batch call (and brings them back), then times the first answer
 * after that change (the kept answers' stamp moved). Prints a table next to the targets; asserts nothing.
 *
 * BENCH_SECONDS (default 10) per list measurement, 16 connections.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const dbName = 'casebridge_bench_tickets';
const PRODUCTS = ['Mill Pro', 'Mill Lite', 'CAM Studio', 'Nesting Plus', 'Scan Bridge'];

/** Tickets with 5×5 keys, products, and expiry dates from two years ago to four years ahead. */
async function prepareDatabase(): Promise<void> {
  const db = await freshDatabase(dbName);
  await createDealerTree(db);
  await db.pool.query(
    `insert into licence_tickets (key, dealer_id, product_text, licence_expiry, maintenance_expiry, description)
     select k.key, d.ids[1 + (i % cardinality(d.ids))], ($2::text[])[1 + (i % cardinality($2::text[]))],
            current_date - 730 + ((i::bigint * 7919) % 2190)::int, current_date - 365 + ((i::bigint * 104729) % 1460)::int, 'Seat ' || i
     from generate_series(0, $1 - 1) i
     cross join lateral (select upper(md5('t' || i)) h) m
     cross join lateral (select substr(h, 1, 5) || '-' || substr(h, 6, 5) || '-' || substr(h, 11, 5) || '-' || substr(h, 16, 5) || '-' || substr(h, 21, 5) as key) k,
     (select array_agg(id order by id) ids from dealers) d`,
    [TICKETS, PRODUCTS],
  );
  // As autovacuum would soon after a load this size.
  await db.pool.query('vacuum analyze');
  await db.close();
}

async function batchArchiveMs(base: string, auth: Record<string, string>, ids: number[], archived: boolean): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/dealer-tickets/batch-archive`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ ticketIds: ids, archived }),
  });
  const elapsed = performance.now() - started;
  const body = (await response.json()) as { changed?: number };
  if (!response.ok || body.changed !== ids.length) throw new Error(`batch archive: ${response.status} ${JSON.stringify(body)}`);
  return elapsed;
}

/** One request's time, for the rebuild after a change (the cache's miss). */
async function onceMs(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

async function main() {
  const started = Date.now();
  await prepareDatabase();
  console.log(
    `${TREE_LEVELS.reduce((a, b) => a + b)} dealers, ${TICKETS} tickets generated in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  const server = await startApiServer(dbName);
  try {
    const auth = await rootDealerAuth(server.base);
    const list = (query: string) => `${server.base}/api/dealer-tickets?_start=0&_limit=10&_sort=licenceExpiry:asc&${query}`;
    const lines = {
      millPro: list('_q=mill%20pro'),
      keyPart: list('_q=a1b2'),
      first: list(''),
      page101: list('archived=active').replace('_start=0', '_start=1000'),
    };
    // The server has just started: a short pass over every line first, so the first line measured
    // does not pay for warming up the process (those figures are dropped).
    for (const url of Object.values(lines)) await measure(1, 'warm-up', url, auth);
    const rows: (Row | Record<string, string | number>)[] = [
      await measure(seconds, 'root, by expiry, search "mill pro"', lines.millPro, auth),
      await measure(seconds, 'root, by expiry, search a key part "A1B2"', lines.keyPart, auth),
      await measure(seconds, 'root, by expiry, first page', lines.first, auth),
      await measure(seconds, 'root, by expiry, active only, page 101', lines.page101, auth),
    ];
    const page = (await (await fetch(`${server.base}/api/dealer-tickets?_start=0&_limit=100&_sort=id:asc`, { headers: auth })).json()) as {
      data: { id: number }[];
    };
    const ids = Array.from({ length: 1000 }, (_, i) => page.data[0]!.id + i * 97);
    const archive = await batchArchiveMs(server.base, auth, ids, true);
    const restore = await batchArchiveMs(server.base, auth, ids, false);
    // The unarchive moved the tree's stamp: the next answer of each search is built again.
    const rebuilt = { 'mill pro': await onceMs(lines.millPro, auth), first: await onceMs(lines.first, auth) };
    rows.push(
      {
        measurement: 'first answer after a change: search "mill pro" (ms)',
        'req/s': '',
        'p95 ms': Math.round(rebuilt['mill pro']),
        errors: 0,
        target: '(no target)',
        met: '',
      },
      {
        measurement: 'first answer after a change: first page (ms)',
        'req/s': '',
        'p95 ms': Math.round(rebuilt.first),
        errors: 0,
        target: '(no target)',
        met: '',
      },
      {
        measurement: 'batch archive of 1,000 tickets (ms)',
        'req/s': '',
        'p95 ms': Math.round(archive),
        errors: 0,
        target: '< 1000',
        met: archive < 1000 ? 'yes' : 'NO',
      },
      {
        measurement: 'batch unarchive of the same 1,000 (ms)',
        'req/s': '',
        'p95 ms': Math.round(restore),
        errors: 0,
        target: '< 1000',
        met: restore < 1000 ? 'yes' : 'NO',
      },
    );
    console.log(`\nDealer tickets: root's desk over 500 dealers and ${TICKETS} tickets, 16 connections, ${seconds} s each`);
    console.table(rows);
  } finally {
    await stopApiServer(server);
  }
}

await main();
