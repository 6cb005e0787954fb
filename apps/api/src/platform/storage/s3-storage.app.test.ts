import { createHash, randomBytes } from 'node:crypto';
import { sessionToken } from '../../../test/session-token.ts';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createManager } from '../../../test/factories.ts';
import { dataForm } from '../../../test/multipart.ts';
import { binaryStl, orderWorkspace, sendOrder } from '../../../test/orders.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { S3Storage } from './s3-storage.ts';

let s3: TestS3Server;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ env: s3.env('portal') });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The component's documents as the lab sees them, and the bytes of one fetched through its one-time link. */
async function documentsOf(jwt: string, orderId: number, componentId: number) {
  const detail = await t.request({ method: 'GET', url: `/api/projects/${orderId}/components/${componentId}`, token: jwt });
  return detail.json().documents as { id: number; name: string; size: number; sha256: string }[];
}
/** A single file's one-time link answers with a redirect to the bucket; the answer to following it, as a browser does. */
async function fetchFile(jwt: string, fileId: number): Promise<Response> {
  const link = (await t.request({ method: 'GET', url: `/api/files/${fileId}/download`, token: jwt })).json().url as string;
  const answer = await t.request({ method: 'GET', url: link });
  expect(answer.statusCode).toBe(302);
  expect(answer.rawPayload).toHaveLength(0);
  // Followed without the portal's session: a browser sends no Authorization header to another origin.
  return fetch(String(answer.headers.location));
}
async function download(jwt: string, fileId: number): Promise<Buffer> {
  const file = await fetchFile(jwt, fileId);
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

describe('order documents with STORAGE_URL set to an S3-compatible store', () => {
  it('builds the app on the S3 storage', () => {
    expect(t.app.deps.storage).toBeInstanceOf(S3Storage);
  });

  it('stores a document sent as a form in the bucket and hands the same bytes back', async () => {
    const w = await orderWorkspace(t);
    const stl = binaryStl(40);
    const order = await sendOrder(t, w.labJwt, w.mill.id, { files: [{ name: 'crown.stl', content: stl }] });
    const [document] = await documentsOf(w.labJwt, order.id, order.components[0]!.id);
    expect(document).toMatchObject({ name: 'crown.stl', size: stl.length, sha256: sha256(stl) });
    expect((await download(w.adminJwt, document!.id)).equals(stl)).toBe(true);
    // The component's ZIP reads its entries from the bucket too (stored, so the bytes are in it as they are).
    const zipLink = await t.request({
      method: 'GET',
      url: `/api/projects/${order.id}/components/${order.components[0]!.id}/download/documents`,
      token: w.adminJwt,
    });
    const zip = await t.request({ method: 'GET', url: zipLink.json().url });
    expect(zip.statusCode).toBe(200);
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    expect(zip.rawPayload.includes(stl)).toBe(true);
    expect((await s3.contents()).filter((key) => key.startsWith('portal/documents/'))).not.toHaveLength(0);
    await expect(access(path.join(t.config.dataDir, 'files'))).rejects.toThrow();
  });

  it('keeps a resumable (tus) upload in the bucket and stores it there under its final key', async () => {
    const w = await orderWorkspace(t);
    const order = await sendOrder(t, w.labJwt, w.mill.id, { submit: false, files: [] });
    const componentId = order.components[0]!.id;
    const source = Buffer.concat([binaryStl(1), randomBytes(200_000)]);
    const metadata = Object.entries({ filename: 'jaw.stl', orderId: order.id, componentId })
      .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
      .join(',');
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await t.request({
      method: 'POST',
      url: '/api/uploads',
      token: w.labJwt,
      headers: { ...tus, 'upload-length': String(source.length), 'upload-metadata': metadata },
    });
    expect(created.statusCode).toBe(201);
    const before = await s3.contents();
    const finished = await t.request({
      method: 'PATCH',
      url: String(created.headers.location),
      token: w.labJwt,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: source,
    });
    expect(finished.statusCode).toBe(204);
    expect(finished.headers['casebridge-sha256']).toBe(sha256(source));

    const [document] = await documentsOf(w.labJwt, order.id, componentId);
    expect(document).toMatchObject({ name: 'jaw.stl', size: source.length, sha256: sha256(source) });
    expect((await download(w.labJwt, document!.id)).equals(source)).toBe(true);
    const added = (await s3.contents()).filter((key) => !before.includes(key));
    expect(added).toEqual([expect.stringMatching(/^portal\/documents\/[A-Za-z0-9_-]{22}$/)]);
    // Nothing of the upload stays beside the stored file (ADR 0018), nor on the local disk.
    expect((await s3.contents()).filter((key) => key.startsWith('portal/tus/'))).toEqual([]);
    expect(await readdir(path.join(t.config.dataDir, 'tus')).catch(() => [])).toEqual([]);
  });

  it('sends a single download to a short-lived presigned URL after the same check; the mill fetching it marks the component Downloaded', async () => {
    const w = await orderWorkspace(t);
    const stranger = await orderWorkspace(t);
    const stl = binaryStl(7);
    const order = await sendOrder(t, w.labJwt, w.mill.id, { files: [{ name: 'Krone ü 11.stl', content: stl }] });
    const componentId = order.components[0]!.id;
    const [document] = await documentsOf(w.labJwt, order.id, componentId);
    const status = async () =>
      (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt })).json().status;

    // Another tenant learns nothing, not even a URL.
    const refused = await t.request({ method: 'GET', url: `/api/files/${document!.id}/download`, token: stranger.adminJwt });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toMatch(/url|X-Amz/i);

    // The lab fetching its own file changes nothing.
    expect((await download(w.labJwt, document!.id)).equals(stl)).toBe(true);
    expect(await status()).toBe('Open');

    const link = (await t.request({ method: 'GET', url: `/api/files/${document!.id}/download`, token: w.adminJwt })).json().url as string;
    const redirect = await t.request({ method: 'GET', url: link });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('no-store');
    const location = new URL(String(redirect.headers.location));
    expect(location.origin).toBe(s3.env().AWS_ENDPOINT_URL_S3);
    expect(location.pathname).toMatch(/^\/casebridge-test\/portal\/documents\/[A-Za-z0-9_-]{22}$/);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(await status()).toBe('Downloaded');
    // The link is used once, whether it streamed or redirected.
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(404);

    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Krone%20%C3%BC%2011.stl");
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await file.arrayBuffer()).equals(stl)).toBe(true);
  });

  it('streams the order ZIP from the bucket, its Content-Length announced up front and equal to the bytes sent', async () => {
    const w = await orderWorkspace(t);
    const files = [
      { name: 'a.stl', content: Buffer.concat([binaryStl(3), randomBytes(3 * 1024 * 1024)]) },
      { name: 'b.stl', content: binaryStl(9) },
    ];
    const order = await sendOrder(t, w.labJwt, w.mill.id, { components: ['Crown', 'Bridge'], files });
    const link = (await t.request({ method: 'GET', url: `/api/project/${order.id}/download/documents`, token: w.adminJwt })).json().url;
    const zip = await t.request({ method: 'GET', url: link });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    for (const { content } of files) expect(zip.rawPayload.includes(content)).toBe(true);
  });

  it('sends the desktop installer to a presigned URL of the bucket', async () => {
    const manager = await createManager(t.db);
    const token = await sessionToken(t.app, manager);
    const bytes = randomBytes(50_000);
    const form = dataForm({ version: '3.0.0', releaseNotes: '' }, { field: 'files.file', name: 'Setup ü.exe', content: bytes });
    expect((await t.request({ method: 'POST', url: '/api/desktop-app/installer', token, ...form })).statusCode).toBe(200);
    const redirect = await t.request({ method: 'GET', url: '/api/desktop-app/installer' });
    expect(redirect.statusCode).toBe(302);
    const file = await fetch(String(redirect.headers.location));
    expect(file.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Setup%20%C3%BC.exe");
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

// Last in this file: it stops the store.
describe('readiness with STORAGE_URL', () => {
  it('is ready while the bucket answers, and answers 503 naming the store once it does not', async () => {
    expect((await t.request({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: 'ready' });
    await s3.close();
    // The last check's answer is kept a few seconds; a probe after that asks the store again.
    const later = Date.now() + 10_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      const down = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect([down.statusCode, down.json().message]).toEqual([503, 'Not ready: file storage not reachable']);
      expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      clock.mockRestore();
    }
  });
});
