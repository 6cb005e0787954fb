import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMillUser, createLab, signIn, signedInMill } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { randomLicenceKey } from '../../db/seed/seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const add = (jwt: string | undefined, millId: number, licenseKey: string, enableDataCollection = true) =>
  t.request({
    method: 'POST',
    url: '/api/toolpass-data-collection-consents',
    token: jwt,
    payload: { millId, licenseKey, enableDataCollection },
  });

describe('licence keys', () => {
  it('adds keys (normalised to upper case), lists them sorted by key, toggles and deletes', async () => {
    const { mill, jwt } = await signedInMill(t);
    const keys = [randomLicenceKey(), randomLicenceKey(), randomLicenceKey()];
    const created = await add(jwt, mill.id, keys[0]!.toLowerCase());
    expect(created.json()).toMatchObject({ licenseKey: keys[0], enableDataCollection: true });
    await add(jwt, mill.id, keys[1]!, false);
    await add(jwt, mill.id, keys[2]!, false);
    const list = (await t.request({ method: 'GET', url: `/api/mills/${mill.id}/toolpass-data-collection-consents`, token: jwt })).json();
    expect(list.data.map((k: { licenseKey: string }) => k.licenseKey)).toEqual([...keys].sort());
    const toggled = await t.request({
      method: 'PUT',
      url: `/api/toolpass-data-collection-consents/${created.json().id}`,
      token: jwt,
      payload: { enableDataCollection: false },
    });
    expect(toggled.json().enableDataCollection).toBe(false);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/toolpass-data-collection-consents/${created.json().id}`, token: jwt })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/mills/${mill.id}/toolpass-data-collection-consents`, token: jwt })).json().count,
    ).toBe(2);
  });

  it("answers 'Invalid Key Format' for a malformed key and requires the consent flag", async () => {
    const { mill, jwt } = await signedInMill(t);
    for (const bad of ['ABCDE-12345', 'abcde_12345_fghij_klmno_pqrst', 'ABCDE-12345-FGHIJ-KLMNO-PQRS!', '']) {
      const response = await add(jwt, mill.id, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.licenseKey).toEqual(['LICENCE_KEY_INVALID']);
    }
    const noFlag = await t.request({
      method: 'POST',
      url: '/api/toolpass-data-collection-consents',
      token: jwt,
      payload: { millId: mill.id, licenseKey: randomLicenceKey() },
    });
    expect(noFlag.json().errors.enableDataCollection).toBeDefined();
  });

  it('keeps a key to one mill', async () => {
    const a = await signedInMill(t);
    const b = await signedInMill(t);
    const key = randomLicenceKey();
    expect((await add(a.jwt, a.mill.id, key)).statusCode).toBe(200);
    const taken = await add(b.jwt, b.mill.id, key);
    expect(taken.json().errors).toEqual({ licenseKey: ['LICENCE_KEY_TAKEN'] });
  });

  it('is for the admins of the owning mill only', async () => {
    const a = await signedInMill(t);
    const b = await signedInMill(t);
    const own = (await add(a.jwt, a.mill.id, randomLicenceKey())).json();
    const plain = await addMillUser(t.db, a.mill.id, a.company.id, 'user');
    const plainJwt = await signIn(t, plain.email);
    const lab = await createLab(t.db, { clientOf: a.mill.id });
    const labJwt = await signIn(t, lab.user.email);
    const attempts = [
      { method: 'GET' as const, url: `/api/mills/${a.mill.id}/toolpass-data-collection-consents` },
      { method: 'PUT' as const, url: `/api/toolpass-data-collection-consents/${own.id}`, payload: { enableDataCollection: false } },
      { method: 'DELETE' as const, url: `/api/toolpass-data-collection-consents/${own.id}` },
    ];
    for (const attempt of attempts) {
      expect((await t.request({ ...attempt, token: plainJwt })).statusCode).toBe(403);
      expect((await t.request({ ...attempt, token: b.jwt })).statusCode).toBe(404);
      // The lab is the mill's client: it knows the mill exists, so it is refused, not "not found".
      expect((await t.request({ ...attempt, token: labJwt })).statusCode).toBe(403);
      expect((await t.request(attempt)).statusCode).toBe(401);
    }
    expect((await add(b.jwt, a.mill.id, randomLicenceKey())).statusCode).toBe(404);
    expect((await add(plainJwt, a.mill.id, randomLicenceKey())).statusCode).toBe(403);
    const still = (
      await t.request({ method: 'GET', url: `/api/mills/${a.mill.id}/toolpass-data-collection-consents`, token: a.jwt })
    ).json();
    expect(still.data).toEqual([expect.objectContaining({ id: own.id, enableDataCollection: true })]);
  });
});
