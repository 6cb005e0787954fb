import { createHash, randomBytes } from 'node:crypto';
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import path from 'node:path';
import { Redis } from 'ioredis';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { millClients } from '../../db/schema/labs.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { componentFiles } from '../../db/schema/orders.ts';
import { storageRemovals } from '../../db/schema/storage.ts';
import { Readable } from 'node:stream';
import { LocalStorage } from '../../platform/storage/storage.ts';
import { S3Storage, s3ClientOf } from '../../platform/storage/s3-storage.ts';
import { createStorage } from '../../platform/storage/create-storage.ts';
import { removeQueued } from '../../platform/storage/removals.ts';
import { S3UploadStore } from '../../platform/uploads/s3-upload-store.ts';
import { sweepAbandonedUploads } from './order-uploads.files.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { createLab, createManager, createMill, signIn } from '../../../test/factories.ts';
import { binaryStl, sendOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Where unfinished uploads and stored files live: DATA_DIR, or (STORAGE_URL) the bucket of a local S3 server. */
interface Place {
  env: Record<string, string>;
  /** Stored documents' keys. */
  storedFiles(): Promise<string[]>;
  /** What is left of these uploads where tus keeps them. */
  tusTraces(uploadIds: string[]): Promise<string[]>;
  /** The last bytes of an upload arrive, as through a process whose answer was lost. */
  appendLast(uploadId: string, offset: number, bytes: Buffer): Promise<void>;
  /** The upload's record says it was created this long ago. */
  backdate(uploadId: string, ms: number): Promise<void>;
  close(): Promise<void>;
}

/** A tus record (JSON) with its creation date moved back. */
const backdated = (record: string, ms: number) => {
  const parsed = JSON.parse(record) as { creation_date: string };
  return JSON.stringify({ ...parsed, creation_date: new Date(Date.parse(parsed.creation_date) - ms).toISOString() });
};

function onDisk(): Place {
  return {
    env: {},
    storedFiles: async () =>
      (await readdir(path.join(t.config.dataDir, 'files', 'documents')).catch(() => [] as string[]))
        .map((name) => `documents/${name}`)
        .sort(),
    tusTraces: async (ids) => (await readdir(path.join(t.config.dataDir, 'tus'))).filter((name) => ids.some((id) => name.startsWith(id))),
    appendLast: (id, _offset, bytes) => appendFile(path.join(t.config.dataDir, 'tus', id), bytes),
    async backdate(id, ms) {
      const file = path.join(t.config.dataDir, 'tus', `${id}.json`);
      await writeFile(file, backdated(await readFile(file, 'utf8'), ms));
    },
    close: async () => undefined,
  };
}

async function inBucket(): Promise<Place> {
  const server: TestS3Server = await startS3Server();
  const contents = async (under: string) =>
    (await server.contents()).filter((key) => key.startsWith(`portal/${under}/`)).map((key) => key.slice('portal/'.length));
  return {
    env: server.env('portal'),
    storedFiles: async () => (await contents('documents')).sort(),
    tusTraces: async (ids) => (await contents('tus')).filter((key) => ids.some((id) => key.startsWith(`tus/${id}`))),
    async appendLast(id, offset, bytes) {
      const s3 = t.config.s3!;
      const options = { client: s3ClientOf(s3), bucket: s3.bucket, prefix: s3.prefix, keyPrefix: 'documents' };
      const store = new S3UploadStore({ ...options, partSize: 5 * 1024 * 1024, expirationPeriodInMilliseconds: 0 });
      await store.write(Readable.from([bytes]), id, offset);
    },
    async backdate(id, ms) {
      const client = s3ClientOf(t.config.s3!);
      const Key = `portal/tus/${id}.info`;
      const record = await (await client.send(new GetObjectCommand({ Bucket: t.config.s3!.bucket, Key }))).Body!.transformToString();
      await client.send(new PutObjectCommand({ Bucket: t.config.s3!.bucket, Key, Body: backdated(record, ms) }));
    },
    close: () => server.close(),
  };
}

let t: TestApp;
let place: Place;

describe.each([
  { name: 'on the local disk', start: async () => onDisk(), kind: LocalStorage },
  { name: 'in an S3-compatible bucket (s3rver)', start: inBucket, kind: S3Storage },
])('uploads $name', ({ start, kind }) => {
  beforeAll(async () => {
    place = await start();
    t = await createTestApp({ env: { MAX_UPLOAD_BYTES: '2000000', ...place.env } });
  });
  afterAll(async () => {
    await t.close();
    await place.close();
  });

  const TUS = { 'tus-resumable': '1.0.0' };
  const meta = (values: Record<string, string | number>) =>
    Object.entries(values)
      .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
      .join(',');

  async function setup(app = t) {
    const { mill, admin } = await createMill(app.db);
    const lab = await createLab(app.db, { clientOf: mill.id });
    const labJwt = await signIn(app, lab.user.email);
    const order = await sendOrder(app, labJwt, mill.id, { submit: false, files: [] });
    return { mill, admin, lab, labJwt, order, componentId: order.components[0]!.id };
  }

  async function create(token: string | undefined, length: number, metadata: Record<string, string | number>, app = t) {
    return app.request({
      method: 'POST',
      url: '/api/uploads',
      token,
      headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': meta(metadata) },
    });
  }

  function patch(token: string, location: string, offset: number, chunk: Buffer) {
    return t.request({
      method: 'PATCH',
      url: location,
      token,
      headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      payload: chunk,
    });
  }

  describe('resumable uploads (tus)', () => {
    it('answers a request of any content type, with or without tus headers, with a 4xx in our error shape', async () => {
      const s = await setup();
      const created = await create(s.labJwt, 1000, { filename: 'jaw.stl', orderId: s.order.id, componentId: s.componentId });
      const location = String(created.headers.location);
      const contentTypes = [{ 'content-type': 'text/foo' }, {}, { 'content-type': ';;;' }, { 'content-type': 'application/json' }];
      const tusHeaders = [{}, { ...TUS, 'upload-offset': '0' }, { ...TUS, 'upload-offset': 'x', 'upload-length': '-1' }];
      const requests = [
        ['PATCH', location],
        ['PATCH', '/api/uploads/unknown'],
        ['POST', '/api/uploads'],
        ['DELETE', '/api/uploads/unknown'],
      ] as const;
      for (const [method, url] of requests)
        for (const token of [undefined, s.labJwt])
          for (const contentType of contentTypes)
            for (const tus of tusHeaders) {
              const answer = await t.request({ method, url, token, headers: { ...contentType, ...tus }, payload: '{' });
              const what = `${method} ${url} ${JSON.stringify({ ...contentType, ...tus })}: ${answer.statusCode} ${answer.body}`;
              expect(answer.statusCode, what).toBeGreaterThanOrEqual(400);
              expect(answer.statusCode, what).toBeLessThan(500);
              const body = answer.json<{ statusCode: number; error: string; code: string; message: string }>();
              expect(body, what).toMatchObject({ statusCode: answer.statusCode, error: expect.any(String), code: expect.any(String) });
              expect(body.message.length, what).toBeGreaterThan(10);
            }
      // tus's rules decide, not a body parser of Fastify's, and each says what is wrong.
      const answer = (headers: Record<string, string>) =>
        t.request({ method: 'PATCH', url: location, token: s.labJwt, headers, payload: '{' });
      expect((await answer({ 'content-type': 'text/foo' })).json()).toMatchObject({
        statusCode: 412,
        message: 'Tus-Resumable 1.0.0 required',
      });
      expect((await answer({ 'content-type': 'application/json', ...TUS, 'upload-offset': '0' })).json()).toMatchObject({
        statusCode: 415,
        message: 'The Content-Type must be application/offset+octet-stream',
      });
      expect((await answer({ 'content-type': ';;;' })).json().message).toMatch(/Content-Type/);
      // @tus/server's own refusal of malformed headers (before any hook of ours) says which ones, in our shape.
      const malformed = await t.request({
        method: 'POST',
        url: '/api/uploads',
        token: s.labJwt,
        headers: { ...TUS, 'upload-length': '-1' },
      });
      expect(malformed.json()).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'These tus headers are malformed: upload-length',
      });
      // The upload is untouched by all of it.
      expect((await patch(s.labJwt, location, 0, randomBytes(100))).statusCode).toBe(204);
    });

    it('sweeps an upload nobody continued for a week, with its bytes, and not before', async () => {
      const s = await setup();
      const created = await create(s.labJwt, 300_000, { filename: 'jaw.stl', orderId: s.order.id, componentId: s.componentId });
      const location = String(created.headers.location);
      const id = location.split('/').pop()!;
      expect((await patch(s.labJwt, location, 0, randomBytes(120_000))).statusCode).toBe(204);
      await sweepAbandonedUploads(t.app.deps);
      expect(await place.tusTraces([id])).not.toEqual([]);
      await place.backdate(id, 8 * 24 * 3600 * 1000);
      expect(await sweepAbandonedUploads(t.app.deps)).toBeGreaterThanOrEqual(1);
      expect(await place.tusTraces([id])).toEqual([]);
      expect((await t.request({ method: 'HEAD', url: location, token: s.labJwt, headers: TUS })).statusCode).toBe(404);
    });

    it('resumes an interrupted upload from what the server holds; the stored SHA-256 equals the source', async () => {
      const s = await setup();
      const source = Buffer.concat([binaryStl(1), randomBytes(300_000)]);
      const created = await create(s.labJwt, source.length, { filename: 'jaw.stl', orderId: s.order.id, componentId: s.componentId });
      expect(created.statusCode).toBe(201);
      const location = String(created.headers.location);
      expect(location).toMatch(/^\/api\/uploads\//);

      // The connection drops after the first part ...
      expect((await patch(s.labJwt, location, 0, source.subarray(0, 120_000))).statusCode).toBe(204);
      // ... the client asks where to go on, and sends only the rest.
      const head = await t.request({ method: 'HEAD', url: location, token: s.labJwt, headers: TUS });
      expect(head.headers['upload-offset']).toBe('120000');
      const finished = await patch(s.labJwt, location, 120_000, source.subarray(120_000));
      expect(finished.statusCode).toBe(204);
      const sha = createHash('sha256').update(source).digest('hex');
      expect(finished.headers['casebridge-sha256']).toBe(sha);

      const detail = (
        await t.request({ method: 'GET', url: `/api/projects/${s.order.id}/components/${s.componentId}`, token: s.labJwt })
      ).json();
      expect(detail.documents).toEqual([expect.objectContaining({ name: 'jaw.stl', size: source.length, sha256: sha })]);
    });

    it('binds an upload to its user: another user cannot see or continue it', async () => {
      const s = await setup();
      const other = await setup();
      const created = await create(s.labJwt, 1000, { filename: 'a.stl', orderId: s.order.id, componentId: s.componentId });
      const location = String(created.headers.location);
      expect((await t.request({ method: 'HEAD', url: location, token: other.labJwt, headers: TUS })).statusCode).toBe(404);
      expect((await patch(other.labJwt, location, 0, Buffer.alloc(10))).statusCode).toBe(404);
      expect((await t.request({ method: 'HEAD', url: location, headers: TUS })).statusCode).toBe(401);
    });

    it("refuses uploads to someone else's order, by the mill, of a bad type, or over the size limit", async () => {
      const s = await setup();
      const other = await setup();
      const base = { filename: 'a.stl', orderId: s.order.id, componentId: s.componentId };
      expect((await create(other.labJwt, 100, base)).statusCode).toBe(404);
      expect((await create(s.labJwt, 100, { ...base, componentId: other.componentId })).statusCode).toBe(404);
      expect((await create(s.labJwt, 100, { ...base, filename: 'virus.exe' })).statusCode).toBe(400);
      expect((await create(s.labJwt, 3_000_000, base)).statusCode).toBe(413);
      expect((await create(undefined, 100, base)).statusCode).toBe(401);
    });

    it('asks the rule book (order.edit): the mill may not add documents, nor a lab its mill blocked', async () => {
      const s = await setup();
      const base = { filename: 'a.stl', orderId: s.order.id, componentId: s.componentId };
      await t.request({ method: 'POST', url: `/api/orders/${s.order.id}/submit`, token: s.labJwt });
      expect((await create(await signIn(t, s.admin.email), 100, base)).statusCode).toBe(403);
      await t.db.update(millClients).set({ blockedByMill: true }).where(eq(millClients.labId, s.lab.lab.id));
      const blocked = await create(s.labJwt, 100, base);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toMatch(/does not accept/);
    });

    it('refuses a finished upload whose content does not match its name, and keeps nothing', async () => {
      const s = await setup();
      const fake = Buffer.from('<html><script>alert(1)</script></html>');
      const created = await create(s.labJwt, fake.length, { filename: 'scan.ply', orderId: s.order.id, componentId: s.componentId });
      const response = await patch(s.labJwt, String(created.headers.location), 0, fake);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('FILE_CONTENT_MISMATCH');
      const detail = (
        await t.request({ method: 'GET', url: `/api/projects/${s.order.id}/components/${s.componentId}`, token: s.labJwt })
      ).json();
      expect(detail.documents).toEqual([]);
    });

    it("answers an upload over the size limit with a code the web app translates, and a stranger's upload as UPLOAD_NOT_FOUND", async () => {
      const s = await setup();
      const tooLarge = await create(s.labJwt, 2_000_001, { filename: 'big.stl', orderId: s.order.id, componentId: s.componentId });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({ statusCode: 413, code: 'UPLOAD_TOO_LARGE' });
      const created = await create(s.labJwt, 10, { filename: 'a.stl', orderId: s.order.id, componentId: s.componentId });
      const other = await setup();
      const foreign = await patch(other.labJwt, String(created.headers.location), 0, Buffer.alloc(10));
      expect(foreign.json()).toMatchObject({ statusCode: 404, code: 'UPLOAD_NOT_FOUND' });
    });
  });

  describe('the end of a resumable upload', () => {
    let managerJwt: string;
    let storageMbBefore: number;
    const basicPlan = async () =>
      (await t.request({ method: 'GET', url: '/api/contract-types', token: managerJwt }))
        .json()
        .data.find((plan: { id: string }) => plan.id === 'basic');
    /** The manager changes the basic plan's storage, as the contract-types screen does. */
    async function setBasicStorage(storageMb: number) {
      const { priceCents, maxOrdersCount, allowedClients, support, filesKeepDays } = await basicPlan();
      const response = await t.request({
        method: 'PUT',
        url: '/api/contract-types/basic',
        token: managerJwt,
        payload: { priceCents, maxOrdersCount, allowedClients, storageMb, support, filesKeepDays },
      });
      expect(response.statusCode).toBe(200);
    }
    beforeAll(async () => {
      managerJwt = await signIn(t, (await createManager(t.db)).email);
      storageMbBefore = (await basicPlan()).storageMb;
    });
    afterEach(async () => {
      vi.restoreAllMocks();
      await setBasicStorage(storageMbBefore);
    });

    const storedFiles = () => place.storedFiles();
    const tusTraces = (uploadIds: string[]) => place.tusTraces(uploadIds);
    const rowsOf = (componentId: number) => t.db.select().from(componentFiles).where(eq(componentFiles.componentId, componentId));
    const idOf = (location: string) => location.split('/').pop()!;
    /** 600,084 bytes: one fits into 1 MB, two do not. */
    const largeStl = () => binaryStl(12_000);

    it('lets exactly one of two uploads that fit alone but not together finish; the other is refused and its bytes queued for removal', async () => {
      await setBasicStorage(1);
      const s = await setup();
      const source = largeStl();
      const created = await Promise.all(
        [1, 2].map(() => create(s.labJwt, source.length, { filename: 'jaw.stl', orderId: s.order.id, componentId: s.componentId })),
      );
      // Each fits on its own, so both pass the early check when they are created.
      expect(created.map((response) => response.statusCode)).toEqual([201, 201]);
      const locations = created.map((response) => String(response.headers.location));
      const storedBefore = await storedFiles();
      // The loser's bytes cannot be removed at once (a busy disk): they must stay queued, not be forgotten.
      const remove = vi.spyOn(kind.prototype, 'remove').mockRejectedValueOnce(new Error('disk busy'));

      const finished = await Promise.all(locations.map((location) => patch(s.labJwt, location, 0, source)));
      const statuses = finished.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([204, 409]);
      const refused = finished.find((response) => response.statusCode === 409)!;
      expect(refused.json()).toMatchObject({ statusCode: 409, code: 'PLAN_LIMIT_REACHED' });
      expect(remove).toHaveBeenCalledTimes(1);

      const rows = await rowsOf(s.componentId);
      expect(rows).toHaveLength(1);
      expect(String(rows[0]!.id)).toBe(finished.find((response) => response.statusCode === 204)!.headers['casebridge-file-id']);
      const added = (await storedFiles()).filter((key) => !storedBefore.includes(key));
      const loserKey = added.find((key) => key !== rows[0]!.storageKey)!;
      expect(added.sort()).toEqual([rows[0]!.storageKey, loserKey].sort());
      expect(
        (await t.db.select().from(storageRemovals).where(eq(storageRemovals.storageKey, loserKey))).map((row) => row.storageKey),
      ).toEqual([loserKey]);
      // Nothing of either upload is left in the tus folder: the loser cannot be resumed into a second refusal.
      expect(await tusTraces(locations.map(idOf))).toEqual([]);
      expect(
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.millId, s.mill.id), eq(notifications.type, 'planLimitReached'))),
      ).not.toHaveLength(0);

      // The queue's next run (every 10 minutes, and at start) removes the bytes: nothing is orphaned.
      await removeQueued(t.db, createStorage(t.config));
      expect((await storedFiles()).filter((key) => !storedBefore.includes(key))).toEqual([rows[0]!.storageKey]);
      expect(await t.db.select().from(storageRemovals).where(inArray(storageRemovals.storageKey, added))).toEqual([]);
    });

    it('removes the refused bytes at once when the disk lets it, and counts the stored file against the next upload', async () => {
      await setBasicStorage(1);
      const s = await setup();
      const source = largeStl();
      const first = await create(s.labJwt, source.length, { filename: 'a.stl', orderId: s.order.id, componentId: s.componentId });
      const second = await create(s.labJwt, source.length, { filename: 'b.stl', orderId: s.order.id, componentId: s.componentId });
      const storedBefore = await storedFiles();
      expect((await patch(s.labJwt, String(first.headers.location), 0, source)).statusCode).toBe(204);
      const late = await patch(s.labJwt, String(second.headers.location), 0, source);
      expect(late.json()).toMatchObject({ statusCode: 409, code: 'PLAN_LIMIT_REACHED' });
      const rows = await rowsOf(s.componentId);
      expect(rows.map((row) => row.name)).toEqual(['a.stl']);
      expect((await storedFiles()).filter((key) => !storedBefore.includes(key))).toEqual([rows[0]!.storageKey]);
      expect(await t.db.select().from(storageRemovals)).toEqual([]);
      // The refused upload is gone, not waiting to be resumed.
      expect((await t.request({ method: 'HEAD', url: String(second.headers.location), token: s.labJwt, headers: TUS })).statusCode).toBe(
        404,
      );
    });

    it('records a complete upload once when its last request arrives twice at once', async () => {
      for (let round = 0; round < 4; round++) {
        const s = await setup();
        const source = Buffer.concat([binaryStl(1), randomBytes(50_000)]);
        const created = await create(s.labJwt, source.length, { filename: 'jaw.stl', orderId: s.order.id, componentId: s.componentId });
        const location = String(created.headers.location);
        expect((await patch(s.labJwt, location, 0, source.subarray(0, -1))).statusCode).toBe(204);
        // The last byte is on disk but the upload was never recorded (the answer to the last request was
        // lost on its way): the client sends that request again, here twice at once, with nothing left to send.
        // (In the bucket that request completed the multipart upload: the object exists, though no list shows it.)
        const storedBefore = await storedFiles();
        await place.appendLast(idOf(location), source.length - 1, source.subarray(-1));

        const answers = await Promise.all([1, 2].map(() => patch(s.labJwt, location, source.length, Buffer.alloc(0))));
        for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
        const recorded = answers.filter((answer) => answer.headers['casebridge-file-id']);
        expect(recorded).toHaveLength(1);
        expect(recorded[0]!.headers['casebridge-sha256']).toBe(createHash('sha256').update(source).digest('hex'));
        const rows = await rowsOf(s.componentId);
        expect(rows.map((row) => String(row.id))).toEqual([recorded[0]!.headers['casebridge-file-id']]);
        expect((await storedFiles()).filter((key) => !storedBefore.includes(key))).toEqual([rows[0]!.storageKey]);
        expect(await tusTraces([idOf(location)])).toEqual([]);
      }
    });
  });

  describe('resumable uploads across server processes (REDIS_URL set)', () => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    // This run's own deployment prefix: its upload locks start with it (and meet no other run's).
    const keyPrefix = `casebridge-test-${randomBytes(6).toString('hex')}`;
    let shared: TestApp;
    let redis: Redis;
    let listener: Redis;
    beforeAll(async () => {
      shared = await createTestApp({
        env: { ...place.env, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix },
      });
      redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      listener = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    });
    afterAll(async () => {
      await shared.close();
      await Promise.all([redis.quit(), listener.quit()]);
    });

    it('waits while another process holds the upload in Redis, and asks that process to let go', async () => {
      const s = await setup(shared);
      const created = await create(s.labJwt, 1000, { filename: 'a.stl', orderId: s.order.id, componentId: s.componentId }, shared);
      const location = String(created.headers.location);
      const uploadId = location.split('/').pop()!;
      const releaseRequests: string[] = [];
      await listener.subscribe(`${keyPrefix}:tus:release`);
      listener.on('message', (_channel: string, id: string) => releaseRequests.push(id));
      // Another process's PATCH holds the lock, and stops within 600 ms.
      expect(await redis.set(`${keyPrefix}:tus:lock:${uploadId}`, 'another process', 'PX', 600, 'NX')).toBe('OK');

      const started = Date.now();
      const head = await shared.request({ method: 'HEAD', url: location, token: s.labJwt, headers: TUS });
      expect(head.statusCode).toBe(200);
      expect(head.headers['upload-offset']).toBe('0');
      expect(Date.now() - started).toBeGreaterThan(300);
      expect(releaseRequests).toContain(uploadId);
      // Done with it, the request unlocked: the key is gone, not left to expire.
      expect(await redis.exists(`${keyPrefix}:tus:lock:${uploadId}`)).toBe(0);
    });
  });
});
