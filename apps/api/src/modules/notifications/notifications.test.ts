import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { createLab, createMill, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

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
    const [mine] = await t.db.insert(notifications).values({ userId: admin.id, millId: mill.id, type: 'newMessageReceived', objectId: 5, parentObjectId: 2, message: 'Hi' }).returning();
    const [theirs] = await t.db.insert(notifications).values({ userId: lab.user.id, millId: mill.id, type: 'newProjectCreated', objectId: 9, message: 'New order' }).returning();
    const jwt = await signIn(t, admin.email);
    const list = (await t.request({ method: 'GET', url: '/api/notifications', token: jwt })).json();
    expect(list.notifications).toEqual([expect.objectContaining({ notificationId: mine!.id, notificationType: 'newMessageReceived', objectId: 5, parentObjectId: 2, isRead: false })]);

    const marked = await t.request({ method: 'POST', url: '/api/notifications/markReadState', token: jwt, payload: { notificationIds: [mine!.id, theirs!.id], read: true } });
    expect(marked.statusCode).toBe(200);
    const [mineAfter] = await t.db.select().from(notifications).where(eq(notifications.id, mine!.id));
    const [theirsAfter] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(mineAfter!.isRead).toBe(true);
    expect(theirsAfter!.isRead).toBe(false);
  });

  it('validates mark-read input and needs a session', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    expect((await t.request({ method: 'POST', url: '/api/notifications/markReadState', token: jwt, payload: { notificationIds: [], read: true } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/notifications/markReadState', token: jwt, payload: { notificationIds: ['1 or 1=1'], read: true } })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
