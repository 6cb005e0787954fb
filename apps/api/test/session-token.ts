import type { FastifyInstance } from 'fastify';
import { startSession } from '../src/modules/user-sessions/user-sessions.service.ts';

/**
 * A token for a new session of this user, started the way a sign-in starts one (a session row,
 * its id in the token, ADR 0021), for tests that act as a user without signing in over HTTP.
 */
export function sessionToken(app: FastifyInstance, user: { id: number; tokenVersion: number }): Promise<string> {
  return startSession(app.deps, user, { userAgent: 'vitest', ip: '127.0.0.1' }, 'password');
}
