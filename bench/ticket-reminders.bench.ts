import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { DEFAULT_RATE_LIMITS } from '../apps/api/src/deps.ts';
import { runTicketReminders } from '../apps/api/src/modules/ticket-reminders/ticket-reminders.service.ts';
import { freshDatabase } from './api-server.ts';
import { createDealerTree, TREE_LEVELS } from './dealer-tree.ts';

/**
 * `npm run bench:reminders`: the ticket expiry reminder job of issue 14 over the 500-dealer tree
 * with 100,000 tickets (expiry dates from two years ago to four years ahead, as bench:tickets) and
 * one confirmed user per dealer with daily reminders 30 days ahead (the most work a digest has).
 * The job runs in this process on the app's own deps (the production job's code, the machine's
 * PostgreSQL), with queue workers off so only the job itself is timed: claiming the digests,
 * the three stage passes, and queueing every mail in the same transaction.
 *
 * Runs: a first day (every stage), a second run the same day (all claimed: nothing to do), and
 * a week later (stage 3 of the tickets the first run reported as expired). Asserts nothing.
 */
const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const dbName = 'casebridge_bench_reminders';
const PRODUCTS = ['Mill Pro', 'Mill Lite', 'CAM Studio', 'Nesting Plus', 'Scan Bridge'];
const TARGET_MS = 10_000;

async function main() {
  const started = Date.now();
  const database = await freshDatabase(dbName);
  await createDealerTree(database);
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  // One user per dealer (the tree's root already has one), all with daily reminders 30 days ahead.
  await q(
    `with made as (
       insert into users (email, first_name, last_name, role_type, confirmed, company_id, settings)
       select 'u' || d.id || '@bench-reminders.test', 'Dealer', 'User ' || d.id, 'dealer', true, d.company_id, '{}'::jsonb
       from dealers d where not exists (select 1 from dealer_members m where m.dealer_id = d.id)
       returning id, email)
     insert into dealer_members (dealer_id, user_id, dealer_role)
     select substring(email from 'u(\\d+)@')::int, id, 'dealer' from made`,
  );
  await q(
    `update users set settings = '{"ticketExpiryReminder": true, "ticketExpiryReminderDays": 30, "ticketExpiryReminderFrequency": ` +
      `"daily"}'::jsonb, language = (array['en','de','fr','it','sp','pl'])[1 + id % 6] where role_type = 'dealer'`,
  );
  await q(
    `insert into licence_tickets (key, dealer_id, product_text, licence_expiry, maintenance_expiry, description)
     select k.key, d.ids[1 + (i % cardinality(d.ids))], ($2::text[])[1 + (i % cardinality($2::text[]))],
            current_date - 730 + ((i::bigint * 7919) % 2190)::int, current_date - 365 + ((i::bigint * 104729) % 1460)::int, 'Seat ' || i
     from generate_series(0, $1 - 1) i
     cross join lateral (select upper(md5('t' || i)) h) m
     cross join lateral (select substr(h, 1, 5) || '-' || substr(h, 6, 5) || '-' || substr(h, 11, 5) || '-' || substr(h, 16, 5) || '-' || substr(h, 21, 5) as key) k,
     (select array_agg(id order by id) ids from dealers) d`,
    [TICKETS, PRODUCTS],
  );
  await q('vacuum analyze');
  const {
    rows: [counts],
  } = await q(
    `select (select count(*)::int from users where role_type = 'dealer') as users, (select count(*)::int from licence_tickets) as tickets`,
  );
  console.log(
    `${TREE_LEVELS.reduce((a, b) => a + b)} dealers, ${counts.users} dealer users, ${counts.tickets} tickets generated in ${Math.round((Date.now() - started) / 1000)} s`,
  );

  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: `/tmp/${dbName}`,
    PUBLIC_URL: 'http://bench.test',
    RUN_JOBS: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    APP_ENCRYPTION_KEY: 'bench-encryption-key-bench-encryption-key-42',
  });
  const app = await buildApp({
    config: { ...config, runJobs: false },
    database,
    jwtSecret: randomBytes(32).toString('base64url'),
    rateLimits: DEFAULT_RATE_LIMITS,
    logger: false,
  });
  await app.ready();
  try {
    const today = new Date();
    today.setUTCHours(6, 5, 0, 0);
    const weekLater = new Date(today.getTime() + 7 * 86_400_000);
    const rows: Record<string, string | number>[] = [];
    for (const [measurement, now] of [
      ['first run of a day (all stages)', today],
      ['second run the same day', today],
      ['a week later (stage 3 too)', weekLater],
    ] as const) {
      const t0 = performance.now();
      const result = await runTicketReminders(app.deps, now);
      const ms = Math.round(performance.now() - t0);
      rows.push({
        measurement,
        'time ms': ms,
        digests: result.digests,
        mails: result.mails,
        target: `< ${TARGET_MS}`,
        met: ms < TARGET_MS ? 'yes' : 'NO',
      });
    }
    const { rows: stages } = await q(`select stage, count(*)::int as n from ticket_reminder_stages group by stage order by stage`);
    console.log(
      `\nTicket reminders: 500 dealers, ${counts.users} users (daily, 30 days ahead), ${counts.tickets} tickets; stage rows: ${stages.map((s) => `stage ${s.stage} ${s.n}`).join(', ')}`,
    );
    console.table(rows);
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
