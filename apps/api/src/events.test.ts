import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dealers } from './db/schema/dealers.ts';
import { notifications } from './db/schema/notifications.ts';
import { componentFiles, components, fileDownloads, messageReads, messages, projects } from './db/schema/orders.ts';
import { storageRemovals } from './db/schema/storage.ts';
import type { DomainEventName } from './platform/events/domain-events.ts';
import { LocalStorage } from './platform/storage/storage.ts';
import { addDealerUser, createDealer, signIn } from '../test/factories.ts';
import { binaryStl, multipartFile, orderWorkspace, sendOrder } from '../test/orders.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The listeners wired in events.ts, each seen to act in its publisher's transaction: a listener
 * registered after them that refuses the change takes their writes back with it.
 */
let t: TestApp;
/** The events the refusing listener refuses now. */
const refused = new Set<DomainEventName>();
const EVENTS: DomainEventName[] = [
  'auth.secondFactorReset',
  'dealerConfiguration.published',
  'files.downloaded',
  'files.storing',
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

  it("'files.storing': a document is recorded only when every listener (the plan's room) lets it in", async () => {
    const w = await orderWorkspace(t);
    const order = await sendOrder(t, w.labJwt, w.mill.id, { submit: false });
    const componentId = order.components[0]!.id;
    const upload = () =>
      t.request({
        method: 'POST',
        url: `/api/orders/${order.id}/components/${componentId}/documents`,
        token: w.labJwt,
        ...multipartFile('files.file', 'more.stl', binaryStl()),
      });
    const names = async () =>
      (await t.db.select().from(componentFiles).where(eq(componentFiles.componentId, componentId))).map((f) => f.name);

    refused.add('files.storing');
    expect((await upload()).statusCode).toBe(500);
    expect(await names()).toEqual(['crown.stl']);

    refused.clear();
    expect((await upload()).statusCode).toBe(200);
    expect((await names()).sort()).toEqual(['crown.stl', 'more.stl']);
  });

  it("'files.downloaded': the component turns Downloaded with the mill's download record, or neither is kept", async () => {
    const w = await orderWorkspace(t);
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const componentId = order.components[0]!.id;
    const [file] = await t.db.select().from(componentFiles).where(eq(componentFiles.componentId, componentId));
    const download = async () => {
      const link = await t.request({ method: 'GET', url: `/api/files/${file!.id}/download`, token: w.adminJwt });
      return t.request({ method: 'GET', url: link.json().url });
    };
    const status = async () => (await t.db.select().from(components).where(eq(components.id, componentId)))[0]!.status;

    refused.add('files.downloaded');
    expect((await download()).statusCode).toBe(500);
    expect(await t.db.select().from(fileDownloads).where(eq(fileDownloads.fileId, file!.id))).toEqual([]);
    expect(await status()).toBe('Open');

    refused.clear();
    expect((await download()).statusCode).toBe(200);
    expect(await t.db.select().from(fileDownloads).where(eq(fileDownloads.fileId, file!.id))).toHaveLength(1);
    expect(await status()).toBe('Downloaded');
  });

  it("'dealerConfiguration.published': the dealer's production text changes with the draft, or neither does", async () => {
    const root = await createDealer(t.db, { ownConfigurationsAllowed: true });
    await t.db
      .update(dealers)
      .set({ configurationType: 'FixedJson', fixedConfigJson: '{"level":"old"}' })
      .where(eq(dealers.id, root.dealer.id));
    const manager = await addDealerUser(t.db, root.dealer.id, root.dealer.companyId, 'manager');
    const jwt = await signIn(t, manager.email);
    const publish = () =>
      t.request({
        method: 'POST',
        url: `/api/dealers/${root.dealer.id}/configuration-test/production`,
        token: jwt,
        payload: { configJson: '{"level":"new"}' },
      });
    const stored = async () => (await t.db.select().from(dealers).where(eq(dealers.id, root.dealer.id)))[0]!.fixedConfigJson;

    refused.add('dealerConfiguration.published');
    expect((await publish()).statusCode).toBe(500);
    expect(await stored()).toBe('{"level":"old"}');

    refused.clear();
    expect((await publish()).json()).toMatchObject({
      prodConfiguration: '{\n  "level": "new"\n}',
      draftConfiguration: '{\n  "level": "new"\n}',
    });
    expect(await stored()).toBe('{\n  "level": "new"\n}');
  });
});
