import pg from 'pg';
import { benchDatabaseUrl, freshDatabase, sleep, startApiServer, stopApiServer, type ApiServer } from './api-server.ts';
import { createDealerTree, rootDealerAuth, TREE_LEVELS } from './dealer-tree.ts';
import { measure, type Row } from './latency.ts';

/**
 * `npm run bench:customers`: the root dealer's customer list of issue 13 against the real server
 * (production mode, the machine's PostgreSQL). A tree of 500 dealers over four levels (1 root,
 * 9, 90, 400) with 200,000 customers spread over them; the root dealer's user asks for its list over
 * the whole subtree with a search term, the default sort and another sort: with the response cache
 * (ADR 0005, amended), with the cache while a customer of the tree changes ten times a second (every
 * change invalidates the tree's pages, not the counts of searches), and with the cache turned off.
 * Prints a table next to the target; asserts nothing.
 *
 * BENCH_SECONDS (default 10) per measurement, 16 connections.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200_000);
const dbName = 'casebridge_bench_customers';

/** The tree, then the customers spread over its dealers. */
async function prepareDatabase(): Promise<void> {
  const db = await freshDatabase(dbName);
  const q = (text: string, values: unknown[] = []) => db.pool.query(text, values);
  await createDealerTree(db);
  await q(
    `insert into dealer_customers (dealer_id, customer_code, first_name, last_name, company, contact_information)
     select d.ids[1 + (i % cardinality(d.ids))], 'C' || lpad(i::text, 7, '0'), 'Anna' || (i % 97), 'Muster' || (i % 89), 'Dental Lab ' || i,
            jsonb_build_object('email', 'lab' || i || '@example.test', 'city', 'City ' || (i % 500))
     from generate_series(0, $1 - 1) i, (select array_agg(id order by id) ids from dealers) d`,
    [CUSTOMERS],
  );
  // As autovacuum would soon after a load this size: the trigram index's pending entries merged in.
  await q('vacuum analyze');
  await db.close();
}

/**
 * The four lists of the table, each measured once against `server`, after a short warm-up whose
 * figures are dropped: a server that has just started opens its database connections and compiles
 * its hot paths during the first second under load, which is the start's cost, not the list's.
 */
async function measureLists(server: ApiServer, label: string): Promise<Row[]> {
  const auth = await rootDealerAuth(server.base);
  const list = (query: string, start = 0) => `${server.base}/api/dealer-customers?_start=${start}&_limit=10&${query}`;
  await measure(2, 'warm-up', list('_sort=company:asc'), auth);
  return [
    await measure(seconds, `${label}: search "muster1" (12 % of rows)`, list('_q=muster1'), auth),
    await measure(seconds, `${label}: search "lab 1234"`, list('_q=lab%201234'), auth),
    await measure(seconds, `${label}: first page (newest first)`, list(''), auth),
    await measure(seconds, `${label}: by last name, page 51`, list('_sort=lastName:asc', 500), auth),
  ];
}

/**
 * Changes one customer of the root's tree ten times a second until stopped: every change moves the
 * tree's list version (its pages are built again), but not its search version, because no search
 * reads the field (a search's count is kept; migration 0023).
 */
function keepChangingACustomer(): { stop: () => Promise<number> } {
  const db = new pg.Client(benchDatabaseUrl(dbName));
  let running = true;
  let changes = 0;
  const done = (async () => {
    await db.connect();
    while (running) {
      await db.query(`update dealer_customers set position = $1 where id = 1`, [`Changed ${changes++}`]);
      await sleep(100);
    }
    await db.end();
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return changes;
    },
  };
}

async function main() {
  const started = Date.now();
  await prepareDatabase();
  console.log(
    `${TREE_LEVELS.reduce((a, b) => a + b)} dealers, ${CUSTOMERS} customers generated in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  const rows: Row[] = [];
  const cached = await startApiServer(dbName);
  try {
    rows.push(...(await measureLists(cached, 'cache')));
    const writer = keepChangingACustomer();
    rows.push(...(await measureLists(cached, 'cache, 10 changes/s')));
    await writer.stop();
  } finally {
    await stopApiServer(cached);
  }
  const uncached = await startApiServer(dbName, { CUSTOMER_LIST_CACHE_BYTES: '0' });
  try {
    rows.push(...(await measureLists(uncached, 'no cache')));
  } finally {
    await stopApiServer(uncached);
  }
  console.log(`\nDealer customers: root's list over 500 dealers and ${CUSTOMERS} customers, 16 connections, ${seconds} s each`);
  console.table(rows);
}

await main();
