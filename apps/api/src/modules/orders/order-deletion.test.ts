import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentFiles, components, messages, projects } from '../../db/schema/orders.ts';
import { storageRemovals } from '../../db/schema/storage.ts';
import { LocalStorage } from '../../platform/storage/storage.ts';
import { removeQueued } from '../../platform/storage/removals.ts';
import { createLab, createMill, signIn } from '../../../test/factories.ts';
import { binaryStl, multipartFile, sendOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function workspace() {
  const m = await createMill(t.db);
  const lab = await createLab(t.db, { clientOf: m.mill.id });
  const colleague = await createLab(t.db, { clientOf: m.mill.id });
  return {
    ...m,
    lab,
    adminJwt: await signIn(t, m.admin.email),
    labJwt: await signIn(t, lab.user.email),
    otherLabJwt: await signIn(t, colleague.user.email),
  };
}

/** Every stored file under DATA_DIR/files, by key. */
async function storedKeys(): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

const remove = (id: number, jwt?: string) => t.request({ method: 'DELETE', url: `/api/orders/${id}`, token: jwt });

describe('a lab deletes an order', () => {
  it('removes its files, rows and bytes, and the mill sees it marked deleted with its history', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id, {
      name: 'Withdrawn',
      files: [
        { name: 'a.stl', content: binaryStl() },
        { name: 'b.stl', content: binaryStl(2) },
      ],
    });
    const componentId = order.components[0]!.id;
    await t.request({
      method: 'POST',
      url: `/api/downloads?projectId=${order.id}&componentId=${componentId}`,
      token: w.adminJwt,
      ...multipartFile('files.file', 'milled.stl', binaryStl(3)),
    });
    await t.request({
      method: 'POST',
      url: `/api/mills/${w.mill.id}/messages`,
      token: w.labJwt,
      payload: { projectId: order.id, componentId, message: 'Sorry, wrong case' },
    });
    const keys = (await t.db.select().from(componentFiles).where(eq(componentFiles.componentId, componentId))).map((f) => f.storageKey);
    expect(keys).toHaveLength(3);

    const response = await remove(order.id, w.labJwt);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, message: 'Order deleted' });

    expect(await t.db.select().from(componentFiles).where(eq(componentFiles.componentId, componentId))).toEqual([]);
    const left = await storedKeys();
    for (const key of keys) expect(left).not.toContain(key);
    expect(await t.db.select().from(storageRemovals)).toEqual([]);
    expect(await t.db.select().from(components).where(eq(components.projectId, order.id))).toHaveLength(1);
    expect(await t.db.select().from(messages).where(eq(messages.projectId, order.id))).toHaveLength(1);
    const listed = (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/projects`, token: w.adminJwt })).json().data[0];
    expect(listed).toMatchObject({
      id: order.id,
      isDeleted: true,
      components: [expect.objectContaining({ documentsCount: 0, downloadsCount: 0 })],
    });

    expect((await t.request({ method: 'GET', url: `/api/project/${order.id}/download/documents`, token: w.adminJwt })).statusCode).toBe(
      409,
    );
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/mills/${w.mill.id}/messages`,
          token: w.adminJwt,
          payload: { projectId: order.id, message: 'Too late' },
        })
      ).statusCode,
    ).toBe(409);
    expect((await remove(order.id, w.labJwt)).statusCode).toBe(409);
    expect(
      (await t.request({ method: 'POST', url: `/api/orders/${order.id}/components`, token: w.labJwt, payload: { name: 'Late addition' } }))
        .statusCode,
    ).toBe(409);
  });

  it('discards an unfinished order completely', async () => {
    const w = await workspace();
    const draft = await sendOrder(t, w.labJwt, w.mill.id, { submit: false });
    const [file] = await t.db.select().from(componentFiles).where(eq(componentFiles.componentId, draft.components[0]!.id));
    expect(await storedKeys()).toContain(file!.storageKey);
    const response = await remove(draft.id, w.labJwt);
    expect(response.json()).toMatchObject({ message: 'Unfinished order discarded' });
    expect(await t.db.select().from(projects).where(eq(projects.id, draft.id))).toEqual([]);
    expect(await storedKeys()).not.toContain(file!.storageKey);
  });

  it('is refused to the mill (403), another lab (404), a lab of another mill (404) and anonymous callers (401)', async () => {
    const w = await workspace();
    const stranger = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    expect((await remove(order.id, w.adminJwt)).statusCode).toBe(403);
    expect((await remove(order.id, w.otherLabJwt)).statusCode).toBe(404);
    expect((await remove(order.id, stranger.labJwt)).statusCode).toBe(404);
    expect((await remove(order.id, stranger.adminJwt)).statusCode).toBe(404);
    expect((await remove(order.id)).statusCode).toBe(401);
    expect((await t.db.select().from(projects).where(eq(projects.id, order.id)))[0]).toMatchObject({ isDeleted: false });
    expect(
      await t.db
        .select()
        .from(componentFiles)
        .innerJoin(components, eq(components.id, componentFiles.componentId))
        .where(eq(components.projectId, order.id)),
    ).toHaveLength(1);
  });
});

describe('the storage removal queue', () => {
  it('removes at the next start what a crashed process queued but did not remove', async () => {
    const storage = new LocalStorage(path.join(t.config.dataDir, 'files'));
    const stored = await storage.put('documents', Readable.from([Buffer.from('left behind')]), 100);
    await t.db.insert(storageRemovals).values({ storageKey: stored.key });
    expect(await storage.open(stored.key)).not.toBeNull();
    expect(await removeQueued(t.db, storage)).toBe(1);
    expect(await storage.open(stored.key)).toBeNull();
    expect(await t.db.select().from(storageRemovals)).toEqual([]);
  });
});
