import pg from 'pg';
import { COMPONENT_STATUSES } from '@casebridge/shared/constants/orders';
import { connect } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

/**
 * Fills a fresh database with the volume: 200 mills (skewed: the busiest holds about
 * 35,000 orders), 5,000 labs, 500,000 orders, 1,500,000 components, 2,000,000 messages.
 * `scale` shrinks everything proportionally for a quick run.
 */
export const BENCH_PASSWORD = 'bench-password-123';
export const BENCH_ADMIN_EMAIL = 'bench-admin@mill.test';

/** The orders-list queries the benches measure on this data: first page, deep page, status filter, search. */
export const LIST_QUERIES = {
  first: '_limit=10',
  deep: '_start=2000&_limit=10',
  status: '_limit=10&status=Closed',
  search: '_limit=10&_q=patient%20c4ca',
} as const;

export async function generate(
  adminUrl: string,
  database: string,
  scale = 1,
): Promise<{ url: string; busiestMillId: number; adminEmail: string }> {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const db = connect(url.toString());
  await runMigrations(db);
  const orders = Math.round(500_000 * scale);
  const busiest = Math.round(35_000 * scale);
  const labs = Math.max(10, Math.round(5_000 * scale));
  const q = (text: string, values: unknown[] = []) => db.pool.query(text, values);

  await q(`insert into companies (name, company_info_is_updated) select 'Mill ' || i, true from generate_series(1, 200) i`);
  await q(`insert into mills (company_id, need_policies_approval) select id, false from companies order by id`);
  await q(`insert into companies (name, company_info_is_updated) select 'Lab ' || i, true from generate_series(1, $1::int) i`, [labs]);
  await q(`insert into labs (company_id) select id from companies where name like 'Lab %' order by id`);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const adminEmail = BENCH_ADMIN_EMAIL;
  const {
    rows: [user],
  } = await q(
    `insert into users (email, password_hash, first_name, last_name, role_type, company_id, confirmed) values ($1, $2, 'Bench', 'Admin', 'mill', 1, true) returning id`,
    [adminEmail, passwordHash],
  );
  await q(`insert into mill_members (mill_id, user_id, mill_role) values (1, $1, 'admin')`, [user.id]);
  await q(`insert into users (email, first_name, last_name, role_type, company_id, confirmed)
           select 'staff' || i || '@mill.test', 'Staff', 'Member ' || i, 'mill', 1, true from generate_series(1, 5) i`);
  await q(`insert into mill_members (mill_id, user_id, mill_role) select 1, id, 'user' from users where email like 'staff%'`);

  // Orders: the busiest mill first, the rest spread over the other 199 mills.
  await q(
    `insert into projects (mill_id, lab_id, name, submitted_at, created_at, responsible_id)
           select 1, 1 + (i % $2::int), 'Order ' || i || ' patient ' || md5(i::text),
                  now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval,
                  case when i % 4 = 0 then null else (select min(id) from users) + (i % 6) end
           from generate_series(1, $1::int) i`,
    [busiest, labs],
  );
  await q(
    `insert into projects (mill_id, lab_id, name, submitted_at, created_at)
           select 2 + (i % 199), 1 + (i % $2::int), 'Order ' || i, now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
           from generate_series(1, $1::int) i`,
    [orders - busiest, labs],
  );
  // Three components per order on average, in every status.
  await q(
    `insert into components (project_id, name, status)
           select p.id, 'Component ' || k, ($1::text[])[1 + ((p.id + k) % cardinality($1::text[]))]
           from projects p cross join generate_series(1, 3) k`,
    [COMPONENT_STATUSES],
  );
  // Four messages per order on average.
  await q(`insert into messages (project_id, author_id, message, created_at)
           select p.id, null, 'Message ' || k, p.created_at + (k || ' minutes')::interval
           from projects p cross join generate_series(1, 4) k`);
  // The triggers rewrote every order once; a vacuum sets the visibility map as autovacuum would.
  await q('vacuum analyze');
  await db.close();
  return { url: url.toString(), busiestMillId: 1, adminEmail };
}

export const BENCH_MANAGER_EMAIL = 'bench-manager@casebridge.test';

/**
 * What the manager's analytics read, on top of `generate`'s orders (issue 12): one document per
 * component (sizes from 10 KB to 20 MB) and a returned file for every third, each lab a confirmed
 * client of two mills with one lab user, a manager, 10,000 licence keys with consent, 50,000
 * machines (a third of them running now) and 30 days of hourly concurrency, working hours only.
 * All in SQL with generate_series; the roll-up triggers of migration 0020 keep up as rows arrive.
 */
export async function addAnalyticsData(url: string, scale = 1): Promise<{ managerEmail: string }> {
  const db = connect(url);
  const q = (text: string, values: unknown[] = []) => db.pool.query(text, values);
  const keys = Math.max(10, Math.round(10_000 * scale));
  await q(`insert into component_files (component_id, kind, name, storage_key, size, sha256, file_type, created_at)
           select c.id, 'document', 'scan.stl', 'bench/d' || c.id, 10000 + (c.id::bigint * 7919) % 20000000, 'x', 'stl', p.created_at
           from components c join projects p on p.id = c.project_id`);
  await q(`insert into component_files (component_id, kind, name, storage_key, size, sha256, file_type, created_at)
           select c.id, 'download', 'milled.stl', 'bench/r' || c.id, 5000 + (c.id::bigint * 104729) % 5000000, 'x', 'stl', p.created_at
           from components c join projects p on p.id = c.project_id where c.id % 3 = 0`);
  await q(`insert into mill_clients (mill_id, lab_id, confirmed)
           select m, l.id, true from labs l cross join lateral (values (1), (2 + l.id % 199)) as v(m) on conflict do nothing`);
  await q(`insert into users (email, first_name, last_name, role_type, company_id, confirmed, created_at)
           select 'lab' || l.id || '@lab.test', 'Lab', 'User ' || l.id, 'lab', l.company_id, true, now() - (l.id || ' hours')::interval from labs l`);
  const managerEmail = BENCH_MANAGER_EMAIL;
  await q(
    `insert into users (email, password_hash, first_name, last_name, role_type, confirmed) values ($1, $2, 'Bench', 'Manager', 'manager', true)`,
    [managerEmail, await hashPassword(BENCH_PASSWORD)],
  );
  await q(
    `insert into licence_keys (mill_id, key, enable_data_collection, allowed_users)
           select 1 + i % 200, 'BENCH-' || lpad(i::text, 5, '0') || '-ANALY-TICSX-KEYSX', true, 1 + i % 3 from generate_series(0, $1::int - 1) i`,
    [keys],
  );
  await q(`insert into usage_machines (licence_key_id, board_serial, mac_addresses, pc_name, ip_addresses, running, first_ping_at, last_ping_at)
           select k.id, 'BOARD-' || k.id || '-' || n, array['02:00:00:00:00:0' || n], 'CAM-' || k.id || '-' || n, array['10.0.0.' || n],
                  (k.id + n) % 3 = 0, now() - interval '30 days', now() - ((k.id + n) % 3 * 10 || ' minutes')::interval
           from licence_keys k cross join generate_series(1, 5) n`);
  await q(`insert into usage_hours (licence_key_id, hour, max_concurrent, pings)
           select k.id, date_trunc('day', now()) - (d || ' days')::interval + (h || ' hours')::interval, 1 + (k.id + d + h) % 5, 300
           from licence_keys k cross join generate_series(1, 30) d cross join generate_series(8, 17) h`);
  await q('vacuum analyze');
  await db.close();
  return { managerEmail };
}
