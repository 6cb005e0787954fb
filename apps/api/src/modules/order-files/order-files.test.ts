import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/orders.ts';
import { companies } from '../../db/schema/companies.ts';
import { pdfText } from '../../platform/pdf/pdf-text.testing.ts';
import { dataForm } from '../../../test/multipart.ts';
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
    const disguised = await t.request({
      method: 'POST',
      url,
      token: w.labJwt,
      ...multipartFile('files.file', 'scan.stl', Buffer.from('<html><script>alert(1)</script></html>')),
    });
    expect(disguised.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const pdf = await t.request({
      method: 'POST',
      url,
      token: w.labJwt,
      ...multipartFile('files.file', 'order.pdf', Buffer.from('GIF89a not a pdf')),
    });
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
    const uploaded = await t.request({
      method: 'POST',
      url: `/api/downloads?projectId=${order.id}&componentId=${componentId}`,
      token: w.staffJwt,
      ...multipartFile('files.file', 'report.pdf', pdf),
    });
    expect(uploaded.statusCode).toBe(200);
    const byLab = await t.request({
      method: 'POST',
      url: `/api/downloads?projectId=${order.id}&componentId=${componentId}`,
      token: w.labJwt,
      ...multipartFile('files.file', 'report.pdf', pdf),
    });
    expect(byLab.statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/downloads/${uploaded.json().id}`, token: w.labJwt })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/downloads/${uploaded.json().id}`, token: w.adminJwt })).statusCode).toBe(200);
    const detail = (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.labJwt })).json();
    expect(detail.downloads).toEqual([]);
  });

  it('streams a ZIP once per link; all documents downloaded turns the component Downloaded', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id, {
      name: 'Zip me',
      components: ['Crown'],
      files: [
        { name: 'a.stl', content: binaryStl() },
        { name: 'a.stl', content: binaryStl(2) },
      ],
    });
    const componentId = order.components[0]!.id;
    const link = (
      await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}/download/documents`, token: w.adminJwt })
    ).json().url;
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
    const detail = (
      await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt })
    ).json();
    expect(detail.status).toBe('Downloaded');
  });

  it('turns a component Downloaded when the mill fetches its last two documents at the same moment', async () => {
    const w = await workspace();
    for (let round = 0; round < 5; round++) {
      const order = await sendOrder(t, w.labJwt, w.mill.id, {
        name: `Both at once ${round}`,
        components: ['Crown'],
        files: [
          { name: 'a.stl', content: binaryStl() },
          { name: 'b.stl', content: binaryStl(2) },
        ],
      });
      const componentId = order.components[0]!.id;
      const detail = async () =>
        (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt })).json();
      const documents = (await detail()).documents as { id: number }[];
      const links = await Promise.all(
        documents.map(
          async (document) => (await t.request({ method: 'GET', url: `/api/files/${document.id}/download`, token: w.adminJwt })).json().url,
        ),
      );
      const answers = await Promise.all(links.map((link: string) => t.request({ method: 'GET', url: link })));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect((await detail()).status, `round ${round}`).toBe('Downloaded');
    }
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
    const detail = (
      await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${order.components[0]!.id}`, token: w.adminJwt })
    ).json();
    expect(
      (await t.request({ method: 'GET', url: `/api/files/${detail.documents[0].id}/download`, token: stranger.adminJwt })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/api/files/${detail.documents[0].id}/download`, token: stranger.labJwt })).statusCode,
    ).toBe(404);
    const single = (await t.request({ method: 'GET', url: `/api/files/${detail.documents[0].id}/download`, token: w.labJwt })).json().url;
    const file = await t.request({ method: 'GET', url: single });
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(binaryStl())).toBe(true);
    // A component of another order, named under this one, is a path to nothing.
    const other = await sendOrder(t, w.labJwt, w.mill.id);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/projects/${order.id}/components/${other.components[0]!.id}/download/documents`,
          token: w.adminJwt,
        })
      ).statusCode,
    ).toBe(404);
    await t.db.update(projects).set({ isDeleted: true }).where(eq(projects.id, order.id));
    const refused = await t.request({ method: 'GET', url: `/api/project/${order.id}/download/documents`, token: w.adminJwt });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ORDER_DELETED_NO_ZIP');
    // Adding to a deleted order is refused with its own code too.
    const added = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/components/${order.components[0]!.id}/documents`,
      token: w.labJwt,
      ...multipartFile('files.file', 'more.stl', binaryStl()),
    });
    expect(added.json()).toMatchObject({ statusCode: 409, code: 'ORDER_DELETED' });
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
    expect((await t.request({ method: 'GET', url: `/api/reports/project/summary/${order.id}`, token: stranger.adminJwt })).statusCode).toBe(
      404,
    );
  });

  // A complete 1×1 PNG (test/multipart's PNG is only a header, which the report rightly leaves out).
  const WHOLE_PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  /** The report as the reader gets it: link, then the one-time download, read back page by page. */
  async function report(jwt: string, orderId: number) {
    const link = (await t.request({ method: 'GET', url: `/api/reports/project/summary/${orderId}`, token: jwt })).json().url;
    const pdf = await t.request({ method: 'GET', url: link });
    expect(pdf.statusCode).toBe(200);
    return pdfText(pdf.rawPayload);
  }

  it("is laid out in the reader's language: both companies, German headings and dates, DejaVu embedded, the mill logo", async () => {
    const w = await workspace();
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/mills/${w.mill.id}`,
          token: w.adminJwt,
          ...dataForm(
            { landingPageHeader: 'H', landingPageContent: 'C' },
            { field: 'files.logo', name: 'logo.png', content: WHOLE_PNG, type: 'image/png' },
          ),
        })
      ).statusCode,
    ).toBe(200);
    await t.db
      .update(companies)
      .set({ name: 'Fräserei Łódź', street: 'Hauptstraße 5', zipCode: '80331', city: 'München', country: 'DE' })
      .where(eq(companies.id, w.company.id));
    const order = await sendOrder(t, w.labJwt, w.mill.id, { name: 'Brücke Żółć', components: ['Krone 11', 'Krone 12'] });
    expect(
      (await t.request({ method: 'PUT', url: '/api/users/language', token: w.adminJwt, payload: { language: 'de' } })).statusCode,
    ).toBe(200);
    const { pages, fonts } = await report(w.adminJwt, order.id);
    const text = pages.join('\n');
    // Table cells wrap: compare with line breaks as spaces.
    const flat = text.replace(/\s+/g, ' ');
    for (const words of [
      `Auftrag ${order.id}: Brücke Żółć`,
      'Fräserei Łódź',
      'Hauptstraße 5',
      '80331 München',
      'Deutschland',
      'FRÄSEREI',
      'LABOR',
      'Komponenten',
      'Komponente',
      'Letzte Datei',
      'Krone 12',
      'Offen',
      '1 gesendet, 0 zurückgegeben',
      'Seite 1 von 1',
    ]) {
      expect(flat).toContain(words);
    }
    expect(text).not.toMatch(/\bOrder\b|Components|Page 1/);
    // The report date format (de by default): 23.11.2026, 16:05.
    expect(text).toMatch(/Erstellt\n\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    expect(fonts).toEqual(expect.arrayContaining(['DejaVuSans', 'DejaVuSans-Bold']));
    expect(
      (
        await t.request({
          method: 'GET',
          url: (await t.request({ method: 'GET', url: `/api/reports/project/summary/${order.id}`, token: w.adminJwt })).json().url,
        })
      ).rawPayload.toString('latin1'),
    ).toMatch(/\/Subtype \/Image/);
  });

  it('runs over several pages for 60 components, with the table header on each, and without a logo that is gone', async () => {
    const w = await workspace();
    await t.db.update(companies).set({ logoPath: 'logos/vanished.png' }).where(eq(companies.id, w.company.id));
    const names = Array.from({ length: 60 }, (_, i) => `Krone ${i + 1}`);
    const order = await sendOrder(t, w.labJwt, w.mill.id, { components: names });
    const { pages } = await report(w.labJwt, order.id);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      const lines = page.split('\n');
      expect(lines).toContain('Component');
      expect(lines).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const lines = pages.join('\n').split('\n');
    for (const name of names) expect(lines.filter((line) => line === name)).toHaveLength(1);
  });

  it("writes dates in the viewer's report date format", async () => {
    const { formatReportDate } = await import('./order-files.service.ts');
    const date = new Date('2026-03-04T05:06:00Z');
    expect(formatReportDate(date, 'de')).toBe('04.03.2026, 05:06');
    expect(formatReportDate(date, 'us')).toMatch(/^Mar 4, 2026/);
    expect(formatReportDate(date, 'zz')).toBe(formatReportDate(date, 'de'));
  });
});
