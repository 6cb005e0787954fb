import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { benchDatabaseUrl, freshDatabase, sleep, startApiServer, stopApiServer } from './api-server.ts';

/**
 * `npm run bench:import`: the customer CSV import of issue 13 against the real server (production
 * mode, the machine's PostgreSQL). Imports BENCH_ROWS (default 100,000) customers, takes the
 * server's peak resident memory during the import from the kernel (resetPeak), and loads the same
 * rows with PostgreSQL's COPY into scratch tables for comparison (see copySeconds). Prints a table
 * next to the targets; asserts nothing.
 */
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const dbName = 'casebridge_bench_import';
const PASSWORD = 'bench-password-123';

async function prepareDatabase(): Promise<void> {
  const db = await freshDatabase(dbName);
  const {
    rows: [company],
  } = await db.pool.query(`insert into companies (name, company_info_is_updated) values ('Bench Dealer', true) returning id`);
  await db.pool.query(
    `insert into dealers (company_id, dealer_code, name, email) values ($1, 'BENCH-ROOT', 'Bench Dealer', 'root@dealer.test')`,
    [company.id],
  );
  await db.pool.query(
    `insert into users (email, password_hash, first_name, last_name, role_type, confirmed) values ('bench-manager@casebridge.test', $1, 'Bench', 'Manager', 'manager', true)`,
    [await hashPassword(PASSWORD)],
  );
  await db.close();
}

/** The rows as a manager's Excel export would have them: semicolons, a header, quoted company names. */
function csv(): string {
  const lines = ['dealerId;customerId;firstName;lastName;company;city;email'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `BENCH-ROOT;C${String(i).padStart(7, '0')};Anna${i % 97};Muster${i % 89};"Dental Lab ${i}; GmbH";City ${i % 500};lab${i}@example.test`,
    );
  return `${lines.join('\r\n')}\r\n`;
}

/** A line of the server's /proc status in MB: VmRSS is the resident memory now, VmHWM its peak. */
const statusMb = (pid: number, key: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * Starts the server's peak resident memory afresh (Linux: 5 into clear_refs), so VmHWM after the
 * import is its peak during the import. The kernel keeps the peak on every page fault; sampling
 * VmRSS between status calls missed short peaks and counted the server's start-up peak in none.
 */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** The same rows in the customers table's own columns (the dealer resolved, the address as JSON), for COPY. */
function customerColumnsCsv(dealerId: number): string {
  const lines: string[] = [];
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
  for (let i = 0; i < rows; i++) {
    const address = JSON.stringify({ city: `City ${i % 500}`, email: `lab${i}@example.test` });
    lines.push(
      `${dealerId},C${String(i).padStart(7, '0')},Anna${i % 97},Muster${i % 89},${quote(`Dental Lab ${i}; GmbH`)},${quote(address)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function psql(script: string): Promise<number> {
  const started = performance.now();
  const child = spawn('psql', [benchDatabaseUrl(dbName), '-v', 'ON_ERROR_STOP=1', '-q'], { stdio: ['pipe', 'ignore', 'inherit'] });
  child.stdin.end(script);
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`psql failed (exit ${code})`);
  return (performance.now() - started) / 1000;
}

/**
 * PostgreSQL's COPY of the same rows, through psql's \copy as an operator would load them, twice:
 * into a bare scratch table (the floor of reading the rows in), and into a scratch table with the
 * customers table's definition and every one of its indexes (the floor of storing them where the
 * import must, searchable and unique; index upkeep is most of an import's database time).
 */
async function copySeconds(csvFile: string, customersFile: string): Promise<{ bare: number; indexed: number }> {
  const bare =
    await psql(`create temporary table scratch_bare (dealer_id text, customer_id text, first_name text, last_name text, company text, city text, email text);
\\copy scratch_bare from '${csvFile}' with (format csv, delimiter ';', header true)`);
  const indexed = await psql(`create temporary table scratch_customers (like dealer_customers including all);
\\copy scratch_customers (dealer_id, customer_code, first_name, last_name, company, contact_information) from '${customersFile}' with (format csv)`);
  return { bare, indexed };
}

async function benchDealerId(): Promise<number> {
  const client = new pg.Client(benchDatabaseUrl(dbName));
  await client.connect();
  try {
    return (await client.query(`select id from dealers where dealer_code = 'BENCH-ROOT'`)).rows[0].id as number;
  } finally {
    await client.end();
  }
}

async function main() {
  await prepareDatabase();
  const server = await startApiServer(dbName);
  const { base } = server;
  const pid = server.child.pid!;
  try {
    const signIn = await fetch(`${base}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'bench-manager@casebridge.test', password: PASSWORD }),
    });
    const { jwt } = (await signIn.json()) as { jwt: string };
    const auth = { authorization: `Bearer ${jwt}` };
    const body = new FormData();
    const text = csv();
    body.append('files.file', new Blob([text], { type: 'text/csv' }), 'customers.csv');
    resetPeak(pid);
    const rssBefore = statusMb(pid, 'VmRSS');
    const started = performance.now();
    const upload = await fetch(`${base}/api/customers/import`, { method: 'POST', headers: auth, body });
    if (!upload.ok) throw new Error(`upload refused: ${upload.status} ${await upload.text()}`);
    let summary: { total: number; success: number } | null = null;
    for (;;) {
      const status = (await (await fetch(`${base}/api/data-import-logs/active/import`, { headers: auth })).json()) as {
        status: string;
        dataImportLog: { importSummary: { total: number; success: number } } | null;
      };
      if (status.status === 'idle') {
        summary = status.dataImportLog?.importSummary ?? null;
        break;
      }
      await sleep(100);
    }
    const seconds = (performance.now() - started) / 1000;
    const rssPeak = statusMb(pid, 'VmHWM');
    const csvFile = '/tmp/casebridge-bench-import.csv';
    const customersFile = '/tmp/casebridge-bench-import-columns.csv';
    writeFileSync(csvFile, text);
    writeFileSync(customersFile, customerColumnsCsv(await benchDealerId()));
    const copy = await copySeconds(csvFile, customersFile);
    const share = (seconds: number, copySeconds: number) =>
      `${(rows / seconds).toFixed(0)} vs ${(rows / copySeconds).toFixed(0)} (${((copySeconds / seconds) * 100).toFixed(1)} %)`;
    console.log(`\nCustomer import: ${rows} rows`);
    console.table([
      {
        measurement: 'rows imported',
        result: `${summary?.success ?? 0} of ${summary?.total ?? 0}`,
        target: String(rows),
        met: summary?.success === rows ? 'yes' : 'NO',
      },
      { measurement: 'import time (s, upload to idle)', result: seconds.toFixed(1), target: '≤ 30', met: seconds <= 30 ? 'yes' : 'NO' },
      {
        measurement: 'server memory growth (MB, peak RSS during the import − RSS before)',
        result: (rssPeak - rssBefore).toFixed(1),
        target: '≤ 64',
        met: rssPeak - rssBefore <= 64 ? 'yes' : 'NO',
      },
      {
        measurement: 'rows/s vs COPY into a bare table',
        result: share(seconds, copy.bare),
        target: '≥ 20 %',
        met: copy.bare / seconds >= 0.2 ? 'yes' : 'NO',
      },
      {
        measurement: 'rows/s vs COPY into a table with the customers indexes',
        result: share(seconds, copy.indexed),
        target: '≥ 20 %',
        met: copy.indexed / seconds >= 0.2 ? 'yes' : 'NO',
      },
    ]);
  } finally {
    await stopApiServer(server);
  }
}

await main();
