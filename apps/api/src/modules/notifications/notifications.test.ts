import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { addMillUser, createLab, createMill, signIn, uniqueEmail } from '../../../test/factories.ts';
import { orderWorkspace, sendOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notify } from './notifications.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('notifications', () => {
  it('is an empty list for a new user', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    expect((await t.request({ method: 'GET', url: '/api/notifications', token: jwt })).json()).toEqual({ notifications: [] });
  });

  it("lists only the caller's own and marks only the caller's own", async () => {
    const { admin, mill } = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const [mine] = await t.db
      .insert(notifications)
      .values({ userId: admin.id, millId: mill.id, type: 'newMessageReceived', objectId: 5, parentObjectId: 2, message: 'Hi' })
      .returning();
    const [theirs] = await t.db
      .insert(notifications)
      .values({ userId: lab.user.id, millId: mill.id, type: 'newProjectCreated', objectId: 9, message: 'New order' })
      .returning();
    const jwt = await signIn(t, admin.email);
    const list = (await t.request({ method: 'GET', url: '/api/notifications', token: jwt })).json();
    expect(list.notifications).toEqual([
      expect.objectContaining({
        notificationId: mine!.id,
        notificationType: 'newMessageReceived',
        objectId: 5,
        parentObjectId: 2,
        isRead: false,
      }),
    ]);

    const marked = await t.request({
      method: 'POST',
      url: '/api/notifications/markReadState',
      token: jwt,
      payload: { notificationIds: [mine!.id, theirs!.id], read: true },
    });
    expect(marked.statusCode).toBe(200);
    const [mineAfter] = await t.db.select().from(notifications).where(eq(notifications.id, mine!.id));
    const [theirsAfter] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(mineAfter!.isRead).toBe(true);
    expect(theirsAfter!.isRead).toBe(false);
  });

  it('validates mark-read input and needs a session', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/notifications/markReadState',
          token: jwt,
          payload: { notificationIds: [], read: true },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/notifications/markReadState',
          token: jwt,
          payload: { notificationIds: ['1 or 1=1'], read: true },
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('notifications of an order and its messages', () => {
  type Listed = {
    notificationType: string;
    isRead: boolean;
    orderId: number | null;
    orderName: string | null;
    componentId: number | null;
    componentName: string | null;
    message: string;
  };
  const listOf = async (jwt: string): Promise<Listed[]> =>
    (await t.request({ method: 'GET', url: '/api/notifications', token: jwt })).json().notifications;
  const write = (jwt: string, millId: number, payload: { projectId: number; componentId?: number; message: string }) =>
    t.request({ method: 'POST', url: `/api/mills/${millId}/messages`, token: jwt, payload });

  it('name the order and component they are about', async () => {
    const w = await orderWorkspace(t);
    const order = await sendOrder(t, w.labJwt, w.mill.id, { name: 'Case Meyer', components: ['Crown 11'] });
    const componentId = order.components[0]!.id;
    await write(w.labJwt, w.mill.id, { projectId: order.id, componentId, message: 'Shade A2' });
    await write(w.labJwt, w.mill.id, { projectId: order.id, message: 'About the whole order' });
    const list = await listOf(w.adminJwt);
    expect(list).toEqual([
      expect.objectContaining({
        notificationType: 'newMessageReceived',
        message: 'About the whole order',
        orderId: order.id,
        orderName: 'Case Meyer',
        componentId: null,
        componentName: null,
      }),
      expect.objectContaining({
        notificationType: 'newMessageReceived',
        message: 'Shade A2',
        orderId: order.id,
        orderName: 'Case Meyer',
        componentId,
        componentName: 'Crown 11',
      }),
      expect.objectContaining({ notificationType: 'newProjectCreated', orderId: order.id, orderName: 'Case Meyer', componentId: null }),
    ]);
  });

  it("are read once the component's messages are read there, for the reader only", async () => {
    const w = await orderWorkspace(t);
    const order = await sendOrder(t, w.labJwt, w.mill.id, { components: ['Crown 11', 'Bridge 34-36'] });
    const [crown, bridge] = order.components;
    await write(w.labJwt, w.mill.id, { projectId: order.id, componentId: crown!.id, message: 'On the crown' });
    await write(w.labJwt, w.mill.id, { projectId: order.id, componentId: bridge!.id, message: 'On the bridge' });
    const unread = async (jwt: string) =>
      (await listOf(jwt))
        .filter((n) => !n.isRead)
        .map((n) => n.message)
        .sort();
    expect(await unread(w.adminJwt)).toEqual(['Case 1', 'On the bridge', 'On the crown']);

    const opened = await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${crown!.id}`, token: w.adminJwt });
    expect(opened.statusCode).toBe(200);
    // The crown's message and the order's arrival are read; the bridge's message is not read yet.
    expect(await unread(w.adminJwt)).toEqual(['On the bridge']);
    expect(await unread(w.staffJwt)).toEqual(['Case 1', 'On the bridge', 'On the crown']);

    // The lab reading the mill's answer on its side works the same way.
    await write(w.adminJwt, w.mill.id, { projectId: order.id, componentId: bridge!.id, message: 'Noted' });
    expect(await unread(w.labJwt)).toEqual(['Noted']);
    await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${bridge!.id}`, token: w.labJwt });
    expect(await unread(w.labJwt)).toEqual([]);
  });
});

describe('notify', () => {
  /** The adapters notify uses, recording what it publishes and queues instead of sending. */
  function recordingDeps() {
    const published: { userIds: number[]; event: { notificationId: number; labCompanyId: number | null } }[] = [];
    const queued: { name: string; data: { to: string } }[] = [];
    const deps = {
      db: t.db,
      config: t.config,
      realtime: { publish: (userIds: number[], event: (typeof published)[number]['event']) => void published.push({ userIds, event }) },
      jobs: { enqueue: async (_tx: unknown, name: string, data: { to: string }) => void queued.push({ name, data }) },
    } as unknown as Parameters<typeof notify>[0];
    return { deps, published, queued };
  }

  const event = (millId: number, labId: number, senderId: number, responsibleId: number | null) =>
    ({
      type: 'newMessageReceived',
      millId,
      labId,
      objectId: 7,
      parentObjectId: 3,
      componentId: null,
      message: 'Hello',
      senderId,
      responsibleId,
    }) as const;

  it("tells the mill's active staff, not the sender, the lab or a blocked colleague", async () => {
    const { mill, company, admin } = await createMill(t.db);
    const colleague = await addMillUser(t.db, mill.id, company.id);
    const blocked = await addMillUser(t.db, mill.id, company.id);
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, blocked.id));
    const lab = await createLab(t.db, { clientOf: mill.id });
    const { deps, published } = recordingDeps();

    const told = await notify(deps, t.db, event(mill.id, lab.lab.id, colleague.id, null), 'mill');
    expect(told.recipients).toEqual([admin.id]);
    expect(published).toEqual([]);
    await told.publish();
    expect(published).toEqual([{ userIds: [admin.id], event: expect.objectContaining({ labCompanyId: lab.company.id }) }]);
    const stored = await t.db.select().from(notifications).where(eq(notifications.objectId, 7));
    expect(stored.map((row) => row.userId)).toEqual([admin.id]);
  });

  it('tells only the responsible person when an order has one', async () => {
    const { mill, company, admin } = await createMill(t.db);
    const responsible = await addMillUser(t.db, mill.id, company.id);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const { deps } = recordingDeps();
    expect((await notify(deps, t.db, event(mill.id, lab.lab.id, lab.user.id, responsible.id), 'mill')).recipients).toEqual([
      responsible.id,
    ]);
    expect((await notify(deps, t.db, event(mill.id, lab.lab.id, lab.user.id, null), 'mill')).recipients).toEqual(
      expect.arrayContaining([admin.id, responsible.id]),
    );
  });

  it("tells the lab's users by their settings: a notification, a mail, or nothing", async () => {
    const { mill, admin } = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const [mailed] = await t.db
      .insert(users)
      .values({
        email: uniqueEmail('mailed'),
        firstName: 'M',
        lastName: 'L',
        roleType: 'lab',
        companyId: lab.company.id,
        confirmed: true,
        settings: { sendEmailOnNewMessageReceived: true },
      })
      .returning();
    await t.db.insert(users).values({
      email: uniqueEmail('quiet'),
      firstName: 'Q',
      lastName: 'L',
      roleType: 'lab',
      companyId: lab.company.id,
      confirmed: true,
      settings: { notificationOnNewMessageReceived: false },
    });
    const { deps, queued } = recordingDeps();

    const told = (await notify(deps, t.db, event(mill.id, lab.lab.id, admin.id, null), 'lab')).recipients;
    expect(told.sort()).toEqual([lab.user.id, mailed!.id].sort());
    expect(queued).toEqual([{ name: 'mail.send', data: expect.objectContaining({ to: mailed!.email }) }]);
  });
});
