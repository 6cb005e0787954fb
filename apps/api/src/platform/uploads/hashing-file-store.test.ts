import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rename, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FINISHING_SUFFIX, HashingFileStore } from './hashing-file-store.ts';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'casebridge-tus-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function started(store: HashingFileStore, size: number): Promise<string> {
  const id = randomBytes(8).toString('hex');
  await store.create(new Upload({ id, size, offset: 0 }));
  return id;
}

describe('HashingFileStore', () => {
  it('knows the SHA-256 of an upload sent in several requests, once, without reading the file', async () => {
    const bytes = randomBytes(300_000);
    const store = new HashingFileStore({ directory });
    const id = await started(store, bytes.length);
    let offset = 0;
    for (const part of [bytes.subarray(0, 100_000), bytes.subarray(100_000, 250_000), bytes.subarray(250_000)]) {
      offset = await store.write(Readable.from([part]), id, offset);
    }
    expect(offset).toBe(bytes.length);
    expect(await store.digestOf(id, bytes.length)).toBe(sha256(bytes));
    expect(await store.digestOf(id, bytes.length)).toBeNull();
  });

  it('has no digest for an upload continued by another process, or resumed from an offset it did not write', async () => {
    const bytes = randomBytes(200_000);
    const first = new HashingFileStore({ directory });
    const id = await started(first, bytes.length);
    await first.write(Readable.from([bytes.subarray(0, 50_000)]), id, 0);
    const second = new HashingFileStore({ directory });
    await second.write(Readable.from([bytes.subarray(50_000)]), id, 50_000);
    expect(await second.digestOf(id, bytes.length)).toBeNull();

    const other = await started(first, bytes.length);
    await first.write(Readable.from([bytes.subarray(0, 50_000)]), other, 0);
    await first.write(Readable.from([bytes.subarray(60_000)]), other, 60_000);
    expect(await first.digestOf(other, bytes.length)).toBeNull();
  });

  it('has no digest for an upload that is not complete', async () => {
    const store = new HashingFileStore({ directory });
    const id = await started(store, 1000);
    await store.write(Readable.from([randomBytes(400)]), id, 0);
    expect(await store.digestOf(id, 1000)).toBeNull();
  });

  it('answers a write to an upload whose file was taken away to be finished with a 409, not a fault', async () => {
    const store = new HashingFileStore({ directory });
    const id = await started(store, 10);
    await store.write(Readable.from([randomBytes(10)]), id, 0);
    await rename(path.join(directory, id), path.join(directory, `${id}.finishing`));
    await expect(store.write(Readable.from([Buffer.alloc(0)]), id, 10)).rejects.toMatchObject({ status_code: 409 });
  });

  it('still reports other write faults as they are', async () => {
    const store = new HashingFileStore({ directory });
    const id = await started(store, 10);
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.write(failing, id, 0)).rejects.toMatchObject({ status_code: 500 });
  });
});

describe('HashingFileStore.deleteExpired', () => {
  const WEEK = 7 * 24 * 3600 * 1000;
  const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);

  /** A complete upload created eight days ago whose finishing claimed its file (as order-uploads does) and then crashed. */
  async function crashedWhileFinishing(store: HashingFileStore): Promise<string> {
    const id = await started(store, 1000);
    await store.write(Readable.from([randomBytes(1000)]), id, 0);
    const record = (await store.configstore.get(id))!;
    await store.configstore.set(id, new Upload({ ...record, creation_date: eightDaysAgo.toISOString() }));
    await rename(path.join(directory, id), path.join(directory, `${id}${FINISHING_SUFFIX}`));
    return id;
  }

  it('removes what a crash while finishing left once it was last written before the expiry, and not before', async () => {
    const store = new HashingFileStore({ directory, expirationPeriodInMilliseconds: WEEK });
    const id = await crashedWhileFinishing(store);
    const fresh = await started(store, 1000);
    // Its bytes were written just now: a finishing that may be running.
    expect(await store.deleteExpired()).toBe(0);
    expect((await readdir(directory)).sort()).toEqual([fresh, `${fresh}.json`, `${id}.finishing`, `${id}.json`].sort());

    await utimes(path.join(directory, `${id}${FINISHING_SUFFIX}`), eightDaysAgo, eightDaysAgo);
    expect(await store.deleteExpired()).toBe(1);
    expect((await readdir(directory)).sort()).toEqual([fresh, `${fresh}.json`].sort());
  });

  it('removes old claimed bytes whose record is gone, and a record whose bytes are gone', async () => {
    const store = new HashingFileStore({ directory, expirationPeriodInMilliseconds: WEEK });
    const bytesOnly = await crashedWhileFinishing(store);
    await rm(path.join(directory, `${bytesOnly}.json`));
    await utimes(path.join(directory, `${bytesOnly}${FINISHING_SUFFIX}`), eightDaysAgo, eightDaysAgo);
    const recordOnly = await crashedWhileFinishing(store);
    await rm(path.join(directory, `${recordOnly}${FINISHING_SUFFIX}`));
    expect(await store.deleteExpired()).toBe(2);
    expect(await readdir(directory)).toEqual([]);
  });

  it('removes an expired unfinished upload with its bytes, as FileStore does', async () => {
    const store = new HashingFileStore({ directory, expirationPeriodInMilliseconds: WEEK });
    const id = await started(store, 1000);
    await store.write(Readable.from([randomBytes(400)]), id, 0);
    const record = (await store.configstore.get(id))!;
    await store.configstore.set(id, new Upload({ ...record, creation_date: eightDaysAgo.toISOString() }));
    expect(await store.deleteExpired()).toBe(1);
    expect(await readdir(directory)).toEqual([]);
  });
});
