import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { RoleType } from '@casebridge/shared/constants/roles';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { AppError } from './app-error.ts';

export type UserRow = typeof users.$inferSelect;

/** What we sign into a JWT: the user and the version of their credentials at sign-in. */
export interface JwtClaims {
  sub: string;
  ver: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: JwtClaims;
    user: JwtClaims;
  }
}

/**
 * Resolves the bearer token to a user on every request that asks for one. The token alone is
 * not trusted: the user must still exist, be unblocked and have the same token version, so a
 * password change, a block or an email change ends every session at once.
 */
export async function loadCurrentUser(request: FastifyRequest, db: Db): Promise<UserRow> {
  if (request.currentUser) return request.currentUser;
  const claims = await verifiedClaims(request);
  const [user] = await db.select().from(users).where(eq(users.id, claims.userId));
  return acceptSessionUser(request, user, claims);
}

/** The JWT's claims, checked for signature, expiry and shape. */
export async function verifiedClaims(request: FastifyRequest): Promise<{ userId: number; ver: number }> {
  let claims: JwtClaims;
  try {
    claims = await request.jwtVerify<JwtClaims>();
  } catch {
    throw AppError.unauthenticated('Your session has ended. Please sign in again.');
  }
  const userId = Number(claims.sub);
  if (!Number.isSafeInteger(userId) || typeof claims.ver !== 'number') throw AppError.unauthenticated();
  return { userId, ver: claims.ver };
}

/** The user a token names still exists, is not blocked and has the token's credential version. */
export function acceptSessionUser(request: FastifyRequest, user: UserRow | undefined, claims: { ver: number }): UserRow {
  if (!user || user.tokenVersion !== claims.ver) throw AppError.unauthenticated('Your session has ended. Please sign in again.');
  if (user.blocked) throw new AppError(401, 'ACCOUNT_BLOCKED', 'Your account is blocked');
  request.currentUser = user;
  return user;
}

export function registerCurrentUser(app: FastifyInstance): void {
  app.decorateRequest('currentUser', null);
}

export async function requireRoleType(request: FastifyRequest, db: Db, ...roleTypes: RoleType[]): Promise<UserRow> {
  const user = await loadCurrentUser(request, db);
  if (!roleTypes.includes(user.roleType)) throw AppError.forbidden();
  return user;
}
