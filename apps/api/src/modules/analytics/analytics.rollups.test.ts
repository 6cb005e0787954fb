import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { millClients } from '../../db/schema/labs.ts';
import { mills } from '../../db/schema/mills.ts';
import { componentFiles, components, projects } from '../../db/schema/orders.ts';
import { createLab, createManager, createMill, signIn } from '../../../test/factories.ts';
import { binaryStl, orderWorkspace, sendOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { runFileRetention } from '../file-retention/file-retention.service.ts';

/**
 * The roll-ups of migration 0020 against a recount from the base tables after every kind of
 * change: orders sent, files uploaded, deleted by the retention job and with their order, rows
 * moved to another order, mill or lab, orders submitted or re-dated, clients added, moved and
 * removed, a whole mill deleted, and concurrent uploads into one order. The recount covers every
 * row of this test's database, so a counter that drifts anywhere fails here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.db.execute<T>(query)).rows as T[];
}

/** Every roll-up equals what a GROUP BY over the base tables says now. */
async function expectRollupsMatchRecount() {
  const [orderRollups, orderRecount] = await Promise.all([
    rows(
      sql`select project_id, mill_id, components, documents, document_bytes::text, stored_bytes::text from order_rollups order by project_id`,
    ),
    rows(sql`
      select p.id as project_id, p.mill_id, (select count(*)::int from components c where c.project_id = p.id) as components,
        (select count(*)::int from component_files f join components c on c.id = f.component_id where c.project_id = p.id and f.kind = 'document') as documents,
        (select coalesce(sum(f.size), 0)::text from component_files f join components c on c.id = f.component_id where c.project_id = p.id and f.kind = 'document') as document_bytes,
        (select coalesce(sum(f.size), 0)::text from component_files f join components c on c.id = f.component_id where c.project_id = p.id) as stored_bytes
      from projects p order by p.id`),
  ]);
  expect(orderRollups).toEqual(orderRecount);
  expect(await rows(sql`select mill_id, clients, stored_bytes::text from mill_rollups order by mill_id`)).toEqual(
    await rows(sql`
      select m.id as mill_id, (select count(*)::int from mill_clients mc where mc.mill_id = m.id) as clients,
        (select coalesce(sum(f.size), 0)::text from component_files f join components c on c.id = f.component_id join projects p on p.id = c.project_id where p.mill_id = m.id) as stored_bytes
      from mills m order by m.id`),
  );
  expect(
    await rows(sql`select mill_id, to_char(day, 'YYYY-MM-DD') as day, orders from mill_order_days where orders <> 0 order by 1, 2`),
  ).toEqual(
    await rows(
      sql`select mill_id, to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as orders from projects where submitted_at is not null group by 1, 2 order by 1, 2`,
    ),
  );
  expect(await rows(sql`select lab_id, submitted from lab_order_counts where submitted <> 0 order by lab_id`)).toEqual(
    await rows(sql`select lab_id, count(*)::int as submitted from projects where submitted_at is not null group by lab_id order by lab_id`),
  );
}

async function storedBytesOf(millId: number): Promise<number> {
  const [row] = await rows<{ bytes: string }>(sql`select stored_bytes::text as bytes from mill_rollups where mill_id = ${millId}`);
  return Number(row!.bytes);
}

async function file(componentId: number, size: number, kind: 'document' | 'download' = 'document') {
  const [row] = await t.db
    .insert(componentFiles)
    .values({
      componentId,
      kind,
      name: 'part.stl',
      storageKey: `test/${randomBytes(8).toString('hex')}`,
      size,
      sha256: 'x',
      fileType: 'stl',
    })
    .returning();
  return row!;
}

/** A submitted order created at `at`, with one component per entry of `files` (their sizes). */
async function order(millId: number, labId: number, at: string, files: number[][]) {
  const [project] = await t.db
    .insert(projects)
    .values({ millId, labId, name: 'Case', createdAt: new Date(at), submittedAt: new Date(at) })
    .returning();
  const parts = await t.db
    .insert(components)
    .values(files.map((_, index) => ({ projectId: project!.id, name: `Crown ${index}` })))
    .returning();
  for (const [index, sizes] of files.entries()) for (const size of sizes) await file(parts[index]!.id, size);
  return { id: project!.id, componentIds: parts.map((part) => part.id) };
}

describe('analytics roll-ups', () => {
  it('follow orders sent through the API, the retention job and the lab deleting orders', async () => {
    const w = await orderWorkspace(t);
    const stl = binaryStl(40);
    const kept = await sendOrder(t, w.labJwt, w.mill.id, { files: [{ name: 'a.stl', content: stl }] });
    const aged = await sendOrder(t, w.labJwt, w.mill.id, {
      files: [
        { name: 'b.stl', content: stl },
        { name: 'c.stl', content: stl },
      ],
    });
    await sendOrder(t, w.labJwt, w.mill.id, { submit: false, files: [{ name: 'd.stl', content: stl }] });
    await expectRollupsMatchRecount();
    expect(await storedBytesOf(w.mill.id)).toBe(4 * stl.length);

    // Retention deletes the aged order's files (basic plan: 30 days; announced a week before).
    const agedParts = aged.components.map((part) => part.id);
    await t.db
      .update(componentFiles)
      .set({ createdAt: new Date(Date.now() - 40 * DAY_MS) })
      .where(inArray(componentFiles.componentId, agedParts));
    await t.db.update(components).set({ status: 'Closed' }).where(inArray(components.id, agedParts));
    await runFileRetention(t.app.deps, new Date());
    expect(await runFileRetention(t.app.deps, new Date(Date.now() + 7 * DAY_MS))).toMatchObject({ deletedFiles: 2 });
    expect(await storedBytesOf(w.mill.id)).toBe(2 * stl.length);
    await expectRollupsMatchRecount();

    // Withdrawing the sent order removes its files (it stays listed); the draft goes entirely.
    const drafts = await rows<{ id: number }>(sql`select id from projects where mill_id = ${w.mill.id} and submitted_at is null`);
    for (const id of [kept.id, drafts[0]!.id])
      expect((await t.request({ method: 'DELETE', url: `/api/orders/${id}`, token: w.labJwt })).statusCode).toBe(200);
    expect(await storedBytesOf(w.mill.id)).toBe(0);
    await expectRollupsMatchRecount();

    const body = (
      await t.request({
        method: 'GET',
        url: `/api/analytics/mills/${w.mill.id}/orders`,
        token: await signIn(t, (await createManager(t.db)).email),
      })
    ).json();
    expect(body.count).toBe(2);
    expect(body.totals).toEqual({ componentsCount: 2, documentsCount: 0, documentsSize: 0 });
  });

  it('follow deletes and moves of files, components, orders and clients made in SQL', async () => {
    const a = await createMill(t.db);
    const b = await createMill(t.db);
    const labA = await createLab(t.db, { clientOf: a.mill.id });
    const labB = await createLab(t.db, { clientOf: b.mill.id, confirmed: false });
    const first = await order(a.mill.id, labA.lab.id, '2024-01-01T23:59:59Z', [[100, 200], [300]]);
    const second = await order(a.mill.id, labA.lab.id, '2024-01-02T00:00:00Z', [[1_000]]);
    const third = await order(b.mill.id, labB.lab.id, '2024-01-02T12:00:00Z', [[10_000]]);
    await file(first.componentIds[0]!, 7, 'download');
    await expectRollupsMatchRecount();
    expect(await storedBytesOf(a.mill.id)).toBe(1_607);

    // One file deleted: its bytes leave the order and the mill.
    await t.db.delete(componentFiles).where(eq(componentFiles.size, 300));
    expect(await storedBytesOf(a.mill.id)).toBe(1_307);
    await expectRollupsMatchRecount();
    // A file moved to another mill's order, and one changing its size and kind.
    await t.db.update(componentFiles).set({ componentId: third.componentIds[0]! }).where(eq(componentFiles.size, 200));
    await t.db.update(componentFiles).set({ size: 150, kind: 'download' }).where(eq(componentFiles.size, 100));
    await expectRollupsMatchRecount();
    // A component moved with its files to another order, and one deleted with its files.
    await t.db.update(components).set({ projectId: third.id }).where(eq(components.id, second.componentIds[0]!));
    await t.db.delete(components).where(eq(components.id, first.componentIds[1]!));
    await expectRollupsMatchRecount();
    // An order moved to the other mill and lab, one re-dated, one taken back to a draft and sent again.
    await t.db.update(projects).set({ millId: b.mill.id, labId: labB.lab.id }).where(eq(projects.id, first.id));
    await t.db
      .update(projects)
      .set({ createdAt: new Date('2024-02-01T00:00:00Z') })
      .where(eq(projects.id, third.id));
    await t.db.update(projects).set({ submittedAt: null }).where(eq(projects.id, second.id));
    await expectRollupsMatchRecount();
    await t.db.update(projects).set({ submittedAt: new Date() }).where(eq(projects.id, second.id));
    // Several rows in one statement, each changing differently.
    await t.db
      .update(projects)
      .set({ millId: a.mill.id })
      .where(inArray(projects.id, [first.id, second.id, third.id]));
    await expectRollupsMatchRecount();
    // Clients: added, moved to another mill, removed.
    const extra = await createLab(t.db, { clientOf: a.mill.id });
    await t.db.update(millClients).set({ millId: b.mill.id }).where(eq(millClients.labId, extra.lab.id));
    await t.db.delete(millClients).where(eq(millClients.labId, labA.lab.id));
    await expectRollupsMatchRecount();
    // Orders deleted: counts and bytes go down; then a whole mill with its orders.
    await t.db.delete(projects).where(eq(projects.id, third.id));
    await expectRollupsMatchRecount();
    await t.db.delete(mills).where(eq(mills.id, a.mill.id));
    await expectRollupsMatchRecount();
  });

  it('add up uploads into one order from concurrent transactions', async () => {
    const w = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: w.mill.id });
    const target = await order(w.mill.id, lab.lab.id, '2024-03-01T10:00:00Z', [[], []]);
    await Promise.all(Array.from({ length: 20 }, (_, i) => file(target.componentIds[i % 2]!, 1_000 + i)));
    expect(await storedBytesOf(w.mill.id)).toBe(20 * 1_000 + (19 * 20) / 2);
    await expectRollupsMatchRecount();
  });
});
