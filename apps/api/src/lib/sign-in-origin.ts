import type { FastifyRequest } from 'fastify';

/** Where a sign-in came from, as a session row records it (ADR 0021). */
export interface SignInOrigin {
  userAgent: string | undefined;
  /** The client's address; behind a load balancer (TRUST_PROXY) the one it forwarded. */
  ip: string;
}

export function signInOrigin(request: FastifyRequest): SignInOrigin {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}
