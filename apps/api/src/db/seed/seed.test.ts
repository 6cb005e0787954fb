import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../platform/storage/storage.ts';
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
    const storage = new LocalStorage(path.join(t.config.dataDir, 'files'));
    const first = await seedDemo(t.db, storage, t.app.deps.encryptionKey);
    const second = await seedDemo(t.db, storage, t.app.deps.encryptionKey);
    expect(first.activationKeys).toHaveLength(3);
    expect(second.activationKeys).toEqual(first.activationKeys);
    const login = (
      await t.request({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'admin@demo-mill.test', password: DEMO_PASSWORD } })
    ).json();
    const millId = login.mills[0].id;
    const clients = (await t.request({ method: 'GET', url: `/api/mills/${millId}/clients`, token: login.jwt })).json();
    const states = clients.data.map((c: { confirmed: boolean; blockedByMill: boolean; blockedBySystem: boolean }) =>
      !c.confirmed ? 'pending' : c.blockedBySystem ? 'system' : c.blockedByMill ? 'mill' : 'confirmed',
    );
    expect(new Set(states)).toEqual(new Set(['pending', 'system', 'mill', 'confirmed']));
    expect((await t.request({ method: 'GET', url: `/api/mills/${millId}/users`, token: login.jwt })).json().count).toBeGreaterThanOrEqual(
      3,
    );
    expect(
      (await t.request({ method: 'GET', url: `/api/mills/${millId}/toolpass-data-collection-consents`, token: login.jwt })).json().count,
    ).toBe(3);
    expect((await t.request({ method: 'GET', url: `/api/mills/${millId}` })).json().landingPageHeader).toBe('Demo Mill');

    // A living workspace: orders in every status, real STL meshes the API serves back, messages.
    expect(login.ordersCount).toBeGreaterThanOrEqual(5);
    const orders = (await t.request({ method: 'GET', url: `/api/mills/${millId}/projects?_limit=100`, token: login.jwt })).json();
    const statuses = new Set(orders.data.flatMap((o: { components: { status: string }[] }) => o.components.map((c) => c.status)));
    expect(statuses).toEqual(new Set(['Open', 'Downloaded', 'Closed']));
    expect(orders.data.some((o: { messages: number }) => o.messages > 0)).toBe(true);
    const order = orders.data[0];
    const detail = (
      await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${order.components[0].id}`, token: login.jwt })
    ).json();
    const link = (await t.request({ method: 'GET', url: `/api/files/${detail.documents[0].id}/download`, token: login.jwt })).json().url;
    const mesh = (await t.request({ method: 'GET', url: link })).rawPayload;
    expect(mesh.readUInt32LE(80) * 50 + 84).toBe(mesh.length);
  });

  it('shows the pending client by what Demo Mill typed when inviting it, never blank', async () => {
    await seedDemo(t.db, new LocalStorage(path.join(t.config.dataDir, 'files')), t.app.deps.encryptionKey);
    const login = (
      await t.request({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'admin@demo-mill.test', password: DEMO_PASSWORD } })
    ).json();
    const clients = (
      await t.request({ method: 'GET', url: `/api/mills/${login.mills[0].id}/clients?_limit=100`, token: login.jwt })
    ).json();
    const pending = clients.data.filter((c: { confirmed: boolean }) => !c.confirmed);
    expect(pending).toEqual([
      expect.objectContaining({ firstName: 'Paula', lastName: 'Pending', email: 'pending@smile-lab.test', company: null }),
    ]);
    for (const client of clients.data) expect(`${client.firstName}${client.lastName}${client.email}`.trim()).not.toBe('');
  });

  it('puts Demo Mill on essential with two invoices, and another mill on each other plan', async () => {
    await seedDemo(t.db, new LocalStorage(path.join(t.config.dataDir, 'files')), t.app.deps.encryptionKey);
    const planOf = async (email: string) => {
      const login = (
        await t.request({ method: 'POST', url: '/api/auth/local', payload: { identifier: email, password: DEMO_PASSWORD } })
      ).json();
      const millId = login.mills[0].id as number;
      const subscription = (await t.request({ method: 'GET', url: `/api/mills/${millId}/subscription`, token: login.jwt })).json();
      const invoices = (await t.request({ method: 'GET', url: `/api/payments/invoices?millId=${millId}`, token: login.jwt })).json();
      const upcoming = (
        await t.request({ method: 'GET', url: `/api/payments/upcoming/invoices?millId=${millId}`, token: login.jwt })
      ).json();
      return { plan: subscription.contractType.id, invoices: invoices.count, upcoming: upcoming.upcomingInvoice !== null };
    };
    expect(await planOf('admin@demo-mill.test')).toEqual({ plan: 'essential', invoices: 2, upcoming: true });
    expect(await planOf('admin@alpine-mill.test')).toEqual({ plan: 'basic', invoices: 0, upcoming: false });
    expect(await planOf('admin@nordic-mill.test')).toEqual({ plan: 'enterprise', invoices: 1, upcoming: true });
    expect(await planOf('admin@atlas-mill.test')).toEqual({ plan: 'custom', invoices: 1, upcoming: true });
  });

  it('gives the manager four weeks of concurrent use and two reported machines to look at', async () => {
    const login = (
      await t.request({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: 'manager@casebridge.test', password: DEMO_PASSWORD },
      })
    ).json();
    const view = (await t.request({ method: 'GET', url: '/api/usage/licence-keys', token: login.jwt })).json();
    expect(view.data.map((key: { licenseKey: string; machines: unknown[] }) => [key.licenseKey, key.machines.length])).toEqual([
      ['DEMO1-MILL1-KEY01-AAAAA-00001', 2],
    ]);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 27 * 86_400_000).toISOString().slice(0, 10);
    const history = (await t.request({ method: 'GET', url: `/api/usage/history?from=${from}&to=${to}`, token: login.jwt })).json();
    // Working hours of about twenty working days, nothing at night.
    expect(history.data.length).toBeGreaterThan(150);
    expect(
      history.data.every((hour: { hour: string }) => new Date(hour.hour).getUTCHours() >= 7 && new Date(hour.hour).getUTCHours() <= 17),
    ).toBe(true);
  });

  it("numbers Demo Mill's orders in the order they came in, so the latest ids read newest first and descending", async () => {
    await seedDemo(t.db, new LocalStorage(path.join(t.config.dataDir, 'files')), t.app.deps.encryptionKey);
    const millId = (
      await t.request({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'admin@demo-mill.test', password: DEMO_PASSWORD } })
    ).json().mills[0].id;
    const manager = (
      await t.request({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: 'manager@casebridge.test', password: DEMO_PASSWORD },
      })
    ).json();
    const [row] = (await t.request({ method: 'GET', url: `/api/analytics/mills?ids=${millId}`, token: manager.jwt })).json().data;
    expect(row.projectIds).toHaveLength(5);
    expect(row.projectIds).toEqual([...row.projectIds].sort((a: number, b: number) => b - a));
  });
});
