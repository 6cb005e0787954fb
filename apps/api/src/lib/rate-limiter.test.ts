import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limiter.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
afterAll(async () => {
  redis.disconnect();
});

async function behavesAsFixedWindow(store: RateLimitStore) {
  const key = `test:${randomBytes(8).toString('hex')}`;
  const counts = [];
  for (let i = 0; i < 3; i++) counts.push((await store.hit(key, 200)).count);
  expect(counts).toEqual([1, 2, 3]);
  expect((await store.hit(`${key}:other`, 200)).count).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 250));
  expect((await store.hit(key, 200)).count).toBe(1);
}

/** A success takes its hit back; an ended window is left alone rather than going negative. */
async function takesHitsBack(store: RateLimitStore) {
  const key = `test:${randomBytes(8).toString('hex')}`;
  await store.hit(key, 200);
  await store.hit(key, 200);
  await store.undo(key);
  expect((await store.hit(key, 200)).count).toBe(2);
  await new Promise((resolve) => setTimeout(resolve, 250));
  await store.undo(key);
  await store.undo(`${key}:never-hit`);
  expect((await store.hit(key, 200)).count).toBe(1);
  expect((await store.hit(`${key}:never-hit`, 200)).count).toBe(1);
}

describe('rate-limit stores', () => {
  it('counts per key in a window that resets (memory)', async () => {
    await behavesAsFixedWindow(new MemoryRateLimitStore());
    await takesHitsBack(new MemoryRateLimitStore());
  });

  it('counts per key in a window that resets, shared through Redis', async () => {
    await redis.connect();
    await behavesAsFixedWindow(new RedisRateLimitStore(redis, 'test'));
    await takesHitsBack(new RedisRateLimitStore(redis, 'test'));
    // Two stores on one Redis see the same counter: what several server processes need.
    const key = `test:${randomBytes(8).toString('hex')}`;
    const other = new RedisRateLimitStore(redis, 'test');
    await new RedisRateLimitStore(redis, 'test').hit(key, 5000);
    expect((await other.hit(key, 5000)).count).toBe(2);
  });

  it('keeps two deployments on one Redis apart by their REDIS_KEY_PREFIX', async () => {
    const key = `test:${randomBytes(8).toString('hex')}`;
    const [config1, config2] = [loadConfig({}), loadConfig({ REDIS_KEY_PREFIX: 'clinic-b' })];
    expect([config1.redisKeyPrefix, config1.realtimeChannel, config2.realtimeChannel]).toEqual([
      'casebridge',
      'casebridge:events',
      'clinic-b:events',
    ]);
    const one = new RedisRateLimitStore(redis, config1.redisKeyPrefix);
    const two = new RedisRateLimitStore(redis, config2.redisKeyPrefix);
    await one.hit(key, 5000);
    await one.hit(key, 5000);
    expect((await two.hit(key, 5000)).count).toBe(1);
    expect(await redis.exists(`clinic-b:rl:${key}`, `casebridge:rl:${key}`)).toBe(2);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'a b' })).toThrow(/REDIS_KEY_PREFIX/);
  });
});
