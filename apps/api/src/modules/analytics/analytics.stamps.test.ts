import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../db/schema/billing.ts';
import { companies } from '../../db/schema/companies.ts';
import { labs, millClients } from '../../db/schema/labs.ts';
import { millMembers, mills } from '../../db/schema/mills.ts';
import { componentFiles, components, projects } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { addMillUser, createLab, createManager, createMill, putOnCustomPlan, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The stamps of the manager's cached answers (migration 0024): every change a view shows moves
 * the stamp it is kept under (one mill's, or the platform's sum), changes no view shows leave it,
 * and an answer is served again exactly while its stamp stands, whichever process changed the data.
 */
let t: TestApp;
let managerJwt: string;
beforeAll(async () => {
  t = await createTestApp();
  managerJwt = await signIn(t, (await createManager(t.db)).email);
});
afterAll(async () => {
  await t.close();
});

/** The stamp of one mill's answers, or with no mill the platform's. */
async function stamp(millId?: number): Promise<number> {
  const filter = millId === undefined ? sql`` : sql`where mill_id = ${millId}`;
  const [row] = (await t.db.execute<{ n: string }>(sql`select coalesce(sum(version), 0)::text as n from analytics_versions ${filter}`))
    .rows;
  return Number(row!.n);
}

/** Runs each change and expects it to move the stamp (of `millId`, else the platform's). */
async function expectEachMoves(changes: Record<string, () => Promise<unknown>>, millId?: number) {
  for (const [what, change] of Object.entries(changes)) {
    const before = await stamp(millId);
    await change();
    expect(await stamp(millId), what).toBeGreaterThan(before);
  }
}

async function ok(url: string) {
  const response = await t.request({ method: 'GET', url, token: managerJwt });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function submittedOrder(millId: number, labId: number, at: string) {
  const [row] = await t.db
    .insert(projects)
    .values({ millId, labId, name: 'Case', createdAt: new Date(at), submittedAt: new Date(at) })
    .returning();
  return row!;
}

describe('analytics stamps', () => {
  it("move the mill's stamp with everything the views show of its orders, clients, staff and plan", async () => {
    const w = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: w.mill.id, confirmed: false });
    const order = await submittedOrder(w.mill.id, lab.lab.id, '2024-04-01T10:00:00Z');
    const [component] = await t.db.insert(components).values({ projectId: order.id, name: 'Crown' }).returning();
    const storageKey = `test/${randomBytes(8).toString('hex')}`;
    let member = 0;
    await expectEachMoves(
      {
        'an order sent': () => submittedOrder(w.mill.id, lab.lab.id, '2024-04-02T10:00:00Z'),
        'an order renamed': () => t.db.update(projects).set({ name: 'Renamed' }).where(eq(projects.id, order.id)),
        'an order re-dated': () =>
          t.db
            .update(projects)
            .set({ createdAt: new Date('2024-04-01T11:00:00Z') })
            .where(eq(projects.id, order.id)),
        'an order taken back to a draft': () => t.db.update(projects).set({ submittedAt: null }).where(eq(projects.id, order.id)),
        'a component added': () => t.db.insert(components).values({ projectId: order.id, name: 'Bridge' }),
        'a document uploaded': () =>
          t.db
            .insert(componentFiles)
            .values({ componentId: component!.id, kind: 'document', name: 'a.stl', storageKey, size: 10, sha256: 'x', fileType: 'stl' }),
        'a document resized': () => t.db.update(componentFiles).set({ size: 20 }).where(eq(componentFiles.storageKey, storageKey)),
        'a document deleted': () => t.db.delete(componentFiles).where(eq(componentFiles.storageKey, storageKey)),
        'a component deleted': () => t.db.delete(components).where(eq(components.id, component!.id)),
        'a client confirmed': () => t.db.update(millClients).set({ confirmed: true }).where(eq(millClients.labId, lab.lab.id)),
        'a client added': () => createLab(t.db, { clientOf: w.mill.id }),
        'a client removed': () => t.db.delete(millClients).where(eq(millClients.labId, lab.lab.id)),
        'a staff member added': async () => (member = (await addMillUser(t.db, w.mill.id, w.company.id)).id),
        'a staff member made admin': () => t.db.update(millMembers).set({ millRole: 'admin' }).where(eq(millMembers.userId, member)),
        'a staff member removed': () => t.db.delete(millMembers).where(eq(millMembers.userId, member)),
        'a custom plan offered': () => putOnCustomPlan(t.db, w.mill.id, { maxOrders: 5 }),
        'an order deleted': () => t.db.delete(projects).where(eq(projects.id, order.id)),
      },
      w.mill.id,
    );
    const gone = await createMill(t.db);
    expect(await stamp(gone.mill.id)).toBeGreaterThan(0);
    await expectEachMoves({ 'the mill deleted': () => t.db.delete(mills).where(eq(mills.id, gone.mill.id)) }, gone.mill.id);
  });

  it("move the platform's stamp with names, plans, users and labs", async () => {
    const w = await createMill(t.db);
    const lab = await createLab(t.db);
    await expectEachMoves({
      'a mill renamed': () => t.db.update(companies).set({ name: 'Renamed Mill' }).where(eq(companies.id, w.company.id)),
      "a mill's address changed": () => t.db.update(companies).set({ email: 'mill@example.test' }).where(eq(companies.id, w.company.id)),
      "a mill's creation date corrected": () =>
        t.db
          .update(mills)
          .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
          .where(eq(mills.id, w.mill.id)),
      'a plan changed': () => t.db.update(plans).set({ maxOrders: 21 }).where(eq(plans.key, 'basic')),
      'a user added': () => createManager(t.db),
      "a user's address changed": () =>
        t.db
          .update(users)
          .set({ email: `${randomBytes(4).toString('hex')}@example.test` })
          .where(eq(users.id, w.admin.id)),
      'a user deleted': () => t.db.delete(users).where(eq(users.id, lab.user.id)),
      'a lab added': () => createLab(t.db),
      'a lab deleted': () => t.db.delete(labs).where(eq(labs.id, lab.lab.id)),
    });
  });

  it("leave other mills' stamps, and every stamp, where a change shows in no view", async () => {
    const a = await createMill(t.db);
    const b = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: b.mill.id });
    const order = await submittedOrder(b.mill.id, lab.lab.id, '2024-05-01T10:00:00Z');
    const [ofA, platform] = [await stamp(a.mill.id), await stamp()];
    await submittedOrder(b.mill.id, lab.lab.id, '2024-05-02T10:00:00Z');
    expect(await stamp(a.mill.id)).toBe(ofA);
    const afterOrder = await stamp();
    expect(afterOrder).toBeGreaterThan(platform);
    // Handing an order to a mill user and signing in show in none of the views.
    await t.db.update(projects).set({ responsibleId: b.admin.id }).where(eq(projects.id, order.id));
    await signIn(t, b.admin.email);
    expect(await stamp()).toBe(afterOrder);
  });
});

describe('cached answers', () => {
  it('are served again while the stamp stands and rebuilt once it moves, whoever changed the data', async () => {
    const w = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: w.mill.id });
    await submittedOrder(w.mill.id, lab.lab.id, '2021-06-01T10:00:00Z');
    const url = '/api/analytics/activity?start=2021-06-01&end=2021-06-02';
    expect((await ok(url)).data).toEqual([expect.objectContaining({ millId: w.mill.id, name: w.company.name, ordersCount: 1 })]);

    // A rename written past the triggers (as no process of ours can) leaves the stamp: the kept answer stays.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(companies).set({ name: 'Unseen Name' }).where(eq(companies.id, w.company.id));
    });
    expect((await ok(url)).data[0].name).toBe(w.company.name);

    // A change written straight to the database, as another process would, moves the stamp.
    await submittedOrder(w.mill.id, lab.lab.id, '2021-06-02T23:59:59Z');
    expect((await ok(url)).data).toEqual([expect.objectContaining({ name: 'Unseen Name', ordersCount: 2 })]);
  });

  it("keep one mill's orders under its own stamp, and each range under its own days", async () => {
    const w = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: w.mill.id });
    const order = await submittedOrder(w.mill.id, lab.lab.id, '2021-07-01T10:00:00Z');
    const url = `/api/analytics/mills/${w.mill.id}/orders?fromDate=2021-07-01&toDate=2021-07-01`;
    expect((await ok(url)).data).toEqual([expect.objectContaining({ projectId: order.id, name: 'Case' })]);
    await t.db.update(projects).set({ name: 'Case renamed' }).where(eq(projects.id, order.id));
    expect((await ok(url)).data).toEqual([expect.objectContaining({ projectId: order.id, name: 'Case renamed' })]);
    expect((await ok(`/api/analytics/mills/${w.mill.id}/orders?fromDate=2021-07-02&toDate=2021-07-02`)).count).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/analytics/mills/2000000000/orders', token: managerJwt })).statusCode).toBe(404);
  });
});
