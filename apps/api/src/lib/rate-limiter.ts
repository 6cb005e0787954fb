import type { Redis } from 'ioredis';

/**
 * Fixed-window counters keyed by what is being limited (an IP, a normalised email); one request
 * counts under both. With Redis the counters are shared by every process. Why this and not
 * @fastify/rate-limit: docs/decisions/0007-rate-limits.md.
 */
export interface RateLimitRule {
  /** How many hits a key may make per window. */
  max: number;
  windowMs: number;
}

export interface RateLimitStore {
  /** Adds one hit and returns the count in the current window and when it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes one hit back from the current window (none if the window has ended meanwhile). */
  undo(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetsAt: number }>();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      window = { count: 0, resetsAt: now + windowMs };
      this.windows.set(key, window);
      this.sweep(now);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetsAt - now };
  }

  async undo(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetsAt > Date.now() && window.count > 0) window.count -= 1;
  }

  /** Keeps memory bounded: expired windows go when new ones open. */
  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
  }
}

/** DECR only a live, positive counter: a DECR on an expired key would open a window of -1 with no expiry. */
const UNDO_SCRIPT = `local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters in Redis, shared by the processes of one deployment; `prefix` (REDIS_KEY_PREFIX) keeps other deployments' apart. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number) {
    const redisKey = `${this.prefix}:rl:${key}`;
    const result = await this.redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').pttl(redisKey).exec();
    const count = Number(result?.[0]?.[1] ?? 1);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async undo(key: string) {
    await this.redis.eval(UNDO_SCRIPT, 1, `${this.prefix}:rl:${key}`);
  }
}
