import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { RateLimitRule, RateLimitStore } from './rate-limiter.ts';

export interface RateLimitPolicy {
  perIp: RateLimitRule;
  /** Optional second limit on what the request is about (an email), whatever IP it comes from. */
  perIdentifier?: RateLimitRule;
}

/** Normalised so that changing case or adding blanks does not open a fresh window. */
export function normaliseIdentifier(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
}

export async function enforceRateLimit(
  store: RateLimitStore,
  name: string,
  policy: RateLimitPolicy,
  request: FastifyRequest,
  identifier: string | null,
): Promise<void> {
  const checks: [string, RateLimitRule][] = [[`${name}:ip:${request.ip}`, policy.perIp]];
  if (identifier && policy.perIdentifier) checks.push([`${name}:id:${identifier}`, policy.perIdentifier]);
  for (const [key, rule] of checks) {
    const { count, resetInMs } = await store.hit(key, rule.windowMs);
    if (count > rule.max) {
      const seconds = Math.ceil(resetInMs / 1000);
      throw new AppError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${seconds} seconds.`);
    }
  }
}
