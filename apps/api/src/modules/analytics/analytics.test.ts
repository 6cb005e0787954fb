import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_DEFAULT_DAYS, CHART_MAX_DAYS, CHART_TOP_MILLS, LATEST_ORDER_IDS } from '@casebridge/shared/schemas/analytics';
import { componentFiles, components, projects } from '../../db/schema/orders.ts';
import { licenceKeys } from '../../db/schema/licence-keys.ts';
import { usageHours } from '../../db/schema/usage.ts';
import { users } from '../../db/schema/users.ts';
import { randomLicenceKey } from '../../db/seed/seed.ts';
import { addMillUser, createDealer, createLab, createManager, createMill, putOnCustomPlan, signIn } from '../../../test/factories.ts';
import { binaryStl, sendOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { activityRange, monthYear } from './analytics.service.ts';

/**
 * Issue 12, the manager's analytics: each view's numbers against data built here (counts, sizes,
 * periods, date-range edges, paging, sort order, the 'rest' buckets), refusals for everyone but
 * the manager, and 400s for bad ranges. Views over the whole platform are read through a filter
 * (mill ids) or a range of days no other test of this file writes into, so tests stay independent.
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

const DAY_MS = 86_400_000;

async function get(url: string, token: string | undefined = managerJwt) {
  return t.request({ method: 'GET', url, token });
}

async function ok(url: string) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A submitted order inserted as it is stored, at a chosen time, with components and document sizes (bytes per component). */
async function order(
  millId: number,
  labId: number,
  createdAt: string,
  files: number[][] = [],
  options: { submitted?: boolean; name?: string } = {},
) {
  const at = new Date(createdAt);
  const [project] = await t.db
    .insert(projects)
    .values({
      millId,
      labId,
      name: options.name ?? `Case ${randomBytes(2).toString('hex')}`,
      createdAt: at,
      submittedAt: options.submitted === false ? null : at,
    })
    .returning();
  for (const [index, sizes] of files.entries()) {
    const [component] = await t.db
      .insert(components)
      .values({ projectId: project!.id, name: `Crown ${index}` })
      .returning();
    for (const size of sizes) {
      await t.db.insert(componentFiles).values({
        componentId: component!.id,
        kind: 'document',
        name: 'crown.stl',
        storageKey: `test/${randomBytes(8).toString('hex')}`,
        size,
        sha256: 'x',
        fileType: 'stl',
      });
    }
  }
  return project!.id;
}

async function millWithLab() {
  const mill = await createMill(t.db);
  const lab = await createLab(t.db, { clientOf: mill.mill.id });
  return { ...mill, lab };
}

describe('mills overview', () => {
  it('lists the chosen mills with plan limits, clients, orders created and the latest ids, paged by mill id', async () => {
    const custom = await millWithLab();
    await createLab(t.db, { clientOf: custom.mill.id, confirmed: false });
    await putOnCustomPlan(t.db, custom.mill.id, { maxOrders: 77, allowedClients: 9 });
    const ids = [];
    for (let day = 1; day <= 7; day++) ids.push(await order(custom.mill.id, custom.lab.lab.id, `2024-03-0${day}T10:00:00Z`));
    await order(custom.mill.id, custom.lab.lab.id, '2024-03-09T10:00:00Z', [], { submitted: false });
    const basic = await createMill(t.db);

    const body = await ok(`/api/analytics/mills?ids=${basic.mill.id},${custom.mill.id}`);
    expect(body.count).toBe(2);
    expect(body.data).toEqual([
      // Ascending mill id: `custom` was created first.
      {
        millId: custom.mill.id,
        name: custom.company.name,
        contractType: 'Custom',
        planKey: 'custom',
        clientsCount: 2,
        allowedClients: 9,
        ordersCreated: 7,
        maxOrdersCount: 77,
        projectIds: ids.slice(2).reverse(),
        moreOrdersCount: 2,
      },
      {
        millId: basic.mill.id,
        name: basic.company.name,
        contractType: 'Basic',
        planKey: 'basic',
        clientsCount: 0,
        allowedClients: 3,
        ordersCreated: 0,
        maxOrdersCount: 20,
        projectIds: [],
        moreOrdersCount: 0,
      },
    ]);
    const second = await ok(`/api/analytics/mills?ids=${basic.mill.id},${custom.mill.id}&_start=1&_limit=1`);
    expect(second).toMatchObject({ count: 2, data: [{ millId: basic.mill.id }] });
  });

  it('lists at most LATEST_ORDER_IDS ids, the latest by creation newest first whatever their ids, counts the rest, and follows new and deleted orders', async () => {
    const w = await millWithLab();
    const at = (day: number) => `2024-06-${String(day).padStart(2, '0')}T10:00:00Z`;
    // Inserted newest first, as the demo seed did: ids fall as the orders get older.
    const byAge = [];
    for (let day = 20; day >= 14; day--) byAge.push(await order(w.mill.id, w.lab.lab.id, at(day)));
    const row = async () => (await ok(`/api/analytics/mills?ids=${w.mill.id}`)).data[0];
    expect(LATEST_ORDER_IDS).toBe(5);
    expect(await row()).toMatchObject({ projectIds: byAge.slice(0, 5), moreOrdersCount: 2 });

    // The answer is kept per stamp: a new order moves it, so the list shows the order at once.
    const newest = await order(w.mill.id, w.lab.lab.id, at(21));
    expect(await row()).toMatchObject({ projectIds: [newest, ...byAge.slice(0, 4)], moreOrdersCount: 3 });
    await t.db.delete(projects).where(eq(projects.id, newest));
    await order(w.mill.id, w.lab.lab.id, at(22), [], { submitted: false });
    expect(await row()).toMatchObject({ projectIds: byAge.slice(0, 5), moreOrdersCount: 2 });
  });

  it('lists every mill as id and name for the selector', async () => {
    const { mill, company } = await createMill(t.db);
    const body = await ok('/api/analytics/mills/all');
    expect(body.data).toContainEqual({ id: mill.id, name: company.name });
    const ids = body.data.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('orders of a mill', () => {
  it('pages the submitted orders newest first with components, documents, bytes and the page totals', async () => {
    const w = await millWithLab();
    const oldest = await order(w.mill.id, w.lab.lab.id, '2024-05-01T00:00:00Z', [[1_000_000, 500_000], []]);
    const middle = await order(w.mill.id, w.lab.lab.id, '2024-05-02T23:59:59Z', [[2_000_000]]);
    const newest = await order(w.mill.id, w.lab.lab.id, '2024-05-03T00:00:00Z', []);
    await order(w.mill.id, w.lab.lab.id, '2024-05-02T12:00:00Z', [[9]], { submitted: false });
    // Files the mill returned are not what the lab sent: they do not count as documents.
    const [component] = await t.db.select().from(components).where(eq(components.projectId, middle));
    await t.db.insert(componentFiles).values({
      componentId: component!.id,
      kind: 'download',
      name: 'out.stl',
      storageKey: `test/${randomBytes(8).toString('hex')}`,
      size: 42,
      sha256: 'x',
      fileType: 'stl',
    });

    const all = await ok(`/api/analytics/mills/${w.mill.id}/orders`);
    expect(all.count).toBe(3);
    expect(all.data.map((row: { projectId: number }) => row.projectId)).toEqual([newest, middle, oldest]);
    expect(all.data[2]).toMatchObject({
      projectId: oldest,
      componentsCount: 2,
      documentsCount: 2,
      documentsSize: 1_500_000,
      createdAt: '2024-05-01T00:00:00.000Z',
    });
    expect(all.data[1]).toMatchObject({ componentsCount: 1, documentsCount: 1, documentsSize: 2_000_000 });
    expect(all.data[0]).toMatchObject({ componentsCount: 0, documentsCount: 0, documentsSize: 0 });
    expect(all.totals).toEqual({ componentsCount: 3, documentsCount: 3, documentsSize: 3_500_000 });

    const page = await ok(`/api/analytics/mills/${w.mill.id}/orders?_start=1&_limit=1`);
    expect(page).toMatchObject({
      count: 3,
      data: [{ projectId: middle }],
      totals: { componentsCount: 1, documentsCount: 1, documentsSize: 2_000_000 },
    });
  });

  it('filters by whole days, both included, and by order ids', async () => {
    const w = await millWithLab();
    await order(w.mill.id, w.lab.lab.id, '2024-06-09T23:59:59Z');
    const first = await order(w.mill.id, w.lab.lab.id, '2024-06-10T00:00:00Z');
    const last = await order(w.mill.id, w.lab.lab.id, '2024-06-11T23:59:59Z');
    await order(w.mill.id, w.lab.lab.id, '2024-06-12T00:00:00Z');
    const ranged = await ok(`/api/analytics/mills/${w.mill.id}/orders?fromDate=2024-06-10&toDate=2024-06-11`);
    expect(ranged.count).toBe(2);
    expect(ranged.data.map((row: { projectId: number }) => row.projectId)).toEqual([last, first]);
    expect((await ok(`/api/analytics/mills/${w.mill.id}/orders?fromDate=2024-06-12`)).count).toBe(1);
    expect((await ok(`/api/analytics/mills/${w.mill.id}/orders?toDate=2024-06-09`)).count).toBe(1);
    const byId = await ok(`/api/analytics/mills/${w.mill.id}/orders?ids=${first},${last}&fromDate=2024-06-11`);
    expect(byId.data.map((row: { projectId: number }) => row.projectId)).toEqual([last]);
  });

  it('agrees with an order sent through the API: the uploaded bytes', async () => {
    const w = await millWithLab();
    const labJwt = await signIn(t, w.lab.user.email);
    const stl = binaryStl(20);
    const sent = await sendOrder(t, labJwt, w.mill.id, {
      files: [
        { name: 'a.stl', content: stl },
        { name: 'b.stl', content: stl },
      ],
    });
    const body = await ok(`/api/analytics/mills/${w.mill.id}/orders`);
    expect(body.data).toEqual([
      expect.objectContaining({ projectId: sent.id, componentsCount: 1, documentsCount: 2, documentsSize: 2 * stl.length }),
    ]);
  });

  it('answers 404 for a mill that does not exist, and 400 for a reversed range', async () => {
    expect((await get('/api/analytics/mills/2000000000/orders')).statusCode).toBe(404);
    const { mill } = await createMill(t.db);
    const reversed = await get(`/api/analytics/mills/${mill.id}/orders?fromDate=2024-06-02&toDate=2024-06-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The end date must not be before the start date' });
  });
});

describe('users view', () => {
  it('shows mill staff and lab users with role, orders, period, mills and labs, newest first', async () => {
    const w = await millWithLab();
    const plain = await addMillUser(t.db, w.mill.id, w.company.id, 'user');
    const idle = await createLab(t.db);
    const earlier = await order(w.mill.id, w.lab.lab.id, '2024-01-15T10:00:00Z');
    const latest = await order(w.mill.id, w.lab.lab.id, '2024-02-20T10:00:00Z');
    // A far-future creation puts these four at the head of the newest-first list.
    const order_ = [w.admin.id, plain.id, w.lab.user.id, idle.user.id];
    for (const [index, id] of order_.entries())
      await t.db
        .update(users)
        .set({ createdAt: new Date(Date.UTC(2090, 0, 10 - index)) })
        .where(eq(users.id, id));

    const body = await ok('/api/analytics/users?_limit=4');
    expect(body.count).toBeGreaterThanOrEqual(4);
    expect(body.data.map((row: { id: number }) => row.id)).toEqual(order_);
    const [admin, staff, labUser, idleUser] = body.data;
    expect(admin).toEqual({
      id: w.admin.id,
      email: w.admin.email,
      role: 'admin',
      projectsCount: 2,
      company: w.company.name,
      createdAt: '2090-01-10T00:00:00.000Z',
      projectIds: [latest, earlier],
      period: '02.2024',
      mills: [{ id: w.mill.id, name: w.company.name }],
      labs: [],
    });
    expect(staff).toMatchObject({ role: 'user', projectsCount: 2, period: '02.2024' });
    expect(labUser).toMatchObject({
      role: 'lab',
      projectsCount: 2,
      period: '02.2024',
      company: w.lab.company.name,
      mills: [{ id: w.mill.id, name: w.company.name }],
      labs: [w.lab.company.name],
    });
    // No orders: the view shows '-' for the period and 'None' for the mills.
    expect(idleUser).toMatchObject({ role: 'lab', projectsCount: 0, projectIds: [], period: null, mills: [], labs: [idle.company.name] });

    const second = await ok('/api/analytics/users?_start=1&_limit=2');
    expect(second.data.map((row: { id: number }) => row.id)).toEqual(order_.slice(1, 3));
  });

  it('writes the period as month.year in UTC', () => {
    expect(monthYear(new Date('2025-12-31T23:59:59Z'))).toBe('12.2025');
    expect(monthYear(new Date('2026-01-01T00:00:00Z'))).toBe('01.2026');
  });
});

describe('activity', () => {
  it('lists mills with orders in the range, busiest first, with both days included', async () => {
    const quiet = await millWithLab();
    const busy = await millWithLab();
    const q1 = await order(quiet.mill.id, quiet.lab.lab.id, '2023-02-01T00:00:00Z');
    const b1 = await order(busy.mill.id, busy.lab.lab.id, '2023-02-01T08:00:00Z');
    const b2 = await order(busy.mill.id, busy.lab.lab.id, '2023-02-03T23:59:59Z');
    await order(busy.mill.id, busy.lab.lab.id, '2023-02-04T00:00:00Z');
    await order(busy.mill.id, busy.lab.lab.id, '2023-01-31T23:59:59Z');
    await order(busy.mill.id, busy.lab.lab.id, '2023-02-02T00:00:00Z', [], { submitted: false });

    const body = await ok('/api/analytics/activity?start=2023-02-01&end=2023-02-03');
    expect(body).toMatchObject({ start: '2023-02-01', end: '2023-02-03' });
    expect(body.data).toEqual([
      {
        millId: busy.mill.id,
        name: busy.company.name,
        millEmail: busy.admin.email,
        ordersCount: 2,
        projectIds: [b2, b1],
        createdAt: new Date(busy.mill.createdAt).toISOString(),
      },
      {
        millId: quiet.mill.id,
        name: quiet.company.name,
        millEmail: quiet.admin.email,
        ordersCount: 1,
        projectIds: [q1],
        createdAt: new Date(quiet.mill.createdAt).toISOString(),
      },
    ]);
    expect((await ok('/api/analytics/activity?start=2023-02-05&end=2023-02-06')).data).toEqual([]);
  });

  it('defaults to the last 7 days to today', async () => {
    const w = await millWithLab();
    const recent = await order(w.mill.id, w.lab.lab.id, new Date().toISOString());
    await order(w.mill.id, w.lab.lab.id, new Date(Date.now() - (ACTIVITY_DEFAULT_DAYS + 1) * DAY_MS).toISOString());
    const today = new Date().toISOString().slice(0, 10);
    const body = await ok('/api/analytics/activity');
    expect(body.end).toBe(today);
    expect(body.start).toBe(new Date(Date.parse(today) - ACTIVITY_DEFAULT_DAYS * DAY_MS).toISOString().slice(0, 10));
    expect(body.data.find((row: { millId: number }) => row.millId === w.mill.id)).toMatchObject({ ordersCount: 1, projectIds: [recent] });
  });

  it('computes the range: defaults, the cap, reversed ends', () => {
    const now = new Date('2026-03-10T15:00:00Z');
    expect(activityRange({}, now)).toEqual({ start: '2026-03-03', end: '2026-03-10' });
    expect(activityRange({ end: '2026-01-05' }, now)).toEqual({ start: '2025-12-29', end: '2026-01-05' });
    expect(activityRange({ start: '2025-03-11', end: '2026-03-11' }, now)).toEqual({ start: '2025-03-11', end: '2026-03-11' });
    expect(() => activityRange({ start: '2025-03-10', end: '2026-03-11' }, now)).toThrow('at most 366 days');
    expect(() => activityRange({ start: '2026-03-11' }, now)).toThrow('must not be before');
  });
});

describe('charts', () => {
  it('counts orders per day for the ten busiest mills and sums the others into the rest', async () => {
    // Twelve mills in a range of their own: mill i receives i orders, spread over 2022-04-01 and 04-03.
    const made = [];
    for (let i = 1; i <= 12; i++) {
      const w = await millWithLab();
      for (let k = 0; k < i; k++) await order(w.mill.id, w.lab.lab.id, k % 2 === 0 ? '2022-04-01T12:00:00Z' : '2022-04-03T23:59:59Z');
      made.push(w);
    }
    await order(made[0]!.mill.id, made[0]!.lab.lab.id, '2022-04-04T00:00:00Z');
    const body = await ok('/api/analytics/charts/orders-per-day?from=2022-04-01&to=2022-04-03');
    expect(body.days).toEqual(['2022-04-01', '2022-04-02', '2022-04-03']);
    expect(body.mills).toHaveLength(CHART_TOP_MILLS);
    expect(body.mills.map((row: { millId: number }) => row.millId)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((w) => w.mill.id),
    );
    expect(body.mills[0]).toEqual({ millId: made[11]!.mill.id, name: made[11]!.company.name, total: 12, perDay: [6, 0, 6] });
    expect(body.mills[9]).toMatchObject({ total: 3, perDay: [2, 0, 1] });
    // The rest: the mills with 1 and 2 orders.
    expect(body.rest).toEqual({ mills: 2, total: 3, perDay: [2, 0, 1] });

    const empty = await ok('/api/analytics/charts/orders-per-day?from=2022-05-01&to=2022-05-02');
    expect(empty).toEqual({
      from: '2022-05-01',
      to: '2022-05-02',
      days: ['2022-05-01', '2022-05-02'],
      mills: [],
      rest: { mills: 0, total: 0, perDay: [0, 0] },
    });
  });

  it('shows the bytes of the largest mills and the rest, which adds up to the total', async () => {
    const big = await millWithLab();
    const bigger = await millWithLab();
    // Sizes far beyond anything else in this database put these two on top.
    await order(big.mill.id, big.lab.lab.id, '2021-01-01T00:00:00Z', [[3e12, 1e12]]);
    await order(bigger.mill.id, bigger.lab.lab.id, '2021-01-01T00:00:00Z', [[5e12], [1]]);
    const body = await ok('/api/analytics/charts/storage?top=2');
    expect(body.mills).toEqual([
      { millId: bigger.mill.id, name: bigger.company.name, bytes: 5e12 + 1 },
      { millId: big.mill.id, name: big.company.name, bytes: 4e12 },
    ]);
    const mills = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from mills`);
    expect(body.rest.mills).toBe(mills.rows[0]!.n - 2);
    expect(body.totalBytes).toBe(9e12 + 1 + body.rest.bytes);
    const defaultTop = await ok('/api/analytics/charts/storage');
    expect(defaultTop.mills.length).toBe(Math.min(CHART_TOP_MILLS, mills.rows[0]!.n));
    expect(defaultTop.totalBytes).toBe(body.totalBytes);
  });

  it('puts one mill’s orders per day beside its keys’ concurrent use', async () => {
    const w = await millWithLab();
    const other = await millWithLab();
    const [keyA, keyB] = await t.db
      .insert(licenceKeys)
      .values([
        { millId: w.mill.id, key: randomLicenceKey(), enableDataCollection: true },
        { millId: w.mill.id, key: randomLicenceKey(), enableDataCollection: true },
        { millId: w.mill.id, key: randomLicenceKey(), enableDataCollection: false },
      ])
      .returning();
    const [otherKey] = await t.db
      .insert(licenceKeys)
      .values({ millId: other.mill.id, key: randomLicenceKey(), enableDataCollection: true })
      .returning();
    const hour = (at: string, licenceKeyId: number, maxConcurrent: number) => ({
      licenceKeyId,
      hour: new Date(at),
      maxConcurrent,
      pings: 1,
    });
    await t.db.insert(usageHours).values([
      // 2022-07-01: at 10:00 both keys peak together (2 + 2), at 14:00 one key alone (3): the day's figure is 4.
      hour('2022-07-01T10:00:00Z', keyA!.id, 2),
      hour('2022-07-01T10:00:00Z', keyB!.id, 2),
      hour('2022-07-01T14:00:00Z', keyA!.id, 3),
      hour('2022-07-03T23:00:00Z', keyB!.id, 1),
      hour('2022-07-04T00:00:00Z', keyB!.id, 7),
      hour('2022-07-02T10:00:00Z', otherKey!.id, 9),
    ]);
    await order(w.mill.id, w.lab.lab.id, '2022-07-02T00:00:00Z');
    await order(w.mill.id, w.lab.lab.id, '2022-07-02T23:59:59Z');
    await order(w.mill.id, w.lab.lab.id, '2022-07-03T05:00:00Z');
    await order(other.mill.id, other.lab.lab.id, '2022-07-01T05:00:00Z');

    const body = await ok(`/api/analytics/mills/${w.mill.id}/daily?from=2022-07-01&to=2022-07-03`);
    expect(body).toEqual({
      millId: w.mill.id,
      name: w.company.name,
      from: '2022-07-01',
      to: '2022-07-03',
      licenceKeys: 3,
      keysReporting: 2,
      days: [
        { day: '2022-07-01', orders: 0, maxConcurrentUsers: 4 },
        { day: '2022-07-02', orders: 2, maxConcurrentUsers: 0 },
        { day: '2022-07-03', orders: 1, maxConcurrentUsers: 1 },
      ],
    });
    expect((await get('/api/analytics/mills/2000000000/daily')).statusCode).toBe(404);
  });
});

describe('who reads the analytics', () => {
  const routes = (millId: number) => [
    '/api/analytics/mills',
    '/api/analytics/mills/all',
    `/api/analytics/mills/${millId}/orders`,
    `/api/analytics/mills/${millId}/daily`,
    '/api/analytics/users',
    '/api/analytics/activity',
    '/api/analytics/charts/orders-per-day',
    '/api/analytics/charts/storage',
  ];

  it('is the manager alone: mill admins, mill users, labs and dealers get 403, anonymous callers 401', async () => {
    const w = await millWithLab();
    const plain = await addMillUser(t.db, w.mill.id, w.company.id, 'user');
    const dealer = await createDealer(t.db);
    const tokens = await Promise.all([w.admin.email, plain.email, w.lab.user.email, dealer.user.email].map((email) => signIn(t, email)));
    for (const url of routes(w.mill.id)) {
      expect((await get(url)).statusCode, url).toBe(200);
      for (const token of tokens) expect((await get(url, token)).statusCode, url).toBe(403);
      expect((await get(url, '')).statusCode, url).toBe(401);
    }
  });
});

describe('bad input', () => {
  it('answers 400 VALIDATION_FAILED with a message, never a 500', async () => {
    const { mill } = await createMill(t.db);
    const bad = [
      '/api/analytics/mills?_limit=101',
      '/api/analytics/mills?_limit=0',
      '/api/analytics/mills?_start=-1',
      '/api/analytics/mills?_start=abc',
      '/api/analytics/mills?_start=99999999999999999999',
      '/api/analytics/mills?ids=1,x',
      '/api/analytics/mills?ids=0',
      '/api/analytics/mills?ids=99999999999',
      '/api/analytics/mills?ids=1%002',
      '/api/analytics/mills?ids=1&ids=2',
      `/api/analytics/mills/${mill.id}/orders?fromDate=2024-02-30`,
      `/api/analytics/mills/${mill.id}/orders?toDate=yesterday`,
      `/api/analytics/mills/${mill.id}/orders?_limit=1000`,
      '/api/analytics/mills/99999999999/orders',
      '/api/analytics/mills/abc/orders',
      '/api/analytics/users?_limit=101',
      '/api/analytics/activity?start=2024-13-01',
      '/api/analytics/activity?start=2024-03-02&end=2024-03-01',
      '/api/analytics/activity?start=2023-01-01&end=2024-06-01',
      '/api/analytics/activity?end=2024-01-01%00',
      '/api/analytics/charts/orders-per-day?from=2024-03-02&to=2024-03-01',
      `/api/analytics/charts/orders-per-day?from=2020-01-01&to=${new Date(Date.UTC(2020, 0, 1) + CHART_MAX_DAYS * DAY_MS).toISOString().slice(0, 10)}`,
      `/api/analytics/mills/${mill.id}/daily?from=2019-01-01&to=2024-01-01`,
      `/api/analytics/mills/${mill.id}/daily?from=2024-02-30`,
      '/api/analytics/charts/storage?top=0',
      '/api/analytics/charts/storage?top=51',
    ];
    for (const url of bad) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    // The longest range allowed is CHART_MAX_DAYS days, both ends included.
    const longest = new Date(Date.UTC(2020, 0, 1) + (CHART_MAX_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    expect((await get(`/api/analytics/charts/orders-per-day?from=2020-01-01&to=${longest}`)).statusCode).toBe(200);
  });
});
