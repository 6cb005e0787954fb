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

export async function generate(adminUrl: string, database: string, scale = 1): Promise<{ url: string; busiestMillId: number; adminEmail: string }> {
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
  const { rows: [user] } = await q(`insert into users (email, password_hash, first_name, last_name, role_type, company_id, confirmed) values ($1, $2, 'Bench', 'Admin', 'mill', 1, true) returning id`, [adminEmail, passwordHash]);
  await q(`insert into mill_members (mill_id, user_id, mill_role) values (1, $1, 'admin')`, [user.id]);
  await q(`insert into users (email, first_name, last_name, role_type, company_id, confirmed)
           select 'staff' || i || '@mill.test', 'Staff', 'Member ' || i, 'mill', 1, true from generate_series(1, 5) i`);
  await q(`insert into mill_members (mill_id, user_id, mill_role) select 1, id, 'user' from users where email like 'staff%'`);

  // Orders: the busiest mill first, the rest spread over the other 199 mills.
  await q(`insert into projects (mill_id, lab_id, name, submitted_at, created_at, responsible_id)
           select 1, 1 + (i % $2::int), 'Order ' || i || ' patient ' || md5(i::text),
                  now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval,
                  case when i % 4 = 0 then null else (select min(id) from users) + (i % 6) end
           from generate_series(1, $1::int) i`, [busiest, labs]);
  await q(`insert into projects (mill_id, lab_id, name, submitted_at, created_at)
           select 2 + (i % 199), 1 + (i % $2::int), 'Order ' || i, now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
           from generate_series(1, $1::int) i`, [orders - busiest, labs]);
  // Three components per order on average, in every status.
  await q(`insert into components (project_id, name, status)
           select p.id, 'Component ' || k, ($1::text[])[1 + ((p.id + k) % cardinality($1::text[]))]
           from projects p cross join generate_series(1, 3) k`, [COMPONENT_STATUSES]);
  // Four messages per order on average.
  await q(`insert into messages (project_id, author_id, message, created_at)
           select p.id, null, 'Message ' || k, p.created_at + (k || ' minutes')::interval
           from projects p cross join generate_series(1, 4) k`);
  // The triggers rewrote every order once; a vacuum sets the visibility map as autovacuum would.
  await q('vacuum analyze');
  await db.close();
  return { url: url.toString(), busiestMillId: 1, adminEmail };
}
