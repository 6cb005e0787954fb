import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLab, createMill, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dataForm } from '../../../test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('companies and labs', () => {
  it("lets a mill read its client's company and lab, and no one else's", async () => {
    const a = await createMill(t.db);
    const b = await createMill(t.db);
    const client = await createLab(t.db, { clientOf: a.mill.id });
    const stranger = await createLab(t.db, { clientOf: b.mill.id });
    const jwt = await signIn(t, a.admin.email);
    expect((await t.request({ method: 'GET', url: `/api/companies/${client.company.id}`, token: jwt })).json().name).toBe(
      client.company.name,
    );
    expect((await t.request({ method: 'GET', url: `/api/labs/companies/${client.company.id}`, token: jwt })).json().id).toBe(client.lab.id);
    expect((await t.request({ method: 'GET', url: `/api/companies/${stranger.company.id}`, token: jwt })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/labs/${stranger.lab.id}`, token: jwt })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/companies/${b.company.id}`, token: jwt })).statusCode).toBe(404);
  });

  it("does not let a lab read another lab's company, nor its mill's full company record", async () => {
    const a = await createMill(t.db);
    const one = await createLab(t.db, { clientOf: a.mill.id });
    const two = await createLab(t.db, { clientOf: a.mill.id });
    const jwt = await signIn(t, one.user.email);
    expect((await t.request({ method: 'GET', url: `/api/companies/${one.company.id}`, token: jwt })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/companies/${two.company.id}`, token: jwt })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/labs/${two.lab.id}`, token: jwt })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/companies/${a.company.id}`, token: jwt })).statusCode).toBe(404);
  });

  it('updates only the own company through PUT /companies/{id}', async () => {
    const a = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: a.mill.id });
    const jwt = await signIn(t, a.admin.email);
    const { payload, headers } = dataForm({
      name: 'Mine',
      email: 'a@b.test',
      country: 'CH',
      street: 'S',
      city: 'C',
      zipCode: '8000',
      phone: '41',
    });
    expect((await t.request({ method: 'PUT', url: `/api/companies/${a.company.id}`, token: jwt, payload, headers })).json().name).toBe(
      'Mine',
    );
    expect((await t.request({ method: 'PUT', url: `/api/companies/${lab.company.id}`, token: jwt, payload, headers })).statusCode).toBe(
      404,
    );
  });

  it('keeps the shipping address of the own lab, with required fields when it differs', async () => {
    const lab = await createLab(t.db);
    const other = await createLab(t.db);
    const jwt = await signIn(t, lab.user.email);
    const missing = await t.request({
      method: 'PUT',
      url: `/api/labs/${lab.lab.id}`,
      token: jwt,
      payload: { shippingAtSameAddress: false, shippingAddress: { street: '', city: 'Bonn', zipCode: '', phone: '' } },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['shippingAddress']);
    const ok = await t.request({
      method: 'PUT',
      url: `/api/labs/${lab.lab.id}`,
      token: jwt,
      payload: { shippingAtSameAddress: false, shippingAddress: { street: 'Weg 1', city: 'Bonn', zipCode: '53111', phone: '49228' } },
    });
    expect(ok.json()).toMatchObject({ shippingAtSameAddress: false, shippingAddress: { city: 'Bonn' } });
    expect(
      (await t.request({ method: 'PUT', url: `/api/labs/${other.lab.id}`, token: jwt, payload: { shippingAtSameAddress: true } }))
        .statusCode,
    ).toBe(404);
  });

  it("lets a mill read its client's shipping address but not change it", async () => {
    const a = await createMill(t.db);
    const client = await createLab(t.db, { clientOf: a.mill.id });
    const jwt = await signIn(t, a.admin.email);
    expect((await t.request({ method: 'GET', url: `/api/labs/${client.lab.id}`, token: jwt })).statusCode).toBe(200);
    const change = await t.request({
      method: 'PUT',
      url: `/api/labs/${client.lab.id}`,
      token: jwt,
      payload: { shippingAtSameAddress: true },
    });
    expect(change.statusCode).toBe(404);
  });

  it("answers another tenant's lab exactly like a missing one", async () => {
    const lab = await createLab(t.db);
    const stranger = await createLab(t.db);
    const jwt = await signIn(t, lab.user.email);
    const theirs = await t.request({ method: 'GET', url: `/api/labs/${stranger.lab.id}`, token: jwt });
    const missing = await t.request({ method: 'GET', url: '/api/labs/2000000000', token: jwt });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
  });
});
