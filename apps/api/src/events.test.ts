import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from './db/schema/notifications.ts';
import { componentFiles, messageReads, messages, projects } from './db/schema/orders.ts';
import { storageRemovals } from './db/schema/storage.ts';
import type { DomainEventName } from './platform/events/domain-events.ts';
import { LocalStorage } from './platform/storage/storage.ts';
import { orderWorkspace, sendOrder } from '../test/orders.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The listeners wired in events.ts, each seen to act in its publisher's transaction: a listener
 * registered after them that refuses the change takes their writes back with it.
 */
let t: TestApp;
/** The events the refusing listener refuses now. */
const refused = new Set<DomainEventName>();
const EVENTS: DomainEventName[] = [
  'licenceKey.consentWithdrawn',
  'message.posted',
  'messages.read',
  'order.deleted',
  'order.submitted',
  'plan.limit-reached',
];

beforeAll(async () => {
  t = await createTestApp();
  for (const name of EVENTS) {
    t.app.deps.events.on(name, async () => {
      if (refused.has(name)) throw new Error(`refused ${name}`);
    });
  }
});
afterEach(() => refused.clear());
afterAll(async () => {
  await t.close();
});

const notificationsOf = (userId: number) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('the domain event listeners (events.ts)', () => {
  it('hear every event a module publishes', () => {
    expect(t.app.deps.events.heard().sort()).toEqual(EVENTS);
  });

  it("'order.deleted': the order's file rows go in the withdrawing transaction, and come back when it rolls back", async () => {
    const w = await orderWorkspace(t);
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const ofOrder = eq(componentFiles.componentId, order.components[0]!.id);
    const [file] = await t.db.select().from(componentFiles).where(ofOrder);
    const storage = new LocalStorage(path.join(t.config.dataDir, 'files'));

    refused.add('order.deleted');
    expect((await t.request({ method: 'DELETE', url: `/api/orders/${order.id}`, token: w.labJwt })).statusCode).toBe(500);
    expect(await t.db.select().from(componentFiles).where(ofOrder)).toHaveLength(1);
    expect(await t.db.select().from(storageRemovals).where(eq(storageRemovals.storageKey, file!.storageKey))).toEqual([]);
    expect(await storage.open(file!.storageKey)).not.toBeNull();
    expect((await t.db.select().from(projects).where(eq(projects.id, order.id)))[0]).toMatchObject({ isDeleted: false });

    refused.clear();
    expect((await t.request({ method: 'DELETE', url: `/api/orders/${order.id}`, token: w.labJwt })).statusCode).toBe(200);
    expect(await t.db.select().from(componentFiles).where(ofOrder)).toEqual([]);
    expect(await storage.open(file!.storageKey)).toBeNull();
  });

  it("'order.submitted': the mill's notifications commit with the submission, or not at all", async () => {
    const w = await orderWorkspace(t);
    const order = await sendOrder(t, w.labJwt, w.mill.id, { submit: false });
    const submit = () => t.request({ method: 'POST', url: `/api/orders/${order.id}/submit`, token: w.labJwt });

    refused.add('order.submitted');
    expect((await submit()).statusCode).toBe(500);
    expect((await t.db.select().from(projects).where(eq(projects.id, order.id)))[0]!.submittedAt).toBeNull();
    expect(await notificationsOf(w.admin.id)).toEqual([]);

    refused.clear();
    expect((await submit()).statusCode).toBe(200);
    expect(await notificationsOf(w.admin.id)).toEqual([
      expect.objectContaining({ type: 'newProjectCreated', objectId: order.id, componentId: null }),
    ]);
  });

  it("'message.posted': the other side's notifications commit with the message, or not at all", async () => {
    const w = await orderWorkspace(t);
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const componentId = order.components[0]!.id;
    const post = () =>
      t.request({
        method: 'POST',
        url: `/api/mills/${w.mill.id}/messages`,
        token: w.labJwt,
        payload: { projectId: order.id, componentId, message: 'Shade A2' },
      });
    const aboutMessages = async () => (await notificationsOf(w.admin.id)).filter((row) => row.type === 'newMessageReceived');

    refused.add('message.posted');
    expect((await post()).statusCode).toBe(500);
    expect(await t.db.select().from(messages).where(eq(messages.projectId, order.id))).toEqual([]);
    expect(await aboutMessages()).toEqual([]);

    refused.clear();
    const posted = (await post()).json();
    expect(await aboutMessages()).toEqual([
      expect.objectContaining({ objectId: posted.id, parentObjectId: order.id, componentId, message: 'Shade A2' }),
    ]);
  });

  it("'messages.read': the reader's notifications are read with the messages, or neither is", async () => {
    const w = await orderWorkspace(t);
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const componentId = order.components[0]!.id;
    await t.request({
      method: 'POST',
      url: `/api/mills/${w.mill.id}/messages`,
      token: w.labJwt,
      payload: { projectId: order.id, componentId, message: 'Shade A2' },
    });
    const open = () => t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt });
    const unread = async () => (await notificationsOf(w.admin.id)).filter((row) => !row.isRead).map((row) => row.type);
    const reads = () => t.db.select().from(messageReads).where(eq(messageReads.userId, w.admin.id));

    refused.add('messages.read');
    expect((await open()).statusCode).toBe(500);
    expect((await unread()).sort()).toEqual(['newMessageReceived', 'newProjectCreated']);
    expect(await reads()).toEqual([]);

    refused.clear();
    expect((await open()).statusCode).toBe(200);
    expect(await unread()).toEqual([]);
    expect(await reads()).toHaveLength(1);
  });
});
