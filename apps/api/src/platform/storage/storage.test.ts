import { createHash, randomBytes } from 'node:crypto';
import { access, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { loadConfig } from '../../config.ts';
import { createStorage } from './create-storage.ts';
import { s3ClientOf, S3Storage } from './s3-storage.ts';
import { KEY_PATTERN, LocalStorage, TooLargeError, type Storage } from './storage.ts';

interface Subject {
  storage: Storage;
  /** Everything the store holds: stored keys as they are named there, and anything half-written. */
  contents(): Promise<string[]>;
  /** How a key is named in the store. */
  locationOf(key: string): string;
  close(): Promise<void>;
}

async function onDisk(): Promise<Subject> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-storage-'));
  const root = path.join(dataDir, 'files');
  return {
    storage: createStorage(loadConfig({ DATA_DIR: dataDir })),
    contents: async () =>
      ((await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])) as import('node:fs').Dirent[])
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .sort(),
    locationOf: (key) => key,
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function inS3(): Promise<Subject> {
  const server: TestS3Server = await startS3Server();
  return {
    storage: createStorage(loadConfig(server.env('portal/files'))),
    contents: () => server.contents(),
    locationOf: (key) => `portal/files/${key}`,
    close: () => server.close(),
  };
}

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Arrives in pieces, as a request body does. */
const streamOf = (bytes: Buffer) =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536)));

async function read(storage: Storage, key: string): Promise<{ bytes: Buffer; size: number } | null> {
  const opened = await storage.open(key);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), size: opened.size };
}

describe.each([
  { name: 'the local disk', start: onDisk, kind: LocalStorage },
  { name: 'an S3-compatible store (s3rver)', start: inS3, kind: S3Storage },
])('storage on $name', ({ start, kind }) => {
  let s: Subject;
  let scratch: string;
  beforeAll(async () => {
    s = await start();
    scratch = await mkdtemp(path.join(os.tmpdir(), 'casebridge-adopt-'));
  });
  afterAll(async () => {
    await s.close();
    await rm(scratch, { recursive: true, force: true });
  });
  const emptied = async () => {
    for (const location of await s.contents()) {
      const key = /[a-z-]+\/[A-Za-z0-9_-]{22,}$/.exec(location)?.[0];
      if (key) await s.storage.remove(key);
    }
  };

  it('is the implementation STORAGE_URL chooses', () => {
    expect(s.storage).toBeInstanceOf(kind);
  });

  it('puts a stream under a generated key of the prefix, with its size and SHA-256, and opens it again', async () => {
    await emptied();
    // Larger than two of the S3 implementation's 8 MiB parts: a multipart upload there.
    for (const bytes of [Buffer.from('a small file'), Buffer.alloc(0), randomBytes(17 * MiB)]) {
      const stored = await s.storage.put('documents', streamOf(bytes), 20 * MiB);
      expect(stored.key).toMatch(KEY_PATTERN);
      expect(stored.key.startsWith('documents/')).toBe(true);
      expect(stored).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
      const back = await read(s.storage, stored.key);
      expect(back!.size).toBe(bytes.length);
      expect(back!.bytes.equals(bytes)).toBe(true);
      expect(await s.contents()).toContain(s.locationOf(stored.key));
    }
  });

  it('refuses a put past its limit with TooLargeError and keeps nothing of it, neither a small one nor one of several parts', async () => {
    await emptied();
    await expect(s.storage.put('logos', streamOf(Buffer.alloc(11)), 10)).rejects.toBeInstanceOf(TooLargeError);
    // Two full parts are uploaded before the third crosses the limit.
    await expect(s.storage.put('documents', streamOf(randomBytes(30 * MiB)), 20 * MiB)).rejects.toBeInstanceOf(TooLargeError);
    expect(await s.contents()).toEqual([]);
  });

  it('adopts a finished local file: hashes it when no SHA-256 is known, and the local file is gone', async () => {
    const bytes = randomBytes(300_000);
    const file = path.join(scratch, 'upload-1');
    await writeFile(file, bytes);
    const stored = await s.storage.adopt('documents', file);
    expect(stored.key).toMatch(KEY_PATTERN);
    expect(stored).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    await expect(access(file)).rejects.toThrow();
    expect((await read(s.storage, stored.key))!.bytes.equals(bytes)).toBe(true);
  });

  it('adopts a file whose SHA-256 was measured while it came (tus) without reading it twice', async () => {
    const bytes = randomBytes(9 * MiB);
    const file = path.join(scratch, 'upload-2');
    await writeFile(file, bytes);
    // The hash given is the one recorded: a wrong one shows that the file was not hashed again.
    const stored = await s.storage.adopt('documents', file, 'f'.repeat(64));
    expect(stored).toMatchObject({ size: bytes.length, sha256: 'f'.repeat(64) });
    expect((await read(s.storage, stored.key))!.bytes.equals(bytes)).toBe(true);
  });

  it('opens a missing key as null, and removes a key (again without complaint)', async () => {
    expect(await s.storage.open('documents/AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    const stored = await s.storage.put('avatars', streamOf(Buffer.from('face')), 100);
    await s.storage.remove(stored.key);
    expect(await s.storage.open(stored.key)).toBeNull();
    await s.storage.remove(stored.key);
    expect(await s.contents()).not.toContain(s.locationOf(stored.key));
  });

  it('opens only the first bytes when asked, telling the whole size', async () => {
    const bytes = randomBytes(100_000);
    const { key } = await s.storage.put('documents', streamOf(bytes), MiB);
    const opened = (await s.storage.open(key, { firstBytes: 300 }))!;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    expect([Buffer.concat(chunks).equals(bytes.subarray(0, 300)), opened.size]).toEqual([true, bytes.length]);
    await s.storage.remove(key);
  });

  it('refuses keys it did not make (no way out of its folder or prefix)', async () => {
    for (const key of [
      '../secrets.json',
      'documents/short',
      'documents/../../AAAAAAAAAAAAAAAAAAAAAA',
      'Documents/AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      await expect(s.storage.open(key)).rejects.toThrow('invalid storage key');
      await expect(s.storage.remove(key)).rejects.toThrow('invalid storage key');
    }
  });
});

describe('the S3 client', () => {
  it('sends checksum headers only where the API requires them on an S3-compatible store, and keeps the SDK default on AWS', async () => {
    const settings = loadConfig({ STORAGE_URL: 's3://files' }).s3!;
    const compatible = s3ClientOf({ ...settings, endpoint: 'http://127.0.0.1:9000' });
    const aws = s3ClientOf(settings);
    expect(await compatible.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
    expect(await compatible.config.responseChecksumValidation()).toBe('WHEN_REQUIRED');
    expect(await aws.config.requestChecksumCalculation()).toBe('WHEN_SUPPORTED');
  });
});

describe('download URLs', () => {
  it('are absent on the disk, which streams the bytes itself', async () => {
    const disk = await onDisk();
    expect(disk.storage.downloadUrl).toBeUndefined();
    await disk.close();
  });

  it('in a bucket: a presigned GET valid for S3_DOWNLOAD_URL_SECONDS whose answer names the file', async () => {
    const server = await startS3Server();
    try {
      const storage = createStorage(loadConfig({ ...server.env('portal'), S3_DOWNLOAD_URL_SECONDS: '45' }));
      const bytes = randomBytes(70_000);
      const { key } = await storage.put('documents', streamOf(bytes), MiB);
      const url = await storage.downloadUrl!(key, { filename: 'Zahn ü 1.stl', contentType: 'application/octet-stream' });
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('45');
      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Zahn%20%C3%BC%201.stl");
      expect(answer.headers.get('content-type')).toBe('application/octet-stream');
      expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
