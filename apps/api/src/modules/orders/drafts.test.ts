import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { millClients } from '../../db/schema/labs.ts';
import { users } from '../../db/schema/users.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createLab, createMill, PASSWORD, signIn, uniqueEmail } from '../../../test/factories.ts';
import { binaryStl, sendOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A mill and a client lab whose user started orders there. */
async function workspace() {
  const m = await createMill(t.db);
  const lab = await createLab(t.db, { clientOf: m.mill.id });
  return { ...m, lab, adminJwt: await signIn(t, m.admin.email), labJwt: await signIn(t, lab.user.email) };
}

const drafts = (jwt: string | undefined, millId: number, query = '') =>
  t.request({ method: 'GET', url: `/api/labs/drafts?millId=${millId}${query}`, token: jwt });

describe('GET /api/labs/drafts', () => {
  it("lists the user's unsubmitted orders with the mill, newest first, with components and the documents that arrived", async () => {
    const w = await workspace();
    const stl = binaryStl(2);
    const older = await sendOrder(t, w.labJwt, w.mill.id, {
      name: 'Older draft',
      components: ['Bridge', 'Crown'],
      files: [{ name: 'bridge.stl', content: stl }],
      submit: false,
    });
    const newer = await sendOrder(t, w.labJwt, w.mill.id, { name: 'Newer draft', files: [], submit: false });
    await sendOrder(t, w.labJwt, w.mill.id, { name: 'Sent' });

    const response = await drafts(w.labJwt, w.mill.id);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.count).toBe(2);
    expect(page.data.map((d: { id: number }) => d.id)).toEqual([newer.id, older.id]);
    expect(page.data[1]).toEqual({
      id: older.id,
      name: 'Older draft',
      created_at: expect.any(String),
      components: [
        {
          id: older.components[0]!.id,
          name: 'Bridge',
          documents: [expect.objectContaining({ name: 'bridge.stl', size: stl.length, fileType: 'stl' })],
        },
        { id: older.components[1]!.id, name: 'Crown', documents: [] },
      ],
    });

    const limited = (await drafts(w.labJwt, w.mill.id, '&_limit=1')).json();
    expect(limited).toMatchObject({ count: 2, data: [{ id: newer.id }] });

    await t.request({ method: 'POST', url: `/api/orders/${newer.id}/submit`, token: w.labJwt });
    expect((await drafts(w.labJwt, w.mill.id)).json().data.map((d: { id: number }) => d.id)).toEqual([older.id]);
  });

  it("shows nobody else's drafts: not to another lab, a colleague, the lab at another mill, or the mill", async () => {
    const w = await workspace();
    await sendOrder(t, w.labJwt, w.mill.id, { name: 'Mine', submit: false });

    const otherLab = await createLab(t.db, { clientOf: w.mill.id });
    expect((await drafts(await signIn(t, otherLab.user.email), w.mill.id)).json()).toEqual({ count: 0, data: [] });

    const [colleague] = await t.db
      .insert(users)
      .values({
        email: uniqueEmail('lab'),
        firstName: 'Col',
        lastName: 'League',
        confirmed: true,
        passwordHash: await hashPassword(PASSWORD),
        roleType: 'lab',
        companyId: w.lab.company.id,
      })
      .returning();
    expect((await drafts(await signIn(t, colleague!.email), w.mill.id)).json()).toEqual({ count: 0, data: [] });

    // The same lab, as a client of a second mill, sees no drafts of the first one there.
    const second = await createMill(t.db);
    await t.db.insert(millClients).values({ millId: second.mill.id, labId: w.lab.lab.id, userId: w.lab.user.id, confirmed: true });
    expect((await drafts(w.labJwt, second.mill.id)).json()).toEqual({ count: 0, data: [] });

    const labOfAnotherMill = await createLab(t.db, { clientOf: second.mill.id });
    expect((await drafts(await signIn(t, labOfAnotherMill.user.email), w.mill.id)).statusCode).toBe(404);
    // The mill's staff know the mill: they are refused starting orders there (403), not told it is missing.
    expect((await drafts(w.adminJwt, w.mill.id)).statusCode).toBe(403);
    expect((await drafts(undefined, w.mill.id)).statusCode).toBe(401);
  });

  it('is described in the OpenAPI document with its query and answer', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/labs/drafts'].get;
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['millId', '_limit']));
    const answer = operation.responses['200'].content['application/json'].schema;
    expect(answer.properties.data.items.properties.components.items.properties.documents).toBeDefined();
  });
});
