import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { MemoryLocker } from '@tus/server';
import { Upload } from '@tus/utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadsBusy } from './s3-upload-store.ts';
import { answerTusPatch, type TusPatchOptions } from './tus-patch.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let directory: string;
let server: http.Server;
let base: string;
let options: TusPatchOptions;
let finished: Upload[];

beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'casebridge-tus-patch-'));
  finished = [];
  options = {
    datastore: new FileStore({ directory, expirationPeriodInMilliseconds: DAY_MS }),
    // A lock never let go would fail the next request after 1 s instead of 30.
    locker: new MemoryLocker({ acquireLockTimeout: 1000 }),
    maxSize: 1000,
    checkRequest: async (request) => {
      if (request.headers.authorization !== 'owner') throw { status_code: 404, body: '{"code":"UPLOAD_NOT_FOUND"}' };
    },
    onUploadFinish: async (_request, upload) => {
      finished.push(upload);
      return { 'Finished-Size': String(upload.size) };
    },
  };
  server = http.createServer((request, response) => {
    answerTusPatch(options, request, request.url!.slice(1)).then(
      (answer) => response.writeHead(answer.status, answer.headers).end(answer.body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(directory, { recursive: true, force: true });
});

async function started(size: number | undefined, creation = new Date()): Promise<string> {
  const id = randomBytes(8).toString('hex');
  await options.datastore.create(new Upload({ id, size, offset: 0, creation_date: creation.toISOString() }));
  return id;
}

const TUS = { 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream', authorization: 'owner' };

function patch(id: string, offset: number, body: Buffer | ReadableStream, headers: Record<string, string> = {}) {
  return fetch(`${base}/${id}`, {
    method: 'PATCH',
    headers: { ...TUS, 'upload-offset': String(offset), ...headers },
    body,
    duplex: 'half',
  });
}

const bytesOf = (id: string) => readFile(path.join(directory, id));

describe('tus PATCH without @tus/server', () => {
  it('tells a client refused by a full store when to send its bytes again (Retry-After)', async () => {
    const id = await started(10);
    options.datastore.write = () => Promise.reject(new UploadsBusy());
    const answer = await patch(id, 0, Buffer.from('hello'));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe(String(new UploadsBusy().retryAfterSeconds));
    expect(await answer.json()).toMatchObject({ code: 'UPLOADS_BUSY' });
  });

  it('writes the bytes at the offset and answers the new offset, when the upload expires, and the finishing headers', async () => {
    const id = await started(10);
    const first = await patch(id, 0, Buffer.from('hello'));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('5');
    expect(first.headers.get('tus-resumable')).toBe('1.0.0');
    expect(first.headers.get('access-control-expose-headers')).toContain('Upload-Offset');
    expect(Date.parse(first.headers.get('upload-expires')!)).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
    const last = await patch(id, 5, Buffer.from('world'));
    expect(last.headers.get('finished-size')).toBe('10');
    expect(last.headers.get('upload-expires')).toBeNull();
    expect(finished.map((upload) => upload.offset)).toEqual([10]);
    expect((await bytesOf(id)).toString()).toBe('helloworld');
  });

  it('refuses an offset other than the upload has with 409, and writes nothing', async () => {
    const id = await started(10);
    await patch(id, 0, Buffer.from('abc'));
    const wrong = await patch(id, 1, Buffer.from('xyz'));
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect((await bytesOf(id)).toString()).toBe('abc');
  });

  it('refuses a body that is not application/offset+octet-stream with 415, and a missing Tus-Resumable with 412', async () => {
    const id = await started(10);
    const refused = await patch(id, 0, Buffer.from('abc'), { 'content-type': 'text/plain' });
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ statusCode: 415, code: 'VALIDATION_FAILED' });
    expect((await patch(id, 0, Buffer.from('abc'), { 'tus-resumable': '' })).status).toBe(412);
    expect(await bytesOf(id)).toHaveLength(0);
  });

  it('answers what checkRequest refuses (an upload that is not the caller’s) and writes nothing', async () => {
    const id = await started(10);
    const foreign = await patch(id, 0, Buffer.from('abc'), { authorization: 'stranger' });
    expect(foreign.status).toBe(404);
    expect(await bytesOf(id)).toHaveLength(0);
  });

  it('refuses with 413 a body longer than the upload has room for, announced or not, keeping only what fits', async () => {
    const id = await started(10);
    const announced = await patch(id, 0, Buffer.alloc(11));
    expect(announced.status).toBe(413);
    expect(await announced.json()).toMatchObject({ statusCode: 413, code: 'UPLOAD_TOO_LARGE' });
    expect(await bytesOf(id)).toHaveLength(0);
    const unannounced = await patch(id, 0, new Blob([Buffer.alloc(8), Buffer.alloc(8)]).stream());
    expect(unannounced.status).toBe(413);
    expect(await bytesOf(id)).toHaveLength(10);
    expect(finished).toEqual([]);
  });

  it('answers an expired upload with 410', async () => {
    const id = await started(10, new Date(Date.now() - 2 * DAY_MS));
    expect((await patch(id, 0, Buffer.from('abc'))).status).toBe(410);
  });

  it('takes a deferred Upload-Length once, within the largest upload, and finishes at it', async () => {
    const id = await started(undefined);
    expect((await patch(id, 0, Buffer.from('abc'), { 'upload-length': '1001' })).status).toBe(413);
    const declared = await patch(id, 0, Buffer.from('abc'), { 'upload-length': '6' });
    expect(declared.status).toBe(204);
    expect((await patch(id, 3, Buffer.from('def'), { 'upload-length': '6' })).status).toBe(400);
    expect((await patch(id, 3, Buffer.from('def'))).headers.get('finished-size')).toBe('6');
  });

  it('keeps the bytes of a PATCH whose client went away and lets go of its lock, so the next request resumes', async () => {
    const id = await started(1000);
    await new Promise<void>((resolve) => {
      const request = http.request(`${base}/${id}`, {
        method: 'PATCH',
        headers: { ...TUS, 'upload-offset': '0', 'content-length': '1000' },
      });
      request.on('error', () => undefined);
      request.write(Buffer.alloc(400, 1), () => setTimeout(() => (request.destroy(), resolve()), 200));
    });
    await expect.poll(async () => (await options.datastore.getUpload(id)).offset).toBe(400);
    const resumed = await patch(id, 400, Buffer.alloc(600, 2));
    expect(resumed.status).toBe(204);
    expect(resumed.headers.get('upload-offset')).toBe('1000');
  });

  it('ends a PATCH whose lock another request asks for, keeping its bytes, so that one can go on', async () => {
    options.lockDrainMs = 100;
    const id = await started(1000);
    const body = new TransformStream<Uint8Array>();
    const writer = body.writable.getWriter();
    const slow = patch(id, 0, body.readable);
    await writer.write(new Uint8Array(300));
    await expect.poll(async () => (await options.datastore.getUpload(id)).offset).toBe(300);
    const next = await patch(id, 300, Buffer.alloc(700));
    expect(next.status).toBe(204);
    expect((await slow).headers.get('upload-offset')).toBe('300');
    await writer.abort().catch(() => undefined);
  });
});
