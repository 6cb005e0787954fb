import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BackgroundSha256 } from './background-sha256.ts';

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Feeds `bytes` in uneven pieces, so that pieces straddle the 1 MiB batches. */
async function feed(hash: BackgroundSha256, bytes: Buffer, piece: number): Promise<void> {
  for (let at = 0; at < bytes.length; at += piece) await hash.update(bytes.subarray(at, at + piece));
}

describe('BackgroundSha256', () => {
  it('gives the SHA-256 of every byte given, also past the bytes it lets wait (batches are reused)', async () => {
    const bytes = randomBytes(20 * MiB + 12_345);
    const hash = new BackgroundSha256();
    await feed(hash, bytes, 65_521);
    expect(await hash.digest()).toBe(sha256(bytes));
  });

  it('keeps uploads that are hashed at the same time apart', async () => {
    const first = randomBytes(11 * MiB + 7);
    const second = randomBytes(9 * MiB + 3);
    const a = new BackgroundSha256();
    const b = new BackgroundSha256();
    for (let at = 0; at < Math.max(first.length, second.length); at += 300_007) {
      await a.update(first.subarray(at, at + 300_007));
      await b.update(second.subarray(at, at + 300_007));
    }
    const [digestA, digestB] = await Promise.all([a.digest(), b.digest()]);
    expect(digestA).toBe(sha256(first));
    expect(digestB).toBe(sha256(second));
  });

  it('copies what it is given: changing the caller’s buffer afterwards changes nothing', async () => {
    const bytes = randomBytes(3 * MiB);
    const reused = Buffer.from(bytes);
    const hash = new BackgroundSha256();
    await hash.update(reused);
    reused.fill(0);
    expect(await hash.digest()).toBe(sha256(bytes));
  });

  it('gives the same digest when paused between requests at any byte, part-filled batches included', async () => {
    const bytes = randomBytes(5 * MiB + 99);
    const hash = new BackgroundSha256();
    // As RunningHashes does between the requests of an upload: what was given so far goes to the worker.
    for (const [from, to] of [
      [0, 100],
      [100, MiB + 5],
      [MiB + 5, MiB + 5],
      [MiB + 5, 4 * MiB],
      [4 * MiB, bytes.length],
    ] as const) {
      await hash.update(bytes.subarray(from, to));
      await hash.pause();
    }
    expect(await hash.digest()).toBe(sha256(bytes));
  });

  it('hashes nothing as the empty input', async () => {
    expect(await new BackgroundSha256().digest()).toBe(sha256(Buffer.alloc(0)));
  });
});
