import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { MillRole } from '@casebridge/shared/constants/roles';
import type { Db } from '../db/client.ts';
import { millMembers, mills } from '../db/schema/mills.ts';
import { AppError } from './app-error.ts';
import { users } from '../db/schema/users.ts';
import { acceptSessionUser, verifiedClaims, type UserRow } from './current-user.ts';

export interface MillAccess {
  user: UserRow;
  millId: number;
  millRole: MillRole;
  mill: typeof mills.$inferSelect;
  /** The mill's orders-list version (migration 0008), read in the same round trip for the list's cache. */
  listVersion: string;
}

/**
 * The first line of every mill-workspace handler: the caller must be staff of this mill.
 * Anyone else gets 404, exactly as for a mill that does not exist, so ids reveal nothing.
 * `adminOnly` refuses the mill's plain users with 403 (they know the mill exists).
 * `write` refuses changes while the operator blocks the mill: a blocked mill can still sign in,
 * read its data and fix its company details, but not grow (clients, users, keys, landing page).
 */
const preparedByDb = new WeakMap<Db, ReturnType<typeof prepareSessionAndMembership>>();

/**
 * The session user and their membership in one round trip. It runs on every mill request, so it
 * is a named prepared statement: PostgreSQL parses and plans it once per connection.
 */
function prepareSessionAndMembership(db: Db) {
  return db
    .select({
      user: users,
      millRole: millMembers.millRole,
      mill: mills,
      listVersion: sql<string>`(select coalesce(sum(version), 0)::text from order_list_versions where mill_id in (0, ${mills.id}))`,
    })
    .from(users)
    .leftJoin(millMembers, and(eq(millMembers.userId, users.id), eq(millMembers.millId, sql.placeholder('millId'))))
    .leftJoin(mills, eq(mills.id, millMembers.millId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('session_and_mill_membership');
}

function sessionAndMembership(db: Db) {
  let prepared = preparedByDb.get(db);
  if (!prepared) preparedByDb.set(db, (prepared = prepareSessionAndMembership(db)));
  return prepared;
}

export async function requireMillStaff(
  request: FastifyRequest,
  db: Db,
  millId: number,
  options: { adminOnly?: boolean; write?: boolean } = {},
): Promise<MillAccess> {
  const claims = await verifiedClaims(request);
  const [found] = await sessionAndMembership(db).execute({ userId: claims.userId, millId });
  const user = acceptSessionUser(request, found?.user, claims);
  const row = found?.millRole && found.mill ? { millRole: found.millRole, mill: found.mill } : null;
  if (!row || user.roleType !== 'mill') throw AppError.notFound('Mill');
  if (options.adminOnly && row.millRole !== 'admin') throw AppError.forbidden('Only a mill administrator can do this');
  if (options.write && row.mill.blocked) {
    throw AppError.forbidden('This mill is blocked. Please contact CaseBridge support to unblock it.');
  }
  return { user, millId, millRole: row.millRole, mill: row.mill, listVersion: found!.listVersion };
}
