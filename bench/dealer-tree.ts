import type { Database } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

/**
 * The reseller tree the dealer benches share (issues 13 and 14): 500 dealers over four levels
 * (1 root, 9, 90, 400), each parent with an even share of children, and a signed-up user of the
 * root dealer. Made level by level because the path trigger needs the parent first.
 */
export const TREE_LEVELS = [1, 9, 90, 400];
export const ROOT_EMAIL = 'root@bench-dealer.test';
export const ROOT_PASSWORD = 'bench-password-123';

export async function createDealerTree(db: Database): Promise<void> {
  const q = (text: string, values: unknown[] = []) => db.pool.query(text, values);
  const {
    rows: [company],
  } = await q(`insert into companies (name, company_info_is_updated) values ('Bench Dealer', true) returning id`);
  const {
    rows: [user],
  } = await q(
    `insert into users (email, password_hash, first_name, last_name, role_type, confirmed, company_id) values ($1, $2, 'Root', 'Dealer', 'dealer', true, $3) returning id`,
    [ROOT_EMAIL, await hashPassword(ROOT_PASSWORD), company.id],
  );
  let parents: number[] = [];
  for (const [level, size] of TREE_LEVELS.entries()) {
    const { rows } = await q(
      `insert into dealers (company_id, parent_id, dealer_code, name, email, sub_dealer_allowed)
       select $1, ($2::int[])[1 + (i % greatest(cardinality($2::int[]), 1))], 'BD-' || $3 || '-' || i, 'Dealer ' || $3 || '-' || i, 'd' || $3 || '-' || i || '@bench.test', true
       from generate_series(0, $4 - 1) i returning id`,
      [company.id, parents.length ? parents : [null], level, size],
    );
    parents = rows.map((row) => row.id as number);
    if (level === 0)
      await q(`insert into dealer_members (dealer_id, user_id, dealer_role) values ($1, $2, 'dealer')`, [parents[0], user.id]);
  }
}

/** Signs the root dealer's user in and answers the authorization header. */
export async function rootDealerAuth(base: string): Promise<{ authorization: string }> {
  const response = await fetch(`${base}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: ROOT_EMAIL, password: ROOT_PASSWORD }),
  });
  const { jwt } = (await response.json()) as { jwt: string };
  return { authorization: `Bearer ${jwt}` };
}
