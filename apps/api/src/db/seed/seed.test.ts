import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo data', () => {
  it('gives Demo Mill clients in every state, users, keys and a landing page, and is idempotent', async () => {
    const first = await seedDemo(t.db);
    const second = await seedDemo(t.db);
    expect(first.activationKeys).toHaveLength(3);
    expect(second.activationKeys).toEqual(first.activationKeys);
    const login = (await t.request({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'admin@demo-mill.test', password: DEMO_PASSWORD } })).json();
    const millId = login.mills[0].id;
    const clients = (await t.request({ method: 'GET', url: `/api/mills/${millId}/clients`, token: login.jwt })).json();
    const states = clients.data.map((c: { confirmed: boolean; blockedByMill: boolean; blockedBySystem: boolean }) =>
      !c.confirmed ? 'pending' : c.blockedBySystem ? 'system' : c.blockedByMill ? 'mill' : 'confirmed',
    );
    expect(new Set(states)).toEqual(new Set(['pending', 'system', 'mill', 'confirmed']));
    expect((await t.request({ method: 'GET', url: `/api/mills/${millId}/users`, token: login.jwt })).json().count).toBeGreaterThanOrEqual(3);
    expect((await t.request({ method: 'GET', url: `/api/mills/${millId}/toolpass-data-collection-consents`, token: login.jwt })).json().count).toBe(2);
    expect((await t.request({ method: 'GET', url: `/api/mills/${millId}` })).json().landingPageHeader).toBe('Demo Mill');
  });
});
