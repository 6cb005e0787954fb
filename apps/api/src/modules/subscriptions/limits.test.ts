import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, sum } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { millClients } from '../../db/schema/labs.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { mills } from '../../db/schema/mills.ts';
import { componentFiles, millStoredBytes, projects } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { createLab, createManager, createMill, putOnCustomPlan, signIn, uniqueEmail } from '../../../test/factories.ts';
import { binaryStl, multipartFile, sendOrder } from '../../../test/orders.ts';
import { createTestApp, tokenFromMail, waitForMail, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 11 "Limits hold on the server, atomically": orders per period, clients and storage are
 * refused past the plan with 409 PLAN_LIMIT_REACHED, nothing of the refused request is kept, and
 * the mill's staff are told once a day per limit.
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

type PlanValues = {
  priceCents: number;
  maxOrdersCount: number;
  allowedClients: number;
  storageMb: number;
  support: boolean;
  filesKeepDays: number;
};

async function basicPlan(): Promise<PlanValues> {
  const response = await t.request({ method: 'GET', url: '/api/contract-types', token: managerJwt });
  const { priceCents, maxOrdersCount, allowedClients, storageMb, support, filesKeepDays } = response
    .json()
    .data.find((plan: { id: string }) => plan.id === 'basic');
  return { priceCents, maxOrdersCount, allowedClients, storageMb, support, filesKeepDays };
}

/** The manager changes the basic plan, as the contract-types screen does. */
async function changeBasicPlan(values: Partial<PlanValues>) {
  const response = await t.request({
    method: 'PUT',
    url: '/api/contract-types/basic',
    token: managerJwt,
    payload: { ...(await basicPlan()), ...values },
  });
  expect(response.statusCode).toBe(200);
}

let basicDefaults: PlanValues;
beforeAll(async () => {
  basicDefaults = await basicPlan();
});
afterEach(async () => {
  await changeBasicPlan(basicDefaults);
});

async function labWorkspace() {
  const { mill, admin } = await createMill(t.db);
  const lab = await createLab(t.db, { clientOf: mill.id });
  return { mill, admin, adminJwt: await signIn(t, admin.email), labJwt: await signIn(t, lab.user.email) };
}

const submit = (jwt: string, orderId: number) => t.request({ method: 'POST', url: `/api/orders/${orderId}/submit`, token: jwt });

async function submittedOrders(millId: number): Promise<number> {
  return (
    await t.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.millId, millId), isNotNull(projects.submittedAt)))
  ).length;
}

async function planNotices(millId: number) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.millId, millId), eq(notifications.type, 'planLimitReached')));
}

const PLAN_FULL = { statusCode: 409, code: 'PLAN_LIMIT_REACHED' };

describe('the order limit', () => {
  it('gives the last slot of the period to exactly one of 10 concurrent submissions', async () => {
    const w = await labWorkspace();
    await putOnCustomPlan(t.db, w.mill.id, { maxOrders: 3 });
    for (const name of ['First', 'Second']) await sendOrder(t, w.labJwt, w.mill.id, { name, files: [] });
    const drafts = [];
    for (let i = 0; i < 10; i++) drafts.push(await sendOrder(t, w.labJwt, w.mill.id, { name: `Rush ${i}`, files: [], submit: false }));

    const answers = await Promise.all(drafts.map((draft) => submit(w.labJwt, draft.id)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      ...PLAN_FULL,
      message: expect.stringMatching(/plan/),
    });
    expect(await submittedOrders(w.mill.id)).toBe(3);

    const usage = await t.request({ method: 'GET', url: `/api/mills/${w.mill.id}/stats`, token: w.adminJwt });
    expect(usage.json().data).toContainEqual(expect.objectContaining({ name: 'orders', used: 3, limit: 3, percentage: 100 }));
  });

  it('takes no slot for a second submission of the same order', async () => {
    const w = await labWorkspace();
    await putOnCustomPlan(t.db, w.mill.id, { maxOrders: 2 });
    const order = await sendOrder(t, w.labJwt, w.mill.id, { files: [], submit: false });
    expect((await Promise.all([submit(w.labJwt, order.id), submit(w.labJwt, order.id)])).map((answer) => answer.statusCode)).toEqual([
      200, 200,
    ]);
    const next = await sendOrder(t, w.labJwt, w.mill.id, { files: [], submit: false });
    expect((await submit(w.labJwt, next.id)).statusCode).toBe(200);
  });

  it("follows the manager's change of the plan at once, both ways", async () => {
    const w = await labWorkspace();
    await sendOrder(t, w.labJwt, w.mill.id, { files: [] });
    await changeBasicPlan({ maxOrdersCount: 1 });
    const refused = await sendOrder(t, w.labJwt, w.mill.id, { files: [], submit: false });
    expect((await submit(w.labJwt, refused.id)).json()).toMatchObject(PLAN_FULL);

    await changeBasicPlan({ maxOrdersCount: 2 });
    expect((await submit(w.labJwt, refused.id)).statusCode).toBe(200);
    expect(await submittedOrders(w.mill.id)).toBe(2);
  });

  it("tells the mill's staff once per day and limit, however often the limit refuses", async () => {
    const w = await labWorkspace();
    await putOnCustomPlan(t.db, w.mill.id, { maxOrders: 0 });
    for (let i = 0; i < 3; i++) {
      const order = await sendOrder(t, w.labJwt, w.mill.id, { files: [], submit: false });
      expect((await submit(w.labJwt, order.id)).statusCode).toBe(409);
    }
    expect(await planNotices(w.mill.id)).toEqual([expect.objectContaining({ userId: w.admin.id, message: 'orders', objectId: w.mill.id })]);
    const list = (await t.request({ method: 'GET', url: '/api/notifications', token: w.adminJwt })).json();
    expect(list.notifications).toEqual([
      expect.objectContaining({ notificationType: 'planLimitReached', message: 'orders', millId: w.mill.id }),
    ]);
  });
});

describe('the client limit', () => {
  const addClient = (millId: number, jwt: string, email: string) =>
    t.request({
      method: 'POST',
      url: `/api/mills/${millId}/clients`,
      token: jwt,
      payload: { firstName: 'Ivo', lastName: 'Invited', email, activationMessage: 'Welcome' },
    });
  const clientsOf = async (millId: number) => (await t.db.select().from(millClients).where(eq(millClients.millId, millId))).length;

  it('refuses a new client past the plan, still invites an existing one again, and tells the mill', async () => {
    const w = await labWorkspace();
    await putOnCustomPlan(t.db, w.mill.id, { allowedClients: 2 });
    const invited = uniqueEmail('invited');
    expect((await addClient(w.mill.id, w.adminJwt, invited)).statusCode).toBe(200);

    const tooMany = uniqueEmail('too-many');
    const refused = await addClient(w.mill.id, w.adminJwt, tooMany);
    expect(refused.json()).toMatchObject(PLAN_FULL);
    expect(await clientsOf(w.mill.id)).toBe(2);
    // Nothing of the refused invitation is kept: no placeholder account for the address.
    expect(await t.db.select().from(users).where(eq(users.email, tooMany))).toEqual([]);

    expect((await addClient(w.mill.id, w.adminJwt, invited)).statusCode).toBe(200);
    expect(await clientsOf(w.mill.id)).toBe(2);
    expect(await planNotices(w.mill.id)).toEqual([expect.objectContaining({ message: 'clients' })]);
  });

  it('lets a lab accept with its existing account when the plan is full: its placeholder does not count twice', async () => {
    const w = await labWorkspace();
    await putOnCustomPlan(t.db, w.mill.id, { allowedClients: 2 });
    const invited = uniqueEmail('invited');
    expect((await addClient(w.mill.id, w.adminJwt, invited)).statusCode).toBe(200);
    const mail = await waitForMail(t, (m) => m.to === invited && m.text.includes('activation='));
    const existing = await createLab(t.db);

    const linked = await t.request({
      method: 'POST',
      url: `/api/mills/${w.mill.id}/link-to-account`,
      token: await signIn(t, existing.user.email),
      payload: { confirmationToken: tokenFromMail(mail, 'activation'), millId: w.mill.id },
    });
    expect(linked.statusCode).toBe(200);
    expect(await clientsOf(w.mill.id)).toBe(2);
  });

  it('refuses an acceptance past a lowered limit and keeps the link usable until the plan has room', async () => {
    const w = await labWorkspace();
    await putOnCustomPlan(t.db, w.mill.id, { allowedClients: 2 });
    const invited = uniqueEmail('invited');
    expect((await addClient(w.mill.id, w.adminJwt, invited)).statusCode).toBe(200);
    const mail = await waitForMail(t, (m) => m.to === invited && m.text.includes('activation='));
    const existing = await createLab(t.db);
    const accept = async () =>
      t.request({
        method: 'POST',
        url: `/api/mills/${w.mill.id}/link-to-account`,
        token: await signIn(t, existing.user.email),
        payload: { confirmationToken: tokenFromMail(mail, 'activation'), millId: w.mill.id },
      });

    await putOnCustomPlan(t.db, w.mill.id, { allowedClients: 1 });
    expect((await accept()).json()).toMatchObject(PLAN_FULL);
    expect(await clientsOf(w.mill.id)).toBe(2);

    await putOnCustomPlan(t.db, w.mill.id, { allowedClients: 2 });
    expect((await accept()).statusCode).toBe(200);
    expect(await clientsOf(w.mill.id)).toBe(2);
  });

  it('follows a raised limit at once', async () => {
    const w = await labWorkspace();
    await changeBasicPlan({ allowedClients: 1 });
    expect((await addClient(w.mill.id, w.adminJwt, uniqueEmail())).json()).toMatchObject(PLAN_FULL);
    await changeBasicPlan({ allowedClients: 2 });
    expect((await addClient(w.mill.id, w.adminJwt, uniqueEmail())).statusCode).toBe(200);
  });
});

describe('the storage limit', () => {
  const TUS = { 'tus-resumable': '1.0.0' };
  const metadata = (values: Record<string, string | number>) =>
    Object.entries(values)
      .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
      .join(',');
  const filesIn = (folder: string) => readdir(path.join(t.config.dataDir, folder)).catch(() => [] as string[]);
  /** 600,084 bytes: two of them do not fit into 1 MB. */
  const largeStl = () => binaryStl(12_000);

  async function draftWithComponent() {
    const w = await labWorkspace();
    const order = await sendOrder(t, w.labJwt, w.mill.id, { files: [], submit: false });
    return { ...w, order, componentId: order.components[0]!.id };
  }
  const uploadForm = (jwt: string, orderId: number, componentId: number) =>
    t.request({
      method: 'POST',
      url: `/api/orders/${orderId}/components/${componentId}/documents`,
      token: jwt,
      ...multipartFile('files.file', 'jaw.stl', largeStl()),
    });
  const createTus = (jwt: string, length: number, orderId: number, componentId: number) =>
    t.request({
      method: 'POST',
      url: '/api/uploads',
      token: jwt,
      headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadata({ filename: 'jaw.stl', orderId, componentId }) },
    });

  it('refuses a form upload and a resumable upload that would not fit, keeping no rows and no bytes', async () => {
    await changeBasicPlan({ storageMb: 1 });
    const w = await draftWithComponent();
    expect((await uploadForm(w.labJwt, w.order.id, w.componentId)).statusCode).toBe(200);
    const documentsBefore = await filesIn('files/documents');
    const uploadsBefore = await filesIn('tus');

    expect((await uploadForm(w.labJwt, w.order.id, w.componentId)).json()).toMatchObject(PLAN_FULL);
    const tus = await createTus(w.labJwt, largeStl().length, w.order.id, w.componentId);
    expect(tus.statusCode).toBe(409);
    expect(JSON.parse(tus.body)).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });

    const rows = await t.db.select().from(componentFiles).where(eq(componentFiles.componentId, w.componentId));
    expect(rows).toHaveLength(1);
    expect(await filesIn('files/documents')).toEqual(documentsBefore);
    expect(await filesIn('tus')).toEqual(uploadsBefore);
    expect(await planNotices(w.mill.id)).toEqual([expect.objectContaining({ message: 'storage' })]);
  });

  it("refuses a mill's file handed back past the plan, too", async () => {
    await changeBasicPlan({ storageMb: 1 });
    const w = await draftWithComponent();
    expect((await uploadForm(w.labJwt, w.order.id, w.componentId)).statusCode).toBe(200);
    await submit(w.labJwt, w.order.id);
    const handedBack = await t.request({
      method: 'POST',
      url: `/api/downloads?projectId=${w.order.id}&componentId=${w.componentId}`,
      token: w.adminJwt,
      ...multipartFile('files.file', 'milled.stl', largeStl()),
    });
    expect(handedBack.json()).toMatchObject(PLAN_FULL);
    expect(await t.db.select().from(componentFiles).where(eq(componentFiles.componentId, w.componentId))).toHaveLength(1);
  });

  /** What the triggers of migration 0037 keep, against what the files add up to. */
  async function storedBytes(millId: number) {
    const [counter] = await t.db.select().from(millStoredBytes).where(eq(millStoredBytes.millId, millId));
    const [files] = await t.db
      .select({ bytes: sum(componentFiles.size) })
      .from(componentFiles)
      .where(eq(componentFiles.millId, millId));
    return { counter: counter?.bytes ?? 0, files: Number(files?.bytes ?? 0) };
  }

  it('gives the room back when the file or its order is deleted, and the counter always equals the files', async () => {
    await changeBasicPlan({ storageMb: 1 });
    const w = await draftWithComponent();
    const uploaded = await uploadForm(w.labJwt, w.order.id, w.componentId);
    expect(uploaded.statusCode).toBe(200);
    expect(await storedBytes(w.mill.id)).toEqual({ counter: largeStl().length, files: largeStl().length });
    expect((await uploadForm(w.labJwt, w.order.id, w.componentId)).json()).toMatchObject(PLAN_FULL);

    // The lab discards its draft: the cascade removes the files after the order, and the room comes back.
    expect((await t.request({ method: 'DELETE', url: `/api/orders/${w.order.id}`, token: w.labJwt })).statusCode).toBe(200);
    expect(await storedBytes(w.mill.id)).toEqual({ counter: 0, files: 0 });
    const next = await sendOrder(t, w.labJwt, w.mill.id, { files: [], submit: false });
    expect((await uploadForm(w.labJwt, next.id, next.components[0]!.id)).statusCode).toBe(200);
    expect(await storedBytes(w.mill.id)).toEqual({ counter: largeStl().length, files: largeStl().length });
  });

  it("counts each mill's files apart and leaves no counter behind a deleted mill", async () => {
    const first = await draftWithComponent();
    const second = await draftWithComponent();
    expect((await uploadForm(first.labJwt, first.order.id, first.componentId)).statusCode).toBe(200);
    expect((await uploadForm(first.labJwt, first.order.id, first.componentId)).statusCode).toBe(200);
    expect((await uploadForm(second.labJwt, second.order.id, second.componentId)).statusCode).toBe(200);
    expect(await storedBytes(first.mill.id)).toEqual({ counter: 2 * largeStl().length, files: 2 * largeStl().length });
    expect(await storedBytes(second.mill.id)).toEqual({ counter: largeStl().length, files: largeStl().length });

    await t.db.delete(mills).where(eq(mills.id, first.mill.id));
    expect(await t.db.select().from(millStoredBytes).where(eq(millStoredBytes.millId, first.mill.id))).toEqual([]);
    expect(await storedBytes(second.mill.id)).toEqual({ counter: largeStl().length, files: largeStl().length });
  });
});
