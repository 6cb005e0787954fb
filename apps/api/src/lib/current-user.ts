import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/jwt';
import type { Db } from '../db/client.ts';
import type {} from '../access/route-access.ts';
import {
  bearerToken,
  checkSessionClaims,
  verifySessionToken,
  type JwtClaims,
  type SessionClaims,
  type SessionUser,
} from '../access/session-check.ts';

export type UserRow = SessionUser;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the session hook before the handler; handlers read it with `callerOf`. */
    caller: SessionUser | null;
    /** The verified token, set by the session hook; a `session: 'claims'` route's handler reads it with `claimsOf`, others the session with `sessionIdOf`. */
    callerClaims: SessionClaims | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: JwtClaims;
    user: JwtClaims;
  }
}

/**
 * The one place an HTTP request's session is checked, before its handler and after its schema
 * validation (so a malformed request is told what is wrong before it is told to sign in). What
 * it does is read from the route's declaration (route-access.ts): a `public` route gets no
 * caller; a `signedIn` or rule-book route gets the user through the one session check shared with
 * tus uploads and the websocket (access/session-check.ts), or only its verified token when it
 * declares `session: 'claims'`; the tus routes check each protocol request in tus's own hooks.
 */
export function registerSessionHook(app: FastifyInstance, db: Db): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('callerClaims', null);
  app.addHook('preHandler', async (request) => {
    const { access, session } = request.routeOptions.config;
    if (access === undefined || access === 'public' || session === 'tus') return;
    const token = bearerToken(request.headers.authorization);
    if (session === 'claims') request.callerClaims = verifySessionToken(request.server.jwt, token);
    else {
      const checked = await checkSessionClaims(db, request.server.jwt, token);
      request.caller = { ...checked.user, ip: request.ip };
      request.callerClaims = checked.claims;
    }
  });
}

/** The caller of a route that declares a session: the hook has refused every request without one. */
export function callerOf(request: FastifyRequest): SessionUser {
  if (!request.caller) throw new Error(`${request.routeOptions.method} ${request.routeOptions.url} reads a caller it does not declare`);
  return request.caller;
}

/** The verified token of a `session: 'claims'` route, for a service that reads the user in its own statement (`acceptSession`). */
export function claimsOf(request: FastifyRequest): SessionClaims {
  if (!request.callerClaims) throw new Error(`${request.routeOptions.method} ${request.routeOptions.url} reads claims it does not declare`);
  return request.callerClaims;
}

/** The session row of the token a signed-in request came with (ADR 0021): the one it must not end by "all others". */
export function sessionIdOf(request: FastifyRequest): string {
  if (!request.callerClaims)
    throw new Error(`${request.routeOptions.method} ${request.routeOptions.url} reads a session it does not declare`);
  return request.callerClaims.sessionId;
}
