import { createHash, randomBytes } from 'node:crypto';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
async function download(jwt: string, fileId: number): Promise<Buffer> {
  const link = (await t.request({ method: 'GET', url: `/api/files/${fileId}/download`, token: jwt })).json().url as string;
  const file = await t.request({ method: 'GET', url: link });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
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
});
