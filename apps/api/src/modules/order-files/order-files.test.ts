import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/orders.ts';
import { binaryStl, multipartFile, orderWorkspace, sendOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: '100000' } });
});
afterAll(async () => {
  await t.close();
});

const workspace = () => orderWorkspace(t);

describe('files', () => {
  it('refuses a disguised file, an unknown type and an oversized file, and leaves no bytes behind', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id, { submit: false, files: [] });
    const storedFiles = () => readdir(path.join(t.config.dataDir, 'files', 'documents')).catch(() => [] as string[]);
    const before = await storedFiles();
    const url = `/api/orders/${order.id}/components/${order.components[0]!.id}/documents`;
    const disguised = await t.request({ method: 'POST', url, token: w.labJwt, ...multipartFile('files.file', 'scan.stl', Buffer.from('<html><script>alert(1)</script></html>')) });
    expect(disguised.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const pdf = await t.request({ method: 'POST', url, token: w.labJwt, ...multipartFile('files.file', 'order.pdf', Buffer.from('GIF89a not a pdf')) });
    expect(pdf.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const exe = await t.request({ method: 'POST', url, token: w.labJwt, ...multipartFile('files.file', 'setup.exe', Buffer.from('MZ')) });
    expect(exe.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const big = await t.request({ method: 'POST', url, token: w.labJwt, ...multipartFile('files.file', 'huge.stl', binaryStl(2100)) });
    expect(big.statusCode).toBe(413);
    expect(await storedFiles()).toEqual(before);
  });

  it('lets the mill hand files back and delete them; the lab only reads them', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const componentId = order.components[0]!.id;
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const uploaded = await t.request({ method: 'POST', url: `/api/downloads?projectId=${order.id}&componentId=${componentId}`, token: w.staffJwt, ...multipartFile('files.file', 'report.pdf', pdf) });
    expect(uploaded.statusCode).toBe(200);
    const byLab = await t.request({ method: 'POST', url: `/api/downloads?projectId=${order.id}&componentId=${componentId}`, token: w.labJwt, ...multipartFile('files.file', 'report.pdf', pdf) });
    expect(byLab.statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/downloads/${uploaded.json().id}`, token: w.labJwt })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/downloads/${uploaded.json().id}`, token: w.adminJwt })).statusCode).toBe(200);
    const detail = (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.labJwt })).json();
    expect(detail.downloads).toEqual([]);
  });

  it('streams a ZIP once per link; all documents downloaded turns the component Downloaded', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id, { name: 'Zip me', components: ['Crown'], files: [{ name: 'a.stl', content: binaryStl() }, { name: 'a.stl', content: binaryStl(2) }] });
    const componentId = order.components[0]!.id;
    const link = (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}/download/documents`, token: w.adminJwt })).json().url;
    expect(link).toMatch(/^\/api\/dl\//);
    const zip = await t.request({ method: 'GET', url: link });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(String(zip.headers['content-disposition'])).toMatch(/^attachment/);
    const body = zip.rawPayload;
    expect(body.subarray(0, 2).toString()).toBe('PK');
    // Known before the first byte, so the browser shows the download's progress.
    expect(Number(zip.headers['content-length'])).toBe(body.length);
    // Hierarchical by default, and the second a.stl is renamed rather than overwriting the first.
    expect(body.includes(Buffer.from('Zip me/Crown/a.stl'))).toBe(true);
    expect(body.includes(Buffer.from('Zip me/Crown/a (2).stl'))).toBe(true);
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(404);
    const detail = (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt })).json();
    expect(detail.status).toBe('Downloaded');
  });

  it('lays the ZIP out flat for users who chose flat folders', async () => {
    const w = await workspace();
    await t.request({ method: 'PUT', url: '/api/users/settings', token: w.adminJwt, payload: { projectDownloadFolderStructure: 'flat' } });
    const order = await sendOrder(t, w.labJwt, w.mill.id, { name: 'Flat', files: [{ name: 'f.stl', content: binaryStl() }] });
    const link = (await t.request({ method: 'GET', url: `/api/project/${order.id}/download/documents`, token: w.adminJwt })).json().url;
    const body = (await t.request({ method: 'GET', url: link })).rawPayload;
    expect(body.includes(Buffer.from('f.stl'))).toBe(true);
    expect(body.includes(Buffer.from('Flat/'))).toBe(false);
  });

  it('refuses a ZIP of a deleted order, and a link to a file of another tenant', async () => {
    const w = await workspace();
    const stranger = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const detail = (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${order.components[0]!.id}`, token: w.adminJwt })).json();
    expect((await t.request({ method: 'GET', url: `/api/files/${detail.documents[0].id}/download`, token: stranger.adminJwt })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/files/${detail.documents[0].id}/download`, token: stranger.labJwt })).statusCode).toBe(404);
    const single = (await t.request({ method: 'GET', url: `/api/files/${detail.documents[0].id}/download`, token: w.labJwt })).json().url;
    const file = await t.request({ method: 'GET', url: single });
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(binaryStl())).toBe(true);
    // A component of another order, named under this one, is a path to nothing.
    const other = await sendOrder(t, w.labJwt, w.mill.id);
    expect((await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${other.components[0]!.id}/download/documents`, token: w.adminJwt })).statusCode).toBe(404);
    await t.db.update(projects).set({ isDeleted: true }).where(eq(projects.id, order.id));
    expect((await t.request({ method: 'GET', url: `/api/project/${order.id}/download/documents`, token: w.adminJwt })).statusCode).toBe(409);
  });
});

describe('order summary report', () => {
  it('is a PDF for either side of the order, through a one-time link, and nobody else', async () => {
    const w = await workspace();
    const stranger = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    for (const jwt of [w.adminJwt, w.labJwt]) {
      const link = (await t.request({ method: 'GET', url: `/api/reports/project/summary/${order.id}`, token: jwt })).json().url;
      const pdf = await t.request({ method: 'GET', url: link });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(404);
    }
    expect((await t.request({ method: 'GET', url: `/api/reports/project/summary/${order.id}`, token: stranger.adminJwt })).statusCode).toBe(404);
  });

  it("writes dates in the viewer's report date format", async () => {
    const { formatReportDate } = await import('./order-files.service.ts');
    const date = new Date('2026-03-04T05:06:00Z');
    expect(formatReportDate(date, 'de')).toBe('04.03.2026, 05:06');
    expect(formatReportDate(date, 'us')).toMatch(/^Mar 4, 2026/);
    expect(formatReportDate(date, 'zz')).toBe(formatReportDate(date, 'de'));
  });
});
