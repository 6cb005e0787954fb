import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/jwt';
import type { Db } from '../db/client.ts';
import { bearerToken, checkSession, verifySessionToken, type JwtClaims, type SessionUser } from '../access/session-check.ts';

export type UserRow = SessionUser;
export type { JwtClaims };

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

/** The signed-in user of an HTTP request, through the one session check (access/session-check.ts). */
export async function loadCurrentUser(request: FastifyRequest, db: Db): Promise<UserRow> {
  if (request.currentUser) return request.currentUser;
  request.currentUser = await checkSession(db, request.server.jwt, bearerToken(request.headers.authorization));
  return request.currentUser;
}

/**
 * The request's verified token only (signature, expiry, shape), for a service that reads the user
 * in its own statement and then applies the same session rules (`acceptSession`).
 */
export function sessionClaims(request: FastifyRequest): { userId: number; ver: number } {
  return verifySessionToken(request.server.jwt, bearerToken(request.headers.authorization));
}

export function registerCurrentUser(app: FastifyInstance): void {
  app.decorateRequest('currentUser', null);
}
