import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { Redis } from 'ioredis';

/**
 * A tus locker shared by every server process through Redis (ADR 0003), so two requests for one
 * upload never write at once even when they reach different processes.
 *
 * - The lock is the key `<prefix>:lock:<upload id>`, set with NX and a random token, where the
 *   portal's prefix is `<REDIS_KEY_PREFIX>:tus`: deployments sharing a Redis share no lock and no
 *   release request, as they share no rate-limit counter. It expires
 *   after `ttlMs` unless its holder renews it, so a process that dies frees its uploads.
 * - Renewal and release run as Lua scripts that compare the token first: a holder whose lock
 *   expired (a long pause) never extends or deletes the lock another process took since.
 * - A request that finds the upload locked publishes the upload id on `<prefix>:release`; the
 *   process holding it calls the holder's `requestRelease`, as the memory locker does in-process,
 *   and tus ends that request after its drain timeout. The waiter retries until it gets the
 *   lock or `acquireTimeoutMs` passes.
 */
export interface RedisLockerOptions {
  prefix: string;
  ttlMs?: number;
  acquireTimeoutMs?: number;
  retryMs?: number;
}

const DEFAULTS: Required<Omit<RedisLockerOptions, 'prefix'>> = {
  // Long enough that renewal every few seconds survives a slow Redis, short enough that a
  // client coming back after a crashed process does not wait long.
  ttlMs: 10_000,
  // As @tus/server's MemoryLocker.
  acquireTimeoutMs: 30_000,
  retryMs: 100,
};

const RENEW_IF_OWNER = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const DELETE_IF_OWNER = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisLocker implements Locker {
  readonly options: Required<RedisLockerOptions>;
  private readonly commands: Redis;
  /** Pub/sub needs a connection of its own. */
  private readonly subscriber: Redis;
  /** The locks this process holds, by upload id: where release requests land. */
  private readonly held = new Map<string, RedisLock>();

  constructor(url: string, options: RedisLockerOptions) {
    this.options = { ...DEFAULTS, ...options };
    this.commands = new Redis(url, { maxRetriesPerRequest: 2 });
    // Waits for Redis instead of failing: a missed release request is sent again by the waiter.
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, uploadId: string) => this.held.get(uploadId)?.askedToRelease());
    void this.subscriber.subscribe(this.releaseChannel).catch(() => undefined);
  }

  get releaseChannel(): string {
    return `${this.options.prefix}:release`;
  }

  keyOf(uploadId: string): string {
    return `${this.options.prefix}:lock:${uploadId}`;
  }

  newLock(uploadId: string): Lock {
    return new RedisLock(uploadId, this);
  }

  /** Stops renewing; locks still held expire on their own, as if the process had died. */
  async close(): Promise<void> {
    for (const lock of this.held.values()) lock.stopRenewal();
    this.held.clear();
    await Promise.all([this.commands.quit(), this.subscriber.quit()]);
  }

  async tryAcquire(lock: RedisLock, token: string): Promise<boolean> {
    const set = await this.commands.set(this.keyOf(lock.uploadId), token, 'PX', this.options.ttlMs, 'NX');
    if (set !== 'OK') return false;
    this.held.set(lock.uploadId, lock);
    return true;
  }

  async askHolderToRelease(uploadId: string): Promise<void> {
    await this.commands.publish(this.releaseChannel, uploadId);
  }

  async renew(uploadId: string, token: string): Promise<boolean> {
    return Number(await this.commands.eval(RENEW_IF_OWNER, 1, this.keyOf(uploadId), token, this.options.ttlMs)) === 1;
  }

  async release(lock: RedisLock, token: string): Promise<void> {
    this.forget(lock);
    await this.commands.eval(DELETE_IF_OWNER, 1, this.keyOf(lock.uploadId), token);
  }

  forget(lock: RedisLock): void {
    if (this.held.get(lock.uploadId) === lock) this.held.delete(lock.uploadId);
  }
}

class RedisLock implements Lock {
  private token: string | null = null;
  private requestRelease: RequestRelease = () => undefined;
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    readonly uploadId: string,
    private readonly locker: RedisLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const token = randomUUID();
    const deadline = Date.now() + this.locker.options.acquireTimeoutMs;
    this.requestRelease = requestRelease;
    for (;;) {
      // Like the memory locker, a cancelled request or a timeout both end in ERR_LOCK_TIMEOUT.
      if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (await this.locker.tryAcquire(this, token)) break;
      await this.locker.askHolderToRelease(this.uploadId);
      await pause(Math.min(this.locker.options.retryMs, deadline - Date.now()), signal);
    }
    this.token = token;
    this.scheduleRenewal();
  }

  async unlock(): Promise<void> {
    if (this.token === null) throw new Error('Releasing an unlocked lock!');
    const token = this.token;
    this.token = null;
    this.stopRenewal();
    await this.locker.release(this, token);
  }

  askedToRelease(): void {
    void this.requestRelease();
  }

  stopRenewal(): void {
    clearTimeout(this.renewal);
    this.renewal = undefined;
  }

  private scheduleRenewal(): void {
    this.renewal = setTimeout(() => void this.renew(), this.locker.options.ttlMs / 3);
    // A forgotten lock must not keep the process alive; it expires in Redis anyway.
    this.renewal.unref();
  }

  private async renew(): Promise<void> {
    const token = this.token;
    if (token === null) return;
    // A failed call (Redis briefly away) is retried on the next round while the key lives.
    const kept = await this.locker.renew(this.uploadId, token).catch(() => true);
    if (this.token !== token) return;
    if (kept) {
      this.scheduleRenewal();
      return;
    }
    // The key expired (a long pause) and may be someone else's now: stop writing as soon as possible.
    this.locker.forget(this);
    this.askedToRelease();
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal.addEventListener('abort', done, { once: true });
  });
}
