import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tus/server';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RedisLocker, type RedisLockerOptions } from './redis-locker.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Every run gets its own keys and release channel, so parallel runs never meet.
const prefix = `casebridge-test:tus:${randomBytes(6).toString('hex')}`;
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
const open: RedisLocker[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((locker) => locker.close()));
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** The process stops without unlocking anything (closing only stops the renewals). */
async function die(locker: RedisLocker): Promise<void> {
  open.splice(open.indexOf(locker), 1);
  await locker.close();
}

/** One server process's locker. */
function processLocker(options: Partial<RedisLockerOptions> = {}): RedisLocker {
  const locker = new RedisLocker(redisUrl, { prefix, ttlMs: 600, retryMs: 20, ...options });
  open.push(locker);
  return locker;
}

const uploadId = () => randomBytes(8).toString('hex');
const never = () => new AbortController().signal;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a promise settled within the time: `pending` when it did not. */
async function within<T>(promise: Promise<T>, ms: number): Promise<'resolved' | 'rejected' | 'pending'> {
  return Promise.race([
    promise.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    sleep(ms).then(() => 'pending' as const),
  ]);
}

describe('RedisLocker', () => {
  it('lets one process at a time hold an upload, and the next one in once it is unlocked', async () => {
    const first = processLocker();
    const second = processLocker();
    const id = uploadId();
    const held = first.newLock(id);
    await held.lock(never(), () => undefined);

    const waiting = second.newLock(id).lock(never(), () => undefined);
    expect(await within(waiting, 300)).toBe('pending');
    // Other uploads are not held up.
    expect(
      await within(
        second.newLock(uploadId()).lock(never(), () => undefined),
        300,
      ),
    ).toBe('resolved');

    await held.unlock();
    expect(await within(waiting, 300)).toBe('resolved');
  });

  it('asks the holder in the other process to release, as tus does when a client reconnects', async () => {
    const first = processLocker();
    const second = processLocker();
    const id = uploadId();
    const held = first.newLock(id);
    let asked = 0;
    await held.lock(never(), () => {
      asked += 1;
      // The tus request stops and unlocks in its `finally`.
      if (asked === 1) void held.unlock();
    });

    await second.newLock(id).lock(never(), () => undefined);
    expect(asked).toBeGreaterThanOrEqual(1);
  });

  it('keeps renewing a held lock past its TTL, and gives up waiting after the acquire timeout', async () => {
    const first = processLocker({ ttlMs: 300 });
    const second = processLocker({ ttlMs: 300, acquireTimeoutMs: 200 });
    const id = uploadId();
    await first.newLock(id).lock(never(), () => undefined);
    await sleep(700);
    await expect(second.newLock(id).lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });

  it('frees the upload when the holding process dies without unlocking', async () => {
    const dying = processLocker({ ttlMs: 400 });
    const survivor = processLocker({ ttlMs: 400 });
    const id = uploadId();
    await dying.newLock(id).lock(never(), () => undefined);
    await die(dying);

    const started = Date.now();
    await survivor.newLock(id).lock(never(), () => undefined);
    // It waited for the dead holder's lock to expire, and no longer.
    expect(Date.now() - started).toBeGreaterThan(150);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await redis.pttl(survivor.keyOf(id))).toBeGreaterThan(0);
  });

  it("never deletes a lock another process took after the holder's expired", async () => {
    const paused = processLocker();
    const other = processLocker();
    const id = uploadId();
    const stale = paused.newLock(id);
    await stale.lock(never(), () => undefined);
    // The holder stalls past its TTL (the key vanishes) and the other process moves in.
    await redis.del(paused.keyOf(id));
    await other.newLock(id).lock(never(), () => undefined);
    const owner = await redis.get(other.keyOf(id));

    await stale.unlock();
    expect(await redis.get(other.keyOf(id))).toBe(owner);
    await expect(
      processLocker({ acquireTimeoutMs: 100 })
        .newLock(id)
        .lock(never(), () => undefined),
    ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });

  it('asks a holder whose lock was lost to release, at its next renewal', async () => {
    const locker = processLocker({ ttlMs: 300 });
    const id = uploadId();
    let asked = false;
    await locker.newLock(id).lock(never(), () => {
      asked = true;
    });
    await redis.set(locker.keyOf(id), 'another process');
    await sleep(250);
    expect(asked).toBe(true);
    expect(await redis.get(locker.keyOf(id))).toBe('another process');
  });

  it('stops waiting when the request is cancelled', async () => {
    const first = processLocker();
    const second = processLocker();
    const id = uploadId();
    await first.newLock(id).lock(never(), () => undefined);
    const cancel = new AbortController();
    const waiting = second.newLock(id).lock(cancel.signal, () => undefined);
    cancel.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });

  it('shares no lock and no release request with another prefix (another deployment on the same Redis)', async () => {
    const id = uploadId();
    let asked = false;
    await processLocker({ prefix: `${prefix}:staging` })
      .newLock(id)
      .lock(never(), () => {
        asked = true;
      });
    const other = processLocker({ prefix: `${prefix}:production` }).newLock(id);
    expect(
      await within(
        other.lock(never(), () => undefined),
        300,
      ),
    ).toBe('resolved');
    await sleep(100);
    expect(asked).toBe(false);

    // The same deployment's waiter does wait, and asks.
    const sameDeployment = processLocker({ prefix: `${prefix}:staging` }).newLock(id);
    expect(
      await within(
        sameDeployment.lock(never(), () => undefined),
        300,
      ),
    ).toBe('pending');
    expect(asked).toBe(true);
  });
});
