import { and, eq } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_READ_EVENT, type MessageReadEvent } from '@casebridge/shared/schemas/live-events';
import { millClients } from '../../db/schema/labs.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { orderWorkspace, sendOrder } from '../../../test/orders.ts';
import { createTestApp, waitForMail, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const workspace = () => orderWorkspace(t);
const list = async (jwt: string, millId: number) =>
  (await t.request({ method: 'GET', url: `/api/mills/${millId}/projects`, token: jwt })).json();

describe('messages', () => {
  it('reach the other side, count as new until read, and reading is per user', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const componentId = order.components[0]!.id;
    const sent = await t.request({
      method: 'POST',
      url: `/api/mills/${w.mill.id}/messages`,
      token: w.labJwt,
      payload: { projectId: order.id, componentId, message: 'Please use A2 shade' },
    });
    expect(sent.json()).toMatchObject({ message: 'Please use A2 shade', author: { role: 'lab' }, read: true });
    expect((await list(w.adminJwt, w.mill.id)).data[0].newMessages).toBe(1);
    const unread = (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages?read=false`, token: w.adminJwt })).json();
    expect(unread.count).toBe(1);
    await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt });
    expect((await list(w.adminJwt, w.mill.id)).data[0].newMessages).toBe(0);
    expect((await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages?read=true`, token: w.adminJwt })).json().count).toBe(1);
    expect((await list(w.staffJwt, w.mill.id)).data[0].newMessages).toBe(1);
    const byClient = async (labId: number) =>
      (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages?client=${labId}`, token: w.adminJwt })).json().count;
    expect(await byClient(w.lab.lab.id)).toBe(1);
    expect(await byClient(w.lab.lab.id + 100000)).toBe(0);

    const answer = await t.request({
      method: 'POST',
      url: `/api/mills/${w.mill.id}/messages`,
      token: w.staffJwt,
      payload: { projectId: order.id, componentId, message: 'Noted' },
    });
    expect(answer.json().author).toMatchObject({ role: 'mill', millRole: 'user' });
    const labInbox = (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages`, token: w.labJwt })).json();
    expect(labInbox.data.map((m: { message: string }) => m.message)).toEqual(['Noted']);
    const labNotes = await t.db.select().from(notifications).where(eq(notifications.userId, w.lab.user.id));
    expect(labNotes).toEqual([expect.objectContaining({ type: 'newMessageReceived', parentObjectId: order.id })]);
  });

  it('are mailed, in their language, to users who chose mail for them', async () => {
    const w = await workspace();
    await t.db
      .update(users)
      .set({ language: 'de', settings: { sendEmailOnNewMessageReceived: true } })
      .where(eq(users.id, w.lab.user.id));
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    await t.request({
      method: 'POST',
      url: `/api/mills/${w.mill.id}/messages`,
      token: w.adminJwt,
      payload: { projectId: order.id, message: 'Ready tomorrow' },
    });
    const mail = await waitForMail(t, (m) => m.to === w.lab.user.email);
    expect(mail.subject).toBe('Neue Nachricht: Ready tomorrow');
    expect(mail.text).toContain('http://portal.test/lab/messages');
    // Nobody else asked for mail.
    expect((await t.mails()).filter((m) => m.to === w.admin.email || m.to === w.staff.email)).toEqual([]);
  });

  it('notify only the responsible mill user when there is one', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    await t.request({
      method: 'PUT',
      url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${order.id}`,
      token: w.adminJwt,
      payload: { responsibleId: w.staff.id },
    });
    const sent = (
      await t.request({
        method: 'POST',
        url: `/api/mills/${w.mill.id}/messages`,
        token: w.labJwt,
        payload: { projectId: order.id, message: 'Hello' },
      })
    ).json();
    const notified = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'newMessageReceived'), eq(notifications.objectId, sent.id)));
    expect(notified.map((n) => n.userId)).toEqual([w.staff.id]);
  });

  it('tell their author when the other side first read them, in the DTO and live on the socket', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const componentId = order.components[0]!.id;
    const url = `/api/projects/${order.id}/components/${componentId}`;
    const thread = async (jwt: string) => (await t.request({ method: 'GET', url, token: jwt })).json().messages;
    const write = async (jwt: string, message: string) =>
      (
        await t.request({
          method: 'POST',
          url: `/api/mills/${w.mill.id}/messages`,
          token: jwt,
          payload: { projectId: order.id, componentId, message },
        })
      ).json();
    const fromLab = await write(w.labJwt, 'Shade A2');
    const fromMill = await write(w.adminJwt, 'Milling today');
    expect(fromLab.readAt).toBeNull();

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connectSocket(`http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: w.labJwt },
      reconnection: false,
      forceNew: true,
    });
    const events: MessageReadEvent[] = [];
    socket.on(MESSAGE_READ_EVENT, (event: MessageReadEvent) => events.push(event));
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));

    type Shown = { id: number; readAt: string | null };
    const readAt = (messages: Shown[], id: number) => messages.find((m) => m.id === id)!.readAt;
    // A mill user reads: the lab's message is read, the admin's is only read by a colleague.
    await thread(w.staffJwt);
    const atMill = (await thread(w.adminJwt)) as Shown[];
    expect(readAt(atMill, fromMill.id)).toBeNull();
    const labMessageRead = readAt(atMill, fromLab.id);
    expect(labMessageRead).toEqual(expect.any(String));
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toEqual({ type: 'messageRead', messageId: fromLab.id, projectId: order.id, componentId, readAt: labMessageRead });

    // The lab, the author, sees the first read time, which later readers leave as it was.
    const atLab = (await thread(w.labJwt)) as Shown[];
    expect(readAt(atLab, fromLab.id)).toBe(labMessageRead);
    expect(readAt(atLab, fromMill.id)).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toHaveLength(1);
    socket.close();
  });

  it('require a message, a component of that order, and an unblocked lab', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const otherOrder = await sendOrder(t, w.labJwt, w.mill.id);
    const url = `/api/mills/${w.mill.id}/messages`;
    expect((await t.request({ method: 'POST', url, token: w.labJwt, payload: { projectId: order.id, message: ' ' } })).statusCode).toBe(
      400,
    );
    expect(
      (
        await t.request({
          method: 'POST',
          url,
          token: w.labJwt,
          payload: { projectId: order.id, componentId: otherOrder.components[0]!.id, message: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    await t.db.update(millClients).set({ blockedByMill: true }).where(eq(millClients.labId, w.lab.lab.id));
    expect((await t.request({ method: 'POST', url, token: w.labJwt, payload: { projectId: order.id, message: 'x' } })).statusCode).toBe(
      403,
    );
    // Still reads its orders.
    expect(
      (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${order.components[0]!.id}`, token: w.labJwt }))
        .statusCode,
    ).toBe(200);
  });
});
