import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/users.ts';
import { addMillUser, createLab, createMill, signIn } from '../../../test/factories.ts';
import { binaryStl, multipartFile, sendOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { VersionedResponseCache } from '../../lib/versioned-response-cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function workspace() {
  const m = await createMill(t.db);
  const staff = await addMillUser(t.db, m.mill.id, m.company.id, 'user');
  const lab = await createLab(t.db, { clientOf: m.mill.id });
  const labJwt = await signIn(t, lab.user.email);
  const order = await sendOrder(t, labJwt, m.mill.id, { name: 'Cached case', components: ['Crown 11'] });
  return { ...m, staff, lab, labJwt, order, adminJwt: await signIn(t, m.admin.email), staffJwt: await signIn(t, staff.email) };
}
type Workspace = Awaited<ReturnType<typeof workspace>>;

async function firstOrder(jwt: string, millId: number) {
  const response = await t.request({ method: 'GET', url: `/api/mills/${millId}/projects?_limit=10`, token: jwt });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json().data[0];
}

const message = (w: Workspace, jwt: string, text: string) =>
  t.request({
    method: 'POST',
    url: `/api/mills/${w.mill.id}/messages`,
    token: jwt,
    payload: { projectId: w.order.id, componentId: w.order.components[0]!.id, message: text },
  });

/**
 * Every change the list shows, made after the list was cached: the next read must show it.
 * A change the version triggers miss would show up here as the old value.
 */
const changes: {
  name: string;
  change: (w: Workspace) => Promise<unknown>;
  shows: (order: Record<string, unknown>, w: Workspace) => void;
}[] = [
  {
    name: 'a status change',
    change: (w) =>
      t.request({
        method: 'PUT',
        url: `/api/projects/${w.order.id}/components/${w.order.components[0]!.id}`,
        token: w.adminJwt,
        payload: { status: 'Closed' },
      }),
    shows: (order) => expect(order.components).toEqual([expect.objectContaining({ status: 'Closed' })]),
  },
  {
    name: 'a new responsible person',
    change: (w) =>
      t.request({
        method: 'PUT',
        url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${w.order.id}`,
        token: w.adminJwt,
        payload: { responsibleId: w.staff.id },
      }),
    shows: (order, w) => expect(order.responsible).toMatchObject({ id: w.staff.id }),
  },
  {
    name: 'a message from the lab',
    change: (w) => message(w, w.labJwt, 'Please hurry'),
    shows: (order) => expect(order).toMatchObject({ messages: 1, newMessages: 1 }),
  },
  {
    name: 'a file handed back by the mill',
    change: (w) =>
      t.request({
        method: 'POST',
        url: `/api/downloads?projectId=${w.order.id}&componentId=${w.order.components[0]!.id}`,
        token: w.adminJwt,
        ...multipartFile('files.file', 'milled.stl', binaryStl(2)),
      }),
    shows: (order) => expect(order.components).toEqual([expect.objectContaining({ downloadsCount: 1 })]),
  },
  {
    name: 'a new order',
    change: (w) => sendOrder(t, w.labJwt, w.mill.id, { name: 'Newer case' }),
    shows: (order) => expect(order.name).toBe('Newer case'),
  },
  {
    name: "the lab's new company name",
    change: (w) => t.db.update(companies).set({ name: 'Renamed Lab' }).where(eq(companies.id, w.lab.company.id)),
    shows: (order) => expect(order.client).toMatchObject({ name: 'Renamed Lab' }),
  },
  {
    name: "the responsible person's new name",
    change: async (w) => {
      await t.request({
        method: 'PUT',
        url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${w.order.id}`,
        token: w.adminJwt,
        payload: { responsibleId: w.staff.id },
      });
      await firstOrder(w.adminJwt, w.mill.id);
      await t.db.update(users).set({ lastName: 'Renamed' }).where(eq(users.id, w.staff.id));
    },
    shows: (order) => expect(order.responsible).toMatchObject({ lastName: 'Renamed' }),
  },
];

describe('the cached orders list', () => {
  it.each(changes)('shows $name at once', async ({ change, shows }) => {
    const w = await workspace();
    await firstOrder(w.adminJwt, w.mill.id);
    await firstOrder(w.adminJwt, w.mill.id);
    await change(w);
    shows(await firstOrder(w.adminJwt, w.mill.id), w);
  });

  it("counts unread messages per viewer, and reading moves only the reader's count", async () => {
    const w = await workspace();
    await message(w, w.labJwt, 'Any news?');
    expect(await firstOrder(w.adminJwt, w.mill.id)).toMatchObject({ newMessages: 1 });
    expect(await firstOrder(w.staffJwt, w.mill.id)).toMatchObject({ newMessages: 1 });
    await t.request({ method: 'GET', url: `/api/projects/${w.order.id}/components/${w.order.components[0]!.id}`, token: w.staffJwt });
    expect(await firstOrder(w.staffJwt, w.mill.id)).toMatchObject({ newMessages: 0 });
    expect(await firstOrder(w.adminJwt, w.mill.id)).toMatchObject({ newMessages: 1 });
  });

  it("never serves one mill's cached page to another mill's staff or to a removed member", async () => {
    const a = await workspace();
    const b = await workspace();
    expect((await firstOrder(a.adminJwt, a.mill.id)).id).toBe(a.order.id);
    expect((await firstOrder(b.adminJwt, b.mill.id)).id).toBe(b.order.id);
    expect((await t.request({ method: 'GET', url: `/api/mills/${a.mill.id}/projects?_limit=10`, token: b.adminJwt })).statusCode).toBe(404);
    await t.request({ method: 'DELETE', url: `/api/mills/${a.mill.id}/users/${a.staff.id}`, token: a.adminJwt });
    await firstOrder(a.adminJwt, a.mill.id);
    expect(
      (await t.request({ method: 'GET', url: `/api/mills/${a.mill.id}/projects?_limit=10`, token: a.staffJwt })).statusCode,
    ).toBeGreaterThanOrEqual(401);
  });
});

describe('VersionedResponseCache', () => {
  it('serves a response only at the version it was stored with', () => {
    const cache = new VersionedResponseCache(1000);
    cache.set('k', '7', '{"count":1}');
    expect(cache.get('k', '7')).toBe('{"count":1}');
    expect(cache.get('k', '8')).toBeUndefined();
    expect(cache.get('k', '7')).toBeUndefined();
  });

  it('keeps within its byte budget by dropping the least recently used', () => {
    const cache = new VersionedResponseCache(25);
    cache.set('a', '1', 'a'.repeat(10));
    cache.set('b', '1', 'b'.repeat(10));
    cache.get('a', '1');
    cache.set('c', '1', 'c'.repeat(10));
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBe('a'.repeat(10));
    expect(cache.size.bytes).toBeLessThanOrEqual(25);
    cache.set('huge', '1', 'x'.repeat(26));
    expect(cache.get('huge', '1')).toBeUndefined();
  });
});
