import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const list = async (jwt: string, millId: number) => (await t.request({ method: 'GET', url: `/api/mills/${millId}/projects`, token: jwt })).json();

describe('messages', () => {
  it('reach the other side, count as new until read, and reading is per user', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const componentId = order.components[0]!.id;
    const sent = await t.request({ method: 'POST', url: `/api/mills/${w.mill.id}/messages`, token: w.labJwt, payload: { projectId: order.id, componentId, message: 'Please use A2 shade' } });
    expect(sent.json()).toMatchObject({ message: 'Please use A2 shade', author: { role: 'lab' }, read: true });
    expect((await list(w.adminJwt, w.mill.id)).data[0].newMessages).toBe(1);
    const unread = (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages?read=false`, token: w.adminJwt })).json();
    expect(unread.count).toBe(1);
    await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: w.adminJwt });
    expect((await list(w.adminJwt, w.mill.id)).data[0].newMessages).toBe(0);
    expect((await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages?read=true`, token: w.adminJwt })).json().count).toBe(1);
    expect((await list(w.staffJwt, w.mill.id)).data[0].newMessages).toBe(1);
    const byClient = async (labId: number) => (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages?client=${labId}`, token: w.adminJwt })).json().count;
    expect(await byClient(w.lab.lab.id)).toBe(1);
    expect(await byClient(w.lab.lab.id + 100000)).toBe(0);

    const answer = await t.request({ method: 'POST', url: `/api/mills/${w.mill.id}/messages`, token: w.staffJwt, payload: { projectId: order.id, componentId, message: 'Noted' } });
    expect(answer.json().author).toMatchObject({ role: 'mill', millRole: 'user' });
    const labInbox = (await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/messages`, token: w.labJwt })).json();
    expect(labInbox.data.map((m: { message: string }) => m.message)).toEqual(['Noted']);
    const labNotes = await t.db.select().from(notifications).where(eq(notifications.userId, w.lab.user.id));
    expect(labNotes).toEqual([expect.objectContaining({ type: 'newMessageReceived', parentObjectId: order.id })]);
  });

  it('are mailed, in their language, to users who chose mail for them', async () => {
    const w = await workspace();
    await t.db.update(users).set({ language: 'de', settings: { sendEmailOnNewMessageReceived: true } }).where(eq(users.id, w.lab.user.id));
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    await t.request({ method: 'POST', url: `/api/mills/${w.mill.id}/messages`, token: w.adminJwt, payload: { projectId: order.id, message: 'Ready tomorrow' } });
    const mail = await waitForMail(t, (m) => m.to === w.lab.user.email);
    expect(mail.subject).toBe('Neue Nachricht: Ready tomorrow');
    expect(mail.text).toContain('http://portal.test/lab/messages');
    // Nobody else asked for mail.
    expect((await t.mails()).filter((m) => m.to === w.admin.email || m.to === w.staff.email)).toEqual([]);
  });

  it('notify only the responsible mill user when there is one', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    await t.request({ method: 'PUT', url: `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${order.id}`, token: w.adminJwt, payload: { responsibleId: w.staff.id } });
    const sent = (await t.request({ method: 'POST', url: `/api/mills/${w.mill.id}/messages`, token: w.labJwt, payload: { projectId: order.id, message: 'Hello' } })).json();
    const notified = await t.db.select().from(notifications).where(and(eq(notifications.type, 'newMessageReceived'), eq(notifications.objectId, sent.id)));
    expect(notified.map((n) => n.userId)).toEqual([w.staff.id]);
  });

  it('require a message, a component of that order, and an unblocked lab', async () => {
    const w = await workspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id);
    const otherOrder = await sendOrder(t, w.labJwt, w.mill.id);
    const url = `/api/mills/${w.mill.id}/messages`;
    expect((await t.request({ method: 'POST', url, token: w.labJwt, payload: { projectId: order.id, message: ' ' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url, token: w.labJwt, payload: { projectId: order.id, componentId: otherOrder.components[0]!.id, message: 'x' } })).statusCode).toBe(404);
    await t.db.update(millClients).set({ blockedByMill: true }).where(eq(millClients.labId, w.lab.lab.id));
    expect((await t.request({ method: 'POST', url, token: w.labJwt, payload: { projectId: order.id, message: 'x' } })).statusCode).toBe(403);
    // Still reads its orders.
    expect((await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${order.components[0]!.id}`, token: w.labJwt })).statusCode).toBe(200);
  });
});
