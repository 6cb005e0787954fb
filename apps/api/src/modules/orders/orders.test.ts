import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { millClients } from '../../db/schema/labs.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { projects } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { addMillUser, createLab, createMill, signIn } from '../../../test/factories.ts';
import { binaryStl, multipartFile, sendOrder } from '../../../test/orders.ts';
import { createTestApp, waitForMail, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: '100000' } });
});
afterAll(async () => {
  await t.close();
});

/** A mill with an admin, a plain user and a confirmed lab client, all signed in. */
async function workspace() {
  const m = await createMill(t.db);
  const staff = await addMillUser(t.db, m.mill.id, m.company.id, 'user');
  const lab = await createLab(t.db, { clientOf: m.mill.id });
  return {
    ...m,
    lab,
    staff,
    adminJwt: await signIn(t, m.admin.email),
    staffJwt: await signIn(t, staff.email),
    labJwt: await signIn(t, lab.user.email),
  };
}

const list = async (jwt: string, millId: number, query = '') => (await t.request({ method: 'GET', url: `/api/mills/${millId}/projects?${query}`, token: jwt })).json();

describe('a lab sends an order and the mill sees it', () => {
  it('shows the submitted order with components and file counts, and notifies the mill users', async () => {
    const w = await workspace();
    const stl = binaryStl(3);
    const order = await sendOrder(t, w.labJwt, w.mill.id, { name: 'Smith bridge', components: ['Bridge 34-36', 'Crown 11'], files: [{ name: 'bridge.stl', content: stl }] });
    const page = await list(w.adminJwt, w.mill.id);
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({ id: order.id, name: 'Smith bridge', isDeleted: false, client: { id: w.lab.lab.id, name: w.lab.company.name }, responsible: null });
    expect(page.data[0].components).toEqual([
      expect.objectContaining({ name: 'Bridge 34-36', status: 'Open', documentsCount: 1, downloadsCount: 0 }),
      expect.objectContaining({ name: 'Crown 11', status: 'Open', documentsCount: 0 }),
    ]);
    const detail = (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${order.components[0]!.id}`, token: w.adminJwt })).json();
    expect(detail.documents[0]).toMatchObject({ name: 'bridge.stl', size: stl.length, fileType: 'stl', sha256: createHash('sha256').update(stl).digest('hex') });
    const notified = await t.db.select().from(notifications).where(and(eq(notifications.type, 'newProjectCreated'), eq(notifications.objectId, order.id)));
    expect(notified.map((n) => n.userId).sort()).toEqual([w.admin.id, w.staff.id].sort());
    expect(notified[0]).toMatchObject({ type: 'newProjectCreated', millId: w.mill.id });
  });

  it('keeps a draft (not yet submitted) away from the mill', async () => {
    const w = await workspace();
    const draft = await sendOrder(t, w.labJwt, w.mill.id, { submit: false });
    expect((await list(w.adminJwt, w.mill.id)).count).toBe(0);
    expect((await t.request({ method: 'GET', url: `/api/projects/${draft.id}/components/${draft.components[0]!.id}`, token: w.adminJwt })).statusCode).toBe(404);
  });

  it('respects notification settings and sends no notification to the sender', async () => {
    const w = await workspace();
    await t.db.update(users).set({ settings: { notificationOnNewProjectIsCreated: false } }).where(eq(users.id, w.staff.id));
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const notified = await t.db.select().from(notifications).where(and(eq(notifications.type, 'newProjectCreated'), eq(notifications.objectId, order.id)));
    expect(notified.map((n) => n.userId)).toEqual([w.admin.id]);
  });

  it('refuses an order to a mill the lab is not a client of, or that blocked it', async () => {
    const w = await workspace();
    const other = await createMill(t.db);
    const body = { millId: other.mill.id, name: 'X', components: [{ name: 'C' }] };
    expect((await t.request({ method: 'POST', url: '/api/orders', token: w.labJwt, payload: body })).statusCode).toBe(404);
    await t.db.update(millClients).set({ blockedByMill: true }).where(eq(millClients.labId, w.lab.lab.id));
    const blocked = await t.request({ method: 'POST', url: '/api/orders', token: w.labJwt, payload: { ...body, millId: w.mill.id } });
    expect(blocked.statusCode).toBe(403);
  });
});

describe('the orders list', () => {
  it('filters by status (with Open+Downloaded), client, responsible and search, and pages', async () => {
    const w = await workspace();
    const second = await createLab(t.db, { clientOf: w.mill.id });
    const secondJwt = await signIn(t, second.user.email);
    const a = await sendOrder(t, w.labJwt, w.mill.id, { name: 'Alpha case', components: ['Inlay'] });
    const b = await sendOrder(t, w.labJwt, w.mill.id, { name: 'Beta case', components: ['Zirconia crown'] });
    const c = await sendOrder(t, secondJwt, w.mill.id, { name: 'Gamma case', components: ['Veneer'] });
    await t.request({ method: 'PUT', url: `/api/projects/${a.id}/components/${a.components[0]!.id}`, token: w.adminJwt, payload: { status: 'Closed' } });
    await t.request({ method: 'PUT', url: `/api/projects/${b.id}/components/${b.components[0]!.id}`, token: w.adminJwt, payload: { status: 'Downloaded' } });
    await t.request({ method: 'PUT', url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${b.id}`, token: w.staffJwt, payload: { responsibleId: w.staff.id } });
    const ids = async (query: string) => (await list(w.adminJwt, w.mill.id, query)).data.map((o: { id: number }) => o.id);
    expect(await ids('status=Closed')).toEqual([a.id]);
    expect(await ids('status=OpenDownloaded')).toEqual([c.id, b.id]);
    expect(await ids(`client=${second.lab.id}`)).toEqual([c.id]);
    expect(await ids(`responsible=${w.staff.id}`)).toEqual([b.id]);
    expect(await ids('responsible=none')).toEqual([c.id, a.id]);
    expect(await ids('_q=zirconia')).toEqual([b.id]);
    expect(await ids('_q=GAMMA')).toEqual([c.id]);
    expect(await ids('_sort=name:asc')).toEqual([a.id, b.id, c.id]);
    const page = await list(w.adminJwt, w.mill.id, '_start=1&_limit=1');
    expect(page).toMatchObject({ count: 3, data: [{ id: b.id }] });
    expect(await list(w.adminJwt, w.mill.id, '_start=50')).toEqual({ count: 3, data: [] });
    expect(await list(w.adminJwt, w.mill.id, '_start=0&status=Closed&_limit=1')).toMatchObject({ count: 1 });
  });

  it("keeps the unfiltered total in step with submissions and deletions (the mill's counter)", async () => {
    const w = await workspace();
    await sendOrder(t, w.labJwt, w.mill.id);
    const second = await sendOrder(t, w.labJwt, w.mill.id);
    await sendOrder(t, w.labJwt, w.mill.id, { submit: false });
    expect((await list(w.adminJwt, w.mill.id)).count).toBe(2);
    await t.db.delete(projects).where(eq(projects.id, second.id));
    expect((await list(w.adminJwt, w.mill.id)).count).toBe(1);
    expect((await list(w.adminJwt, w.mill.id, '_start=5')).count).toBe(1);
  });

  it('refuses paging and sorting outside the allowlist', async () => {
    const w = await workspace();
    for (const query of ['_limit=0', '_limit=101', '_start=-5', '_sort=lab_id:asc', '_sort=created_at', 'status=Lost', 'responsible=abc']) {
      expect((await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/projects?${query}`, token: w.adminJwt })).statusCode, query).toBe(400);
    }
  });

  it("gives the lab its own orders with the mill, read-only", async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const own = (await t.request({ method: 'GET', url: `/api/labs/projects?millId=${w.mill.id}`, token: w.labJwt })).json();
    expect(own.data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const status = await t.request({ method: 'PUT', url: `/api/projects/${order.id}/components/${order.components[0]!.id}`, token: w.labJwt, payload: { status: 'Closed' } });
    expect(status.statusCode).toBe(403);
    const responsible = await t.request({ method: 'PUT', url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${order.id}`, token: w.labJwt, payload: { responsibleId: null } });
    expect(responsible.statusCode).toBe(403);
  });

  it('only lets a user of the mill become responsible', async () => {
    const w = await workspace();
    const other = await createMill(t.db);
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const response = await t.request({ method: 'PUT', url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${order.id}`, token: w.adminJwt, payload: { responsibleId: other.admin.id } });
    expect(response.statusCode).toBe(400);
    const persons = (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/responsible-persons`, token: w.staffJwt })).json();
    expect(persons.data.map((p: { id: number }) => p.id).sort()).toEqual([w.admin.id, w.staff.id].sort());
  });
});

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
    const { formatReportDate } = await import('./order-report.ts');
    const date = new Date('2026-03-04T05:06:00Z');
    expect(formatReportDate(date, 'de')).toBe('04.03.2026, 05:06');
    expect(formatReportDate(date, 'us')).toMatch(/^Mar 4, 2026/);
    expect(formatReportDate(date, 'zz')).toBe(formatReportDate(date, 'de'));
  });
});

describe('messages', () => {
  it('reach the other side, count as new until read, and reading is per user', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const componentId = order.components[0]!.id;
    const sent = await t.request({ method: 'POST', url: `/api/mills/${w.mill.id}/messages`, token: w.labJwt, payload: { projectId: order.id, componentId, message: 'Please use A2 shade' } });
    expect(sent.json()).toMatchObject({ message: 'Please use A2 shade', author: { role: 'lab' }, read: true });
    expect((await list(w.adminJwt, w.mill.id)).data[0].newMessages).toBe(1);
    const unread = (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages?read=false`, token: w.adminJwt })).json();
    expect(unread.count).toBe(1);
    await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt });
    expect((await list(w.adminJwt, w.mill.id)).data[0].newMessages).toBe(0);
    expect((await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages?read=true`, token: w.adminJwt })).json().count).toBe(1);
    expect((await list(w.staffJwt, w.mill.id)).data[0].newMessages).toBe(1);
    const byClient = async (labId: number) => (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages?client=${labId}`, token: w.adminJwt })).json().count;
    expect(await byClient(w.lab.lab.id)).toBe(1);
    expect(await byClient(w.lab.lab.id + 100000)).toBe(0);

    const answer = await t.request({ method: 'POST', url: `/api/mills/${w.mill.id}/messages`, token: w.staffJwt, payload: { projectId: order.id, componentId, message: 'Noted' } });
    expect(answer.json().author).toMatchObject({ role: 'mill', millRole: 'user' });
    const labInbox = (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages`, token: w.labJwt })).json();
    expect(labInbox.data.map((m: { message: string }) => m.message)).toEqual(['Noted']);
    const labNotes = await t.db.select().from(notifications).where(eq(notifications.userId, w.lab.user.id));
    expect(labNotes).toEqual([expect.objectContaining({ type: 'newMessageReceived', parentObjectId: order.id })]);
  });

  it('are mailed, in their language, to users who chose mail for them', async () => {
    const w = await workspace();
    await t.db.update(users).set({ language: 'de', settings: { sendEmailOnNewMessageReceived: true } }).where(eq(users.id, w.lab.user.id));
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    await t.request({ method: 'POST', url: `/api/mills/${w.mill.id}/messages`, token: w.adminJwt, payload: { projectId: order.id, message: 'Ready tomorrow' } });
    const mail = await waitForMail(t, (m) => m.to === w.lab.user.email);
    expect(mail.subject).toBe('Neue Nachricht: Ready tomorrow');
    expect(mail.text).toContain('http://portal.test/lab/messages');
    // Nobody else asked for mail.
    expect((await t.mails()).filter((m) => m.to === w.admin.email || m.to === w.staff.email)).toEqual([]);
  });

  it('notify only the responsible mill user when there is one', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    await t.request({ method: 'PUT', url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${order.id}`, token: w.adminJwt, payload: { responsibleId: w.staff.id } });
    const sent = (await t.request({ method: 'POST', url: `/api/mills/${w.mill.id}/messages`, token: w.labJwt, payload: { projectId: order.id, message: 'Hello' } })).json();
    const notified = await t.db.select().from(notifications).where(and(eq(notifications.type, 'newMessageReceived'), eq(notifications.objectId, sent.id)));
    expect(notified.map((n) => n.userId)).toEqual([w.staff.id]);
  });

  it('require a message, a component of that order, and an unblocked lab', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const otherOrder = await sendOrder(t, w.labJwt, w.mill.id);
    const url = `/api/mills/${w.mill.id}/messages`;
    expect((await t.request({ method: 'POST', url, token: w.labJwt, payload: { projectId: order.id, message: ' ' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url, token: w.labJwt, payload: { projectId: order.id, componentId: otherOrder.components[0]!.id, message: 'x' } })).statusCode).toBe(404);
    await t.db.update(millClients).set({ blockedByMill: true }).where(eq(millClients.labId, w.lab.lab.id));
    expect((await t.request({ method: 'POST', url, token: w.labJwt, payload: { projectId: order.id, message: 'x' } })).statusCode).toBe(403);
    // Still reads its orders.
    expect((await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${order.components[0]!.id}`, token: w.labJwt })).statusCode).toBe(200);
  });
});

describe('who sees which order (role × endpoint × tenant)', () => {
  it("gives another mill, another lab of the same mill, and anonymous callers nothing", async () => {
    const w = await workspace();
    const otherMill = await workspace();
    const sibling = await createLab(t.db, { clientOf: w.mill.id });
    const siblingJwt = await signIn(t, sibling.user.email);
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const componentId = order.components[0]!.id;
    const detail = (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt })).json();
    const endpoints = [
      { method: 'GET' as const, url: `/api/projects/${order.id}/components/${componentId}` },
      { method: 'PUT' as const, url: `/api/projects/${order.id}/components/${componentId}`, payload: { status: 'Closed' } },
      { method: 'PUT' as const, url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${order.id}`, payload: { responsibleId: null } },
      { method: 'GET' as const, url: `/api/projects/${order.id}/components/${componentId}/download/documents` },
      { method: 'GET' as const, url: `/api/project/${order.id}/download/documents` },
      { method: 'GET' as const, url: `/api/files/${detail.documents[0].id}/download` },
      { method: 'POST' as const, url: `/api/mills/${w.mill.id}/messages`, payload: { projectId: order.id, message: 'sneaky' } },
      { method: 'POST' as const, url: `/api/orders/${order.id}/components`, payload: { name: 'sneaky' } },
      { method: 'POST' as const, url: `/api/orders/${order.id}/submit` },
    ];
    const callers = [
      { name: 'admin of another mill', jwt: otherMill.adminJwt, status: 404 },
      { name: 'lab of another mill', jwt: otherMill.labJwt, status: 404 },
      { name: 'another lab of the same mill', jwt: siblingJwt, status: 404 },
      { name: 'anonymous', jwt: undefined, status: 401 },
    ];
    for (const endpoint of endpoints) {
      for (const caller of callers) {
        const response = await t.request({ ...endpoint, token: caller.jwt });
        expect(response.statusCode, `${caller.name}: ${endpoint.method} ${endpoint.url}`).toBe(caller.status);
      }
    }
    expect((await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/projects`, token: otherMill.adminJwt })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/projects`, token: w.labJwt })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/labs/projects?millId=${w.mill.id}`, token: otherMill.labJwt })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages`, token: otherMill.labJwt })).statusCode).toBe(404);
    const untouched = (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt })).json();
    expect(untouched).toMatchObject({ status: 'Open', messages: [], project: { responsible: null } });
  });

  it('gives a plain mill user the same order rights as an admin', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const response = await t.request({ method: 'PUT', url: `/api/projects/${order.id}/components/${order.components[0]!.id}`, token: w.staffJwt, payload: { status: 'Closed' } });
    expect(response.json().status).toBe('Closed');
  });
});
