import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
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
}

/**
 * The first line of every mill-workspace handler: the caller must be staff of this mill.
 * Anyone else gets 404, exactly as for a mill that does not exist, so ids reveal nothing.
 * `adminOnly` refuses the mill's plain users with 403 (they know the mill exists).
 * `write` refuses changes while the operator blocks the mill: a blocked mill can still sign in,
 * read its data and fix its company details, but not grow (clients, users, keys, landing page).
 */
export async function requireMillStaff(
  request: FastifyRequest,
  db: Db,
  millId: number,
  options: { adminOnly?: boolean; write?: boolean } = {},
): Promise<MillAccess> {
  // The session user and their membership in one round trip: this runs on every mill request.
  const claims = await verifiedClaims(request);
  const [found] = await db
    .select({ user: users, millRole: millMembers.millRole, mill: mills })
    .from(users)
    .leftJoin(millMembers, and(eq(millMembers.userId, users.id), eq(millMembers.millId, millId)))
    .leftJoin(mills, eq(mills.id, millMembers.millId))
    .where(eq(users.id, claims.userId));
  const user = acceptSessionUser(request, found?.user, claims);
  const row = found?.millRole && found.mill ? { millRole: found.millRole, mill: found.mill } : null;
  if (!row || user.roleType !== 'mill') throw AppError.notFound('Mill');
  if (options.adminOnly && row.millRole !== 'admin') throw AppError.forbidden('Only a mill administrator can do this');
  if (options.write && row.mill.blocked) {
    throw AppError.forbidden('This mill is blocked. Please contact CaseBridge support to unblock it.');
  }
  return { user, millId, millRole: row.millRole, mill: row.mill };
}
