import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { millClients } from '../../db/schema/labs.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { projects } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { createLab, createMill, signIn } from '../../../test/factories.ts';
import { binaryStl, orderWorkspace, sendOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const workspace = () => orderWorkspace(t);
const list = async (jwt: string, millId: number, query = '') =>
  (await t.request({ method: 'GET', url: `/api/mills/${millId}/projects?${query}`, token: jwt })).json();

describe('a lab sends an order and the mill sees it', () => {
  it('shows the submitted order with components and file counts, and notifies the mill users', async () => {
    const w = await workspace();
    const stl = binaryStl(3);
    const order = await sendOrder(t, w.labJwt, w.mill.id, {
      name: 'Smith bridge',
      components: ['Bridge 34-36', 'Crown 11'],
      files: [{ name: 'bridge.stl', content: stl }],
    });
    const page = await list(w.adminJwt, w.mill.id);
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({
      id: order.id,
      name: 'Smith bridge',
      isDeleted: false,
      client: { id: w.lab.lab.id, name: w.lab.company.name },
      responsible: null,
    });
    expect(page.data[0].components).toEqual([
      expect.objectContaining({ name: 'Bridge 34-36', status: 'Open', documentsCount: 1, downloadsCount: 0 }),
      expect.objectContaining({ name: 'Crown 11', status: 'Open', documentsCount: 0 }),
    ]);
    const detail = (
      await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${order.components[0]!.id}`, token: w.adminJwt })
    ).json();
    expect(detail.documents[0]).toMatchObject({
      name: 'bridge.stl',
      size: stl.length,
      fileType: 'stl',
      sha256: createHash('sha256').update(stl).digest('hex'),
    });
    const notified = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'newProjectCreated'), eq(notifications.objectId, order.id)));
    expect(notified.map((n) => n.userId).sort()).toEqual([w.admin.id, w.staff.id].sort());
    expect(notified[0]).toMatchObject({ type: 'newProjectCreated', millId: w.mill.id });
  });

  it('keeps a draft (not yet submitted) away from the mill', async () => {
    const w = await workspace();
    const draft = await sendOrder(t, w.labJwt, w.mill.id, { submit: false });
    expect((await list(w.adminJwt, w.mill.id)).count).toBe(0);
    expect(
      (await t.request({ method: 'GET', url: `/api/projects/${draft.id}/components/${draft.components[0]!.id}`, token: w.adminJwt }))
        .statusCode,
    ).toBe(404);
  });

  it('respects notification settings and sends no notification to the sender', async () => {
    const w = await workspace();
    await t.db
      .update(users)
      .set({ settings: { notificationOnNewProjectIsCreated: false } })
      .where(eq(users.id, w.staff.id));
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const notified = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'newProjectCreated'), eq(notifications.objectId, order.id)));
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
    await t.request({
      method: 'PUT',
      url: `/api/projects/${a.id}/components/${a.components[0]!.id}`,
      token: w.adminJwt,
      payload: { status: 'Closed' },
    });
    await t.request({
      method: 'PUT',
      url: `/api/projects/${b.id}/components/${b.components[0]!.id}`,
      token: w.adminJwt,
      payload: { status: 'Downloaded' },
    });
    await t.request({
      method: 'PUT',
      url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${b.id}`,
      token: w.staffJwt,
      payload: { responsibleId: w.staff.id },
    });
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
      expect(
        (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/projects?${query}`, token: w.adminJwt })).statusCode,
        query,
      ).toBe(400);
    }
  });

  it('gives the lab its own orders with the mill, read-only', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const own = (await t.request({ method: 'GET', url: `/api/labs/projects?millId=${w.mill.id}`, token: w.labJwt })).json();
    expect(own.data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const status = await t.request({
      method: 'PUT',
      url: `/api/projects/${order.id}/components/${order.components[0]!.id}`,
      token: w.labJwt,
      payload: { status: 'Closed' },
    });
    expect(status.statusCode).toBe(403);
    const responsible = await t.request({
      method: 'PUT',
      url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${order.id}`,
      token: w.labJwt,
      payload: { responsibleId: null },
    });
    expect(responsible.statusCode).toBe(403);
  });

  it('only lets a user of the mill become responsible', async () => {
    const w = await workspace();
    const other = await createMill(t.db);
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const response = await t.request({
      method: 'PUT',
      url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${order.id}`,
      token: w.adminJwt,
      payload: { responsibleId: other.admin.id },
    });
    expect(response.statusCode).toBe(400);
    const persons = (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/responsible-persons`, token: w.staffJwt })).json();
    expect(persons.data.map((p: { id: number }) => p.id).sort()).toEqual([w.admin.id, w.staff.id].sort());
    // The mill's staff are not its clients' business (rule book: orders.assign).
    expect((await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/responsible-persons`, token: w.labJwt })).statusCode).toBe(403);
  });
});

describe('who sees which order (role × endpoint × tenant)', () => {
  it('gives another mill, another lab of the same mill, and anonymous callers nothing', async () => {
    const w = await workspace();
    const otherMill = await workspace();
    const sibling = await createLab(t.db, { clientOf: w.mill.id });
    const siblingJwt = await signIn(t, sibling.user.email);
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const componentId = order.components[0]!.id;
    const detail = (
      await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt })
    ).json();
    const endpoints = [
      { method: 'GET' as const, url: `/api/projects/${order.id}/components/${componentId}` },
      { method: 'PUT' as const, url: `/api/projects/${order.id}/components/${componentId}`, payload: { status: 'Closed' } },
      {
        method: 'PUT' as const,
        url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${order.id}`,
        payload: { responsibleId: null },
      },
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
    // A lab may list the orders it exchanges with the mill (rule book: orders.list), its own only.
    const ownList = (jwt: string) =>
      t
        .request({ method: 'GET', url: `/api/mills/${w.mill.id}/projects`, token: jwt })
        .then((r) => r.json().data.map((o: { id: number }) => o.id));
    expect(await ownList(w.labJwt)).toEqual([order.id]);
    expect(await ownList(siblingJwt)).toEqual([]);
    expect((await t.request({ method: 'GET', url: `/api/labs/projects?millId=${w.mill.id}`, token: otherMill.labJwt })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages`, token: otherMill.labJwt })).statusCode).toBe(404);
    const untouched = (
      await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt })
    ).json();
    expect(untouched).toMatchObject({ status: 'Open', messages: [], project: { responsible: null } });
  });

  it('gives a plain mill user the same order rights as an admin', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const response = await t.request({
      method: 'PUT',
      url: `/api/projects/${order.id}/components/${order.components[0]!.id}`,
      token: w.staffJwt,
      payload: { status: 'Closed' },
    });
    expect(response.json().status).toBe('Closed');
  });
});
