import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { AbortMultipartUploadCommand, CreateMultipartUploadCommand, PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { loadConfig } from '../../config.ts';
import { s3ClientOf } from '../storage/s3-storage.ts';
import { ByteBudget } from '../storage/byte-budget.ts';
import { S3UploadStore, UploadsBusy, uploadPartSize, type S3UploadStoreOptions } from './s3-upload-store.ts';

const MiB = 1024 * 1024;

describe('unfinished uploads in the bucket (S3UploadStore)', () => {
  let server: TestS3Server;
  /** A store as one process has it; two of them stand for two processes. */
  let storeOf: (expirationMs?: number, more?: Partial<S3UploadStoreOptions>) => S3UploadStore;
  beforeAll(async () => {
    server = await startS3Server();
    const s3 = loadConfig(server.env('portal')).s3!;
    // s3rver takes parts under S3's 5 MiB minimum: small parts keep the test fast and still cover several.
    storeOf = (expirationMs = 60_000, more = {}) =>
      new S3UploadStore({
        client: s3ClientOf(s3),
        bucket: s3.bucket,
        prefix: s3.prefix,
        keyPrefix: 'documents',
        partSize: 64 * 1024,
        expirationPeriodInMilliseconds: expirationMs,
        ...more,
      });
  });
  afterAll(() => server.close());

  /** An S3 client that counts the parts it sent and the records it put. */
  function countingClient() {
    const s3 = s3ClientOf(loadConfig(server.env('portal')).s3!);
    let parts = 0;
    let recordPuts = 0;
    const send = s3.send.bind(s3) as (command: unknown) => Promise<unknown>;
    s3.send = (async (command: unknown) => {
      const answer = await send(command);
      if (command instanceof UploadPartCommand) parts += 1;
      if (command instanceof PutObjectCommand && command.input.Key?.endsWith('.info')) recordPuts += 1;
      return answer;
    }) as typeof s3.send;
    return { s3, parts: () => parts, recordPuts: () => recordPuts };
  }

  it('chooses one part size that fits the largest upload into 10,000 parts', () => {
    expect(uploadPartSize(2_000_000)).toBe(5 * MiB);
    const hundredGb = 100 * 1000 ** 3;
    expect(uploadPartSize(hundredGb)).toBe(10 * MiB);
    expect(uploadPartSize(hundredGb) * 10_000).toBeGreaterThanOrEqual(hundredGb);
    expect(uploadPartSize(100 * 1024 ** 3) * 10_000).toBeGreaterThanOrEqual(100 * 1024 ** 3);
  });

  it('keeps parts and a tail, resumes through another process, and completes at the stored key, hashed there only when it has to', async () => {
    const source = randomBytes(300_000);
    const first = storeOf();
    const id = await created(first, source.length);
    // 200,000 bytes: three parts of 65,536 and a tail of 3,392.
    expect(await first.write(Readable.from([source.subarray(0, 200_000)]), id, 0)).toBe(200_000);
    const second = storeOf();
    expect((await second.getUpload(id)).offset).toBe(200_000);
    const { key } = await second.record(id);
    expect(await server.contents()).not.toContain(`portal/${key}`);
    expect(await second.write(Readable.from([source.subarray(200_000)]), id, 200_000)).toBe(source.length);

    const record = await second.record(id);
    expect(record).toMatchObject({ complete: true, key });
    expect(await server.contents()).toContain(`portal/${key}`);
    expect(await second.headOf(key, 512)).toEqual(source.subarray(0, 512));
    // The second process saw only the end: no running hash of the whole file.
    expect(await second.digestOf(id, source.length)).toBeNull();
    await second.forget(id);
    expect((await server.contents()).filter((entry) => entry.includes(`tus/${id}`))).toEqual([]);
  });

  it('resumes from what its record says when a crash left a longer tail behind it', async () => {
    const source = randomBytes(100_000);
    const store = storeOf();
    const id = await created(store, source.length);
    expect(await store.write(Readable.from([source.subarray(0, 10_000)]), id, 0)).toBe(10_000);
    // A write that put its longer tail and then died before its record said so.
    const { client, bucket } = store.options;
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: store.objectKey(`tus/${id}.tail`), Body: source.subarray(0, 15_000) }));
    expect((await store.getUpload(id)).offset).toBe(10_000);

    expect(await store.write(Readable.from([source.subarray(10_000)]), id, 10_000)).toBe(source.length);
    const { key } = await store.record(id);
    expect(await store.headOf(key, source.length)).toEqual(source);
  });

  it('saves its record after the first part and at the end of a write, not after each part', async () => {
    const source = randomBytes(700_000);
    const client = countingClient();
    const store = storeOf(60_000, { client: client.s3 });
    const id = await created(store, source.length);
    const before = client.recordPuts();
    // 600,000 bytes: nine parts of 65,536 and a tail.
    expect(await store.write(Readable.from([source.subarray(0, 600_000)]), id, 0)).toBe(600_000);
    expect(client.parts()).toBe(9);
    // After the first part; naming the ninth before the tail; counting the tail.
    expect(client.recordPuts() - before).toBe(3);
    expect(await storeOf().write(Readable.from([source.subarray(600_000)]), id, 600_000)).toBe(source.length);
    expect(await store.headOf((await store.record(id)).key, source.length)).toEqual(source);
  });

  it('resumes through another process after one died in a write, from the parts its record names', async () => {
    const source = randomBytes(300_000);
    const client = countingClient();
    const dying = storeOf(60_000, { client: client.s3 });
    const id = await created(dying, source.length);
    // Four parts go up, then the request hangs for good: the process is gone before it saves again.
    const hangs = new PassThrough();
    hangs.write(source.subarray(0, 4 * 65_536 + 1_000));
    void dying.write(hangs, id, 0);
    await vi.waitFor(() => expect(client.parts()).toBe(4));

    const other = storeOf();
    const offset = (await other.getUpload(id)).offset;
    expect(offset).toBe(65_536);
    expect(await other.write(Readable.from([source.subarray(offset)]), id, offset)).toBe(source.length);
    const record = await other.record(id);
    expect(record.parts.map((part) => part.PartNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(await other.headOf(record.key, source.length)).toEqual(source);
  });

  it('knows the SHA-256 of an upload it received whole', async () => {
    const source = randomBytes(150_000);
    const store = storeOf();
    const id = await created(store, source.length);
    await store.write(Readable.from([source.subarray(0, 70_000)]), id, 0);
    await store.write(Readable.from([source.subarray(70_000)]), id, 70_000);
    expect(await store.digestOf(id, source.length)).toBe(createHash('sha256').update(source).digest('hex'));
  });

  it('removes expired uploads with their parts, and leaves the others', async () => {
    const expired = storeOf(1);
    const id = await created(expired, 500_000);
    await expired.write(Readable.from([randomBytes(100_000)]), id, 0);
    const unfinishedBefore = (await server.contents()).filter((entry) => entry.startsWith('upload:'));
    expect(unfinishedBefore.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await expired.deleteExpired()).toBeGreaterThanOrEqual(1);
    const after = await server.contents();
    expect(after.filter((entry) => entry.includes(`tus/${id}`) || entry.startsWith('upload:'))).toEqual([]);
  });

  it('holds at most its part budget across writes: one past it waits for a turn, and is refused with 503 if none comes in time', async () => {
    // A budget of one part: one write at a time in this "process".
    const store = storeOf(60_000, { partBudget: new ByteBudget(64 * 1024), partWaitMs: 300 });
    const [a, b, c] = [0, 1, 2].map(() => randomBytes(16).toString('hex')) as [string, string, string];
    for (const id of [a, b, c]) await store.create(new Upload({ id, size: 100_000, offset: 0, metadata: {} }));
    // A client that sent some bytes and then nothing more for a while.
    const slow = new PassThrough();
    slow.write(randomBytes(1_000));
    const first = store.write(slow, a, 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await store.write(Readable.from([randomBytes(1_000)]), b, 0).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UploadsBusy);
    expect(refused).toMatchObject({ status_code: 503, retryAfterSeconds: 5 });
    expect(JSON.parse((refused as UploadsBusy).body)).toMatchObject({ code: 'UPLOADS_BUSY' });
    expect((await store.getUpload(b)).offset).toBe(0);
    // A write that arrives while the first is about to end waits for it instead.
    const waiting = store.write(Readable.from([randomBytes(2_000)]), c, 0);
    slow.end();
    expect(await first).toBe(1_000);
    expect(await waiting).toBe(2_000);
  });

  it("sweeps multipart uploads that no record names, begun before the expiry, under the complete files' prefix only", async () => {
    const s3 = loadConfig(server.env('portal')).s3!;
    const client = s3ClientOf(s3);
    const begin = async (Key: string) => (await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }))).UploadId!;
    await begin(`portal/documents/${randomBytes(16).toString('base64url')}`);
    const elsewhere = await begin(`portal/avatars/${randomBytes(16).toString('base64url')}`);
    // A fresh upload: a week's expiry does not touch it.
    expect(await storeOf().deleteExpired()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The earlier tests' uploads are past this expiry too; the one under documents/ no record names goes.
    expect(await storeOf(10).deleteExpired()).toBeGreaterThanOrEqual(1);
    expect((await server.contents()).filter((entry) => entry.startsWith('upload:'))).toEqual([`upload:${elsewhere}`]);
    await client.send(new AbortMultipartUploadCommand({ Bucket: s3.bucket, Key: 'portal/avatars/x', UploadId: elsewhere }));
  });

  it('lets an expired complete upload go without its object, which may already be a stored file', async () => {
    const store = storeOf(10);
    const id = await created(store, 70_000);
    await store.write(Readable.from([randomBytes(70_000)]), id, 0);
    const { key } = await store.record(id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.deleteExpired()).toBeGreaterThanOrEqual(1);
    const after = await server.contents();
    expect([after.includes(`portal/${key}`), after.some((entry) => entry.includes(`tus/${id}`))]).toEqual([true, false]);
  });
});

/** A new upload of `size` bytes in `store`: its id. */
async function created(store: S3UploadStore, size: number): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await store.create(new Upload({ id, size, offset: 0, metadata: {} }));
  return id;
}
