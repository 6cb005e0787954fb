import { isIPv6 } from 'node:net';
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

/** How many 16-bit groups an IPv6 address part spells (an IPv4 tail counts as two). */
const groupCount = (groups: string[]) => groups.reduce((count, group) => count + (group.includes('.') ? 2 : 1), 0);

/**
 * The address a client is counted under: IPv4 as it is (also when IPv4-mapped), IPv6 by its /64
 * network. A subscriber usually holds a whole /64, and would otherwise get a fresh window from
 * each of its addresses.
 */
export function rateLimitAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.replace(/%.*$/, '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - groupCount(left) - groupCount(right)).fill('0');
  const network = [...left, ...zeros, ...right].slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${network.join(':')}::/64`;
}

/** The counters one request was counted under, so that a success can take its hits back. */
export type RateLimitHits = readonly string[];

/** Counts the request under its address (and identifier) and refuses it with 429 over a limit. */
export async function enforceRateLimit(
  store: RateLimitStore,
  name: string,
  policy: RateLimitPolicy,
  request: FastifyRequest,
  identifier: string | null,
): Promise<RateLimitHits> {
  const checks: [string, RateLimitRule][] = [[`${name}:ip:${rateLimitAddress(request.ip)}`, policy.perIp]];
  if (identifier && policy.perIdentifier) checks.push([`${name}:id:${identifier}`, policy.perIdentifier]);
  for (const [key, rule] of checks) {
    const { count, resetInMs } = await store.hit(key, rule.windowMs);
    if (count > rule.max) {
      const seconds = Math.ceil(resetInMs / 1000);
      throw new AppError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${seconds} seconds.`);
    }
  }
  return checks.map(([key]) => key);
}

/**
 * A limit on failures only (sign-in): the attempt is counted before it runs, so parallel guesses
 * cannot slip past the limit while none has failed yet, and a success takes its hits back, so a
 * user who signs in often is never locked out by their own sign-ins.
 */
export async function limitFailures<T>(
  store: RateLimitStore,
  name: string,
  policy: RateLimitPolicy,
  request: FastifyRequest,
  identifier: string | null,
  attempt: () => Promise<T>,
): Promise<T> {
  const hits = await enforceRateLimit(store, name, policy, request, identifier);
  const result = await attempt();
  for (const key of hits) await store.undo(key);
  return result;
}
