import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { createTestDatabase } from '../../../test/test-app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { createStorage } from '../../platform/storage/create-storage.ts';
import type { Database } from '../client.ts';
import { policyDocuments } from '../schema/policies.ts';
import { DiskEndpoint, S3Endpoint } from '../../platform/storage/move-endpoints.ts';
import { moveFiles } from '../../platform/storage/move-files.ts';
import { s3ClientOf } from '../../platform/storage/s3-storage.ts';
import { exitCodeOf, runStorageMove, type MoveRun } from './storage-move.ts';
import { recordedFiles } from './stored-files.ts';

let s3: TestS3Server;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let config: Config;
const files = new Map<string, Buffer>();

beforeAll(async () => {
  s3 = await startS3Server();
  ({ database, drop } = await createTestDatabase());
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-move-'));
  config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env('portal') });
  await storeOnDisk(8);
});
afterAll(async () => {
  await drop?.();
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Files as the portal stores them on the disk, each recorded in a policy document row. */
async function storeOnDisk(count: number): Promise<void> {
  const disk = createStorage({ ...config, s3: null });
  for (let i = 0; i < count; i++) {
    const bytes = randomBytes(1000 + i * 5000);
    const stored = await disk.put('policies', Readable.from(bytes), bytes.length);
    files.set(stored.key, bytes);
    await database.db.insert(policyDocuments).values({ kind: 'terms-of-service', language: 'en', title: `t${i}`, filePath: stored.key });
  }
}

async function move(run: Partial<MoveRun> & Pick<MoveRun, 'to'>, settings = config) {
  let output = '';
  const out = new Writable({ write: (chunk, _encoding, done) => ((output += String(chunk)), done()) });
  const result = await runStorageMove(settings, database.db, { verify: false, deleteSource: false, ...run }, { out, intervalMs: 5 });
  return { result, output };
}

const bucketEndpoint = () => new S3Endpoint(s3ClientOf(config.s3!), config.s3!.bucket, config.s3!.prefix);
const journal = () => path.join(dataDir, 'storage-move', 'verified-in-s3.txt');

describe('npm run storage:move', () => {
  it('resumes a run stopped half-way, trusting only what it verified', async () => {
    const stop = new AbortController();
    let done = 0;
    const options = {
      source: new DiskEndpoint(path.join(dataDir, 'files')),
      target: bucketEndpoint(),
      listFiles: () => recordedFiles(database.db),
      journalFile: journal(),
      parallel: 1,
    };
    const first = await moveFiles({
      ...options,
      signal: stop.signal,
      listener: { planned() {}, bytes() {}, done: () => ++done === 3 && stop.abort() },
    });
    expect(first).toMatchObject({ copied: 3, aborted: true });
    // Killed after the upload but before its line in the journal: read back, not copied again.
    await rm(journal());
    const second = await moveFiles(options);
    expect(second).toMatchObject({ copied: 5, skipped: 3, aborted: false, failed: [] });
  });

  it('copies every recorded file into the bucket, verified, and leaves the disk copies', async () => {
    const { result, output } = await move({ to: 's3' });
    expect(result).toMatchObject({ copied: 0, skipped: 8, failed: [], missing: [] });
    expect(exitCodeOf(result)).toBe(0);
    expect(output).toMatch(/8 of 8 files/);
    const bucket = createStorage(config);
    for (const [key, bytes] of files) {
      const opened = await bucket.open(key);
      expect(Buffer.concat(await opened!.stream.toArray()).equals(bytes)).toBe(true);
      expect((await readFile(path.join(dataDir, 'files', key))).equals(bytes)).toBe(true);
    }
  });

  it('picks up a file stored while it runs in a further pass, and copies nothing once all is there', async () => {
    let lists = 0;
    const result = await moveFiles({
      source: new DiskEndpoint(path.join(dataDir, 'files')),
      target: bucketEndpoint(),
      // The portal stores a file once the first pass has its list.
      listFiles: async () => {
        const listed = await recordedFiles(database.db);
        if (lists++ === 0) await storeOnDisk(1);
        return listed;
      },
      journalFile: journal(),
    });
    expect(result).toMatchObject({ copied: 1, skipped: 8, passes: 2 });
    expect((await move({ to: 's3' })).result).toMatchObject({ copied: 0, skipped: 9 });
  });

  it('moves the files back to a disk with the same bytes, and re-copies a corrupted one', async () => {
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-move-back-'));
    const back = { ...config, dataDir: otherDir };
    try {
      expect((await move({ to: 'disk' }, back)).result).toMatchObject({ copied: 9, failed: [] });
      for (const [key, bytes] of files) expect((await readFile(path.join(otherDir, 'files', key))).equals(bytes)).toBe(true);
      const [shorter, sameSize] = [...files.keys()];
      await writeFile(path.join(otherDir, 'files', shorter!), 'wrong');
      await writeFile(path.join(otherDir, 'files', sameSize!), Buffer.alloc(files.get(sameSize!)!.length));
      expect((await move({ to: 'disk' }, back)).result).toMatchObject({ copied: 1, skipped: 8 });
      expect((await move({ to: 'disk', verify: true }, back)).result).toMatchObject({ copied: 1, skipped: 8 });
      for (const [key, bytes] of files) expect((await readFile(path.join(otherDir, 'files', key))).equals(bytes)).toBe(true);
      const { output } = await move({ to: 'disk', deleteSource: true }, back);
      expect(output).toContain('the source copies of 9 files removed');
      expect((await s3.contents()).filter((key) => key.startsWith('portal/'))).toEqual([]);
      for (const [key, bytes] of files) expect((await readFile(path.join(otherDir, 'files', key))).equals(bytes)).toBe(true);
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('reports a copy that reads back wrong with a non-zero exit', async () => {
    const target = bucketEndpoint();
    const key = [...files.keys()][0]!;
    await target.remove(key);
    const lying = Object.assign(Object.create(target) as S3Endpoint, {
      read: async () => Readable.from(Buffer.from('not the bytes')),
    });
    const result = await moveFiles({
      source: new DiskEndpoint(path.join(dataDir, 'files')),
      target: lying,
      listFiles: async () => [{ key, size: null, sha256: null }],
      journalFile: path.join(dataDir, 'storage-move', 'lying.txt'),
    });
    expect(result.failed).toEqual([{ key, reason: expect.stringContaining('differs') }]);
    expect(exitCodeOf(result)).toBe(1);
  });
});
