import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer, createLab, createManager, createMill, signIn } from '../../../test/factories.ts';
import { orderWorkspace } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { AuditTrail, type AuditEntry } from '../../platform/audit/audit-trail.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof orderWorkspace>>;
let other: Awaited<ReturnType<typeof createMill>>;
let root: Awaited<ReturnType<typeof createDealer>>;
let sub: Awaited<ReturnType<typeof createDealer>>;
let sibling: Awaited<ReturnType<typeof createDealer>>;
const jwt: Record<string, string> = {};
const trail = new AuditTrail();
const write = (action: string, scope: AuditEntry['scope'], objectId = 1, actorId = 1) =>
  t.db.transaction((tx) => trail.append(tx, { actor: { userId: actorId }, action, object: { kind: 'order', id: objectId }, scope }));
const get = (url: string, token: string) => t.request({ method: 'GET', url, token });

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorkspace(t);
  other = await createMill(t.db);
  root = await createDealer(t.db, { subDealerAllowed: true });
  sub = await createDealer(t.db, { parentId: root.dealer.id });
  sibling = await createDealer(t.db);
  const manager = await createManager(t.db);
  for (const [name, email] of Object.entries({
    other: other.admin.email,
    root: root.user.email,
    sub: sub.user.email,
    manager: manager.email,
  }))
    jwt[name] = await signIn(t, email);
  for (let i = 0; i < 5; i++) await write('order.status.changed', { millId: w.mill.id, labId: w.lab.lab.id }, i, w.staff.id);
  await write('client.blocked', { millId: w.mill.id }, 9, w.admin.id);
  await write('order.status.changed', { millId: other.mill.id }, 100);
  await write('ticket.moved', { dealerId: sub.dealer.id }, 200);
  await write('ticket.moved', { dealerId: sibling.dealer.id }, 300);
});
afterAll(async () => t.close());

describe('who reads which audit trail (the rule book)', () => {
  it('a mill admin reads the mill’s entries, filtered, page after page', async () => {
    const all = await get(`/api/mills/${w.mill.id}/audit?_limit=4`, w.adminJwt);
    expect(all.statusCode).toBe(200);
    const first = all.json<{ data: { action: string; object: { id: string } }[]; next: string }>();
    expect(first.data.length).toBe(4);
    const rest = (await get(`/api/mills/${w.mill.id}/audit?_limit=4&before=${first.next}`, w.adminJwt)).json<{
      data: unknown[];
      next: null;
    }>();
    expect(rest).toMatchObject({ next: null });
    // The mill's six (sign-ins belong to no mill), none of the other mill's.
    expect(first.data.length + rest.data.length).toBe(6);
    const blocked = (await get(`/api/mills/${w.mill.id}/audit?action=client.blocked`, w.adminJwt)).json<{ data: unknown[] }>();
    expect(blocked.data).toHaveLength(1);
    const byActor = (await get(`/api/mills/${w.mill.id}/audit?actorId=${w.staff.id}&objectKind=order&objectId=3`, w.adminJwt)).json<{
      data: unknown[];
    }>();
    expect(byActor.data).toHaveLength(1);
    const future = (await get(`/api/mills/${w.mill.id}/audit?from=2999-01-01T00:00:00Z`, w.adminJwt)).json<{ data: unknown[] }>();
    expect(future.data).toHaveLength(0);
  });

  it('another mill’s admin gets 404, the mill’s plain user and its client lab 403', async () => {
    expect((await get(`/api/mills/${w.mill.id}/audit`, jwt.other!)).statusCode).toBe(404);
    expect((await get(`/api/mills/${w.mill.id}/audit/export`, jwt.other!)).statusCode).toBe(404);
    expect((await get(`/api/mills/${w.mill.id}/audit`, w.staffJwt)).statusCode).toBe(403);
    expect((await get(`/api/mills/${w.mill.id}/audit`, w.labJwt)).statusCode).toBe(403);
  });

  it('a lab user reads its lab’s entries; another lab gets 404', async () => {
    const own = await get(`/api/companies/${w.lab.company.id}/audit`, w.labJwt);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ data: unknown[] }>().data).toHaveLength(5);
    const stranger = await createLab(t.db);
    expect((await get(`/api/companies/${w.lab.company.id}/audit`, await signIn(t, stranger.user.email))).statusCode).toBe(404);
  });

  it('a dealer reads its subtree; a sub-dealer not its parent; nobody a stranger’s', async () => {
    const subtree = (await get(`/api/dealers/${root.dealer.id}/audit`, jwt.root!)).json<{ data: { object: { id: string } }[] }>();
    expect(subtree.data.map((e) => e.object.id)).toEqual(['200']);
    expect((await get(`/api/dealers/${root.dealer.id}/audit`, jwt.sub!)).statusCode).toBe(404);
    expect((await get(`/api/dealers/${sibling.dealer.id}/audit`, jwt.root!)).statusCode).toBe(404);
  });

  it('the manager reads everything; nobody else the whole trail', async () => {
    const all = (await get('/api/audit?action=ticket.moved', jwt.manager!)).json<{ data: unknown[] }>();
    expect(all.data).toHaveLength(2);
    expect((await get('/api/audit', w.adminJwt)).statusCode).toBe(403);
    expect((await get('/api/audit', jwt.root!)).statusCode).toBe(403);
  });

  it('exports the filtered entries as CSV, cells that could be formulas quoted away', async () => {
    await write('=cmd|calc', { millId: w.mill.id });
    const csv = await get(`/api/mills/${w.mill.id}/audit/export`, w.adminJwt);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('id,at,actorUserId,actorTenant,ip,action,objectKind,objectId,before,after');
    expect(lines).toHaveLength(8);
    expect(csv.body).toContain("'=cmd|calc");
  });

  it('names each actor as they are now: first and last name, a deleted account as deleted, a job as nobody', async () => {
    await t.db.update(users).set({ firstName: 'Ada', lastName: 'Lovelace' }).where(eq(users.id, w.staff.id));
    const gone = await createLab(t.db);
    await t.db.update(users).set({ firstName: 'Deleted user', lastName: '', deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    await write('order.status.changed', { millId: w.mill.id }, 500, gone.user.id);
    await t.db.transaction((tx) =>
      trail.append(tx, {
        actor: { userId: null },
        action: 'subscription.changedByProvider',
        object: { kind: 'mill', id: 1 },
        scope: { millId: w.mill.id },
      }),
    );
    const page = (await get(`/api/mills/${w.mill.id}/audit?_limit=100`, w.adminJwt)).json<{
      data: { actor: { userId: number | null; name: string | null; deleted: boolean } }[];
    }>();
    const actorOf = (userId: number | null) => page.data.find((entry) => entry.actor.userId === userId)?.actor;
    expect(actorOf(w.staff.id)).toMatchObject({ name: 'Ada Lovelace', deleted: false });
    expect(actorOf(gone.user.id)).toMatchObject({ name: null, deleted: true });
    expect(actorOf(null)).toMatchObject({ name: null, deleted: false });
  });

  it('refuses a malformed cursor or filter with 400', async () => {
    expect((await get(`/api/mills/${w.mill.id}/audit?before=abc`, w.adminJwt)).statusCode).toBe(400);
    expect((await get(`/api/mills/${w.mill.id}/audit?from=yesterday`, w.adminJwt)).statusCode).toBe(400);
  });
});
