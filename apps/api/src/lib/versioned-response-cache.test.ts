import { describe, expect, it } from 'vitest';
import { cachePerApp, VersionedResponseCache } from './versioned-response-cache.ts';

/** A build the test finishes (or fails) when it wants, counting how often it was started. */
function controlledBuild() {
  let finish!: (body: string) => void;
  let fail!: (error: Error) => void;
  let calls = 0;
  const build = () => {
    calls += 1;
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { build, finish: (body: string) => finish(body), fail: (error: Error) => fail(error), calls: () => calls };
}

describe('VersionedResponseCache.getOrBuild', () => {
  it('runs one build for concurrent askers of a key and version, then serves it kept', async () => {
    const cache = new VersionedResponseCache(1000);
    const first = controlledBuild();
    const answers = Promise.all([1, 2, 3].map(() => cache.getOrBuild('k', '1', first.build)));
    first.finish('{"count":3}');
    expect(await answers).toEqual(['{"count":3}', '{"count":3}', '{"count":3}']);
    expect(first.calls()).toBe(1);
    expect(await cache.getOrBuild('k', '1', () => Promise.reject(new Error('not asked')))).toBe('{"count":3}');
  });

  it('never serves an answer of another version, whether kept or being built', async () => {
    const cache = new VersionedResponseCache(1000);
    const old = controlledBuild();
    const oldAnswer = cache.getOrBuild('k', '1', old.build);
    const newer = controlledBuild();
    const newAnswer = cache.getOrBuild('k', '2', newer.build);
    newer.finish('new');
    old.finish('old');
    expect([await oldAnswer, await newAnswer]).toEqual(['old', 'new']);
    // The older build finished last, but the newer answer is the one kept.
    expect(cache.get('k', '2')).toBe('new');
    expect(await cache.getOrBuild('k', '3', async () => 'newest')).toBe('newest');
  });

  it('forgets a failed build, so the next asker builds again', async () => {
    const cache = new VersionedResponseCache(1000);
    const failing = controlledBuild();
    const answer = cache.getOrBuild('k', '1', failing.build);
    failing.fail(new Error('database gone'));
    await expect(answer).rejects.toThrow('database gone');
    expect(await cache.getOrBuild('k', '1', async () => 'again')).toBe('again');
  });

  it('joins concurrent askers but keeps nothing with a budget of 0 bytes', async () => {
    const cache = new VersionedResponseCache(0);
    const build = controlledBuild();
    const answers = Promise.all([cache.getOrBuild('k', '1', build.build), cache.getOrBuild('k', '1', build.build)]);
    build.finish('body');
    expect(await answers).toEqual(['body', 'body']);
    expect(build.calls()).toBe(1);
    expect(cache.size.entries).toBe(0);
  });
});

describe('cachePerApp', () => {
  it('gives each app its own cache, the same one on every call, sized by what the app says', () => {
    const cacheOf = cachePerApp((app: { bytes: number }) => app.bytes);
    const small = { bytes: 10 };
    const large = { bytes: 1000 };
    expect(cacheOf(small)).toBe(cacheOf(small));
    expect(cacheOf(small)).not.toBe(cacheOf(large));
    cacheOf(small).set('page', 'v1', 'x'.repeat(100));
    cacheOf(large).set('page', 'v1', 'x'.repeat(100));
    // 100 bytes do not fit the small app's cache; the large one keeps them, and neither sees the other's.
    expect(cacheOf(small).get('page', 'v1')).toBeUndefined();
    expect(cacheOf(large).get('page', 'v1')).toBe('x'.repeat(100));
  });
});
