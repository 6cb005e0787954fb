import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesExpiringNoticeSchema } from '@casebridge/shared/schemas/billing';
import { notifications } from '../../db/schema/notifications.ts';
import { componentFiles, components } from '../../db/schema/orders.ts';
import { storageRemovals } from '../../db/schema/storage.ts';
import { users } from '../../db/schema/users.ts';
import { removeQueued } from '../../platform/storage/removals.ts';
import { putOnPlan } from '../../../test/factories.ts';
import { binaryStl, orderWorkspace, sendOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { runFileRetention } from './file-retention.service.ts';

/**
 * Issue 11 "Retention": files past their period are deleted with a warning a week first, files of
 * an order with an Open component are kept, and nothing is orphaned (rows against stored bytes).
 * The job is called with its clock (`now`); the files' upload times are moved into the past.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date();
const later = (days: number) => new Date(NOW.getTime() + days * DAY);
const run = (now: Date, batchSize?: number) => runFileRetention(t.app.deps, now, batchSize);

type Workspace = Awaited<ReturnType<typeof orderWorkspace>>;

async function workspace(languages: { admin: string; staff: string } = { admin: 'en', staff: 'en' }): Promise<Workspace> {
  const w = await orderWorkspace(t);
  await t.db.update(users).set({ language: languages.admin }).where(eq(users.id, w.admin.id));
  await t.db.update(users).set({ language: languages.staff }).where(eq(users.id, w.staff.id));
  return w;
}

/** An order with these files, uploaded `ageDays` ago; its components Closed unless `open`. */
async function oldOrder(w: Workspace, ageDays: number, options: { files?: number; bytes?: number; open?: boolean } = {}) {
  const files = Array.from({ length: options.files ?? 1 }, (_, i) => ({
    name: `part-${i}.stl`,
    content: binaryStl(Math.ceil((options.bytes ?? 200) / 50)),
  }));
  const order = await sendOrder(t, w.labJwt, w.mill.id, { name: `Aged ${ageDays}`, files });
  const componentIds = order.components.map((part) => part.id);
  await t.db
    .update(componentFiles)
    .set({ createdAt: new Date(NOW.getTime() - ageDays * DAY) })
    .where(inArray(componentFiles.componentId, componentIds));
  if (!options.open) await t.db.update(components).set({ status: 'Closed' }).where(inArray(components.id, componentIds));
  return { ...order, componentIds };
}

async function fileKeys(componentIds: number[]): Promise<string[]> {
  const rows = await t.db
    .select({ key: componentFiles.storageKey })
    .from(componentFiles)
    .where(inArray(componentFiles.componentId, componentIds));
  return rows.map((row) => row.key).sort();
}

async function warnings(millId: number) {
  const rows = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.millId, millId), eq(notifications.type, 'filesExpiring')));
  return rows.map((row) => ({ userId: row.userId, notice: filesExpiringNoticeSchema.parse(JSON.parse(row.message)) }));
}

async function mailsTo(email: string) {
  return (await t.mails()).filter((mail) => mail.to === email);
}

/** Every object in the test storage, as storage keys (`prefix/name`). */
async function storedObjects(): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'files');
  const prefixes = await readdir(root).catch(() => [] as string[]);
  const keys = await Promise.all(
    prefixes.map(async (prefix) => (await readdir(path.join(root, prefix))).map((name) => `${prefix}/${name}`)),
  );
  return keys
    .flat()
    .filter((key) => !key.endsWith('.partial'))
    .sort();
}

/** Nothing orphaned: every file row has its bytes, every stored object a row, and the removal queue is empty. */
async function expectNothingOrphaned() {
  const rows = (await t.db.select({ key: componentFiles.storageKey }).from(componentFiles)).map((row) => row.key).sort();
  expect(await storedObjects()).toEqual(rows);
  expect(await t.db.select().from(storageRemovals)).toEqual([]);
}

async function storageUsedMb(w: Workspace): Promise<number> {
  const response = await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/stats`, token: w.adminJwt });
  expect(response.statusCode).toBe(200);
  return (response.json().data as { name: string; used: number }[]).find((stat) => stat.name === 'storage')!.used;
}

describe('file retention', () => {
  it('warns a week first in each reader’s language, then deletes the files past the period through the removal queue', async () => {
    const w = await workspace({ admin: 'de', staff: 'pl' });
    const due = await oldOrder(w, 40, { files: 2, bytes: 300_000 });
    const young = await oldOrder(w, 5);
    const usedBefore = await storageUsedMb(w);
    const dueKeys = await fileKeys(due.componentIds);

    expect(await run(NOW)).toMatchObject({ deletedFiles: 0 });
    // Basic keeps files 30 days: the two 40-day-old files are announced for a week from today.
    const today = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate()));
    const deleteOn = new Date(today.getTime() + 7 * DAY);
    const given = await warnings(w.mill.id);
    expect(given.map((warning) => warning.userId).sort()).toEqual([w.admin.id, w.staff.id].sort());
    for (const warning of given) {
      expect(warning.notice).toEqual({
        files: 2,
        deleteOn: deleteOn.toISOString(),
        uploadedBefore: new Date(deleteOn.getTime() - 30 * DAY).toISOString(),
      });
    }
    const day = `${String(deleteOn.getUTCDate()).padStart(2, '0')}.${String(deleteOn.getUTCMonth() + 1).padStart(2, '0')}.${deleteOn.getUTCFullYear()}`;
    expect((await mailsTo(w.admin.email)).map((mail) => mail.subject)).toEqual([`Dateien werden am ${day} gelöscht`]);
    expect((await mailsTo(w.staff.email)).map((mail) => mail.subject)).toEqual([`Pliki zostaną usunięte ${day}`]);
    expect((await mailsTo(w.admin.email))[0]!.text).toContain('http://portal.test/mill/contract?tab=contract-types');

    // The same day again, and six days later: no second warning, no mail, nothing deleted.
    await run(NOW);
    await run(later(6));
    expect(await warnings(w.mill.id)).toHaveLength(2);
    expect(await mailsTo(w.admin.email)).toHaveLength(1);
    expect(await fileKeys(due.componentIds)).toEqual(dueKeys);

    // On the announced day the rows go and their keys are queued in the same transaction: with
    // the store failing, the keys wait in the queue and the bytes are still there.
    const storage = t.app.deps.storage;
    const remove = storage.remove.bind(storage);
    storage.remove = () => Promise.reject(new Error('store unavailable'));
    try {
      expect(await run(later(7))).toMatchObject({ deletedFiles: 2 });
    } finally {
      storage.remove = remove;
    }
    expect(await fileKeys(due.componentIds)).toEqual([]);
    expect((await t.db.select().from(storageRemovals)).map((row) => row.storageKey).sort()).toEqual(dueKeys);
    expect(await storedObjects()).toEqual(expect.arrayContaining(dueKeys));
    expect(await removeQueued(t.db, storage)).toBe(2);
    await expectNothingOrphaned();

    // The young file stays; the storage usage lost the deleted files' 0.6 MB.
    expect(await fileKeys(young.componentIds)).toHaveLength(1);
    expect(await storageUsedMb(w)).toBeCloseTo(usedBefore - 0.6, 1);
    // Running it again changes nothing more.
    expect(await run(later(7))).toMatchObject({ deletedFiles: 0 });
    expect(await warnings(w.mill.id)).toHaveLength(2);
  });

  it('keeps the files of an order with an Open component, and warns about none of them', async () => {
    const w = await workspace();
    const open = await oldOrder(w, 400, { files: 2, open: true });
    const keys = await fileKeys(open.componentIds);
    for (const day of [0, 7, 8, 60]) await run(later(day));
    expect(await fileKeys(open.componentIds)).toEqual(keys);
    expect(await warnings(w.mill.id)).toEqual([]);
    expect(await mailsTo(w.admin.email)).toEqual([]);
    await expectNothingOrphaned();
  });

  it('keeps files for the add-on’s days instead of the plan’s', async () => {
    const withAddOn = await workspace();
    const planOnly = await workspace();
    await putOnPlan(t.db, withAddOn.mill.id, 'essential', 'keep_365_days');
    await putOnPlan(t.db, planOnly.mill.id, 'essential');
    const kept = await oldOrder(withAddOn, 100);
    const dropped = await oldOrder(planOnly, 100);

    await run(NOW);
    await run(later(7));
    // Essential keeps 90 days: gone without the add-on, kept with 365 days and not even announced.
    expect(await fileKeys(dropped.componentIds)).toEqual([]);
    expect(await fileKeys(kept.componentIds)).toHaveLength(1);
    expect(await warnings(withAddOn.mill.id)).toEqual([]);

    // A week before its 365 days are up (day 265 of its 365 from now), the add-on's mill is
    // warned; the file goes on the announced day, not before.
    await run(later(258));
    expect(await warnings(withAddOn.mill.id)).toEqual([]);
    await run(later(259));
    expect(await warnings(withAddOn.mill.id)).toHaveLength(2);
    await run(later(265));
    expect(await fileKeys(kept.componentIds)).toHaveLength(1);
    await run(later(266));
    expect(await fileKeys(kept.componentIds)).toEqual([]);
    await expectNothingOrphaned();
  });

  it('shares the work of two runs at once in small batches: one warning, every file deleted once', async () => {
    const w = await workspace();
    const orders = [await oldOrder(w, 45, { files: 3 }), await oldOrder(w, 50, { files: 4 })];
    const componentIds = orders.flatMap((order) => order.componentIds);

    await Promise.all([run(NOW, 2), run(NOW, 2)]);
    const given = await warnings(w.mill.id);
    expect(given).toHaveLength(2);
    expect(given[0]!.notice.files).toBe(7);
    expect(await mailsTo(w.admin.email)).toHaveLength(1);

    const [first, second] = await Promise.all([run(later(7), 2), run(later(7), 2)]);
    expect(await fileKeys(componentIds)).toEqual([]);
    // Each file deleted by exactly one of the two runs (the other skipped the rows it held).
    expect(first.deletedFiles + second.deletedFiles).toBe(7);
    await expectNothingOrphaned();
  });
});
