import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENCY_WINDOW_MINUTES, type UsagePing } from '@casebridge/shared/schemas/usage';
import { createDealer, createLab, createManager, createMill, signIn, signedInMill } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { recordPings, usagePage } from './usage.repository.ts';
import { purgeUsageHistory, USAGE_HOURS_KEPT_DAYS } from './usage.service.ts';

/**
 * Issue 12, concurrent use of the desktop software: pings are stored only with the mill's consent,
 * an unknown key answers like a key without consent, concurrency counts running machines inside
 * the window, and only the manager reads the view.
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

const randomKey = () => Array.from({ length: 5 }, () => randomBytes(3).toString('hex').slice(0, 5).toUpperCase()).join('-');

/** A mill registers a key through its settings, with or without consent to data collection. */
async function registeredKey(consent: boolean) {
  const mill = await signedInMill(t);
  const key = randomKey();
  const response = await t.request({
    method: 'POST',
    url: '/api/toolpass-data-collection-consents',
    token: mill.jwt,
    payload: { millId: mill.mill.id, licenseKey: key, enableDataCollection: consent },
  });
  expect(response.statusCode).toBe(200);
  return { ...mill, key, keyId: response.json().id as number };
}

const ping = (licenceKey: string, boardSerial: string, running = true): UsagePing => ({
  licenceKey,
  boardSerial,
  macAddresses: ['00:1A:2B:3C:4D:5E'],
  pcName: `PC-${boardSerial}`,
  ipAddresses: ['10.0.0.7'],
  running,
});

/** One ping as a batch of its own, at a chosen instant. */
const recordPing = (db: TestApp['db'], body: UsagePing, at: Date, windowMinutes: number) =>
  recordPings(db, [{ ping: body, at }], windowMinutes);

const sendPing = (body: unknown) => t.request({ method: 'POST', url: '/api/usage/pings', payload: body as object });

async function storedAbout(keyId: number) {
  const machines = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from usage_machines where licence_key_id = ${keyId}`);
  const hours = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from usage_hours where licence_key_id = ${keyId}`);
  return { machines: machines.rows[0]!.n, hours: hours.rows[0]!.n };
}

async function storedInTotal() {
  const result = await t.db.execute<{ n: number }>(
    sql`select (select count(*) from usage_machines) + (select count(*) from usage_hours) as n`,
  );
  return Number(result.rows[0]!.n);
}

async function view(token = managerJwt) {
  const response = await t.request({ method: 'GET', url: '/api/usage/licence-keys?_limit=100', token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the ping', () => {
  it('is stored for a key with consent: the machine with its details, and the hour', async () => {
    const { keyId, key } = await registeredKey(true);
    const response = await sendPing(ping(key.toLowerCase(), 'BOARD-1'));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ received: true });
    expect(await storedAbout(keyId)).toEqual({ machines: 1, hours: 1 });
    const entry = (await view()).data.find((row: { licenceKeyId: number }) => row.licenceKeyId === keyId);
    expect(entry).toMatchObject({ licenseKey: key, concurrentlyUsed: 1, allowedUsers: 1, multipleLogins: false, overAllowance: false });
    expect(entry.machines).toEqual([
      expect.objectContaining({
        boardSerial: 'BOARD-1',
        pcName: 'PC-BOARD-1',
        macAddresses: ['00:1A:2B:3C:4D:5E'],
        ipAddresses: ['10.0.0.7'],
        running: true,
        active: true,
      }),
    ]);
  });

  it('stores nothing for a key without consent, and answers exactly like for an unknown key', async () => {
    const { keyId, key } = await registeredKey(false);
    const before = await storedInTotal();
    const withoutConsent = await sendPing(ping(key, 'BOARD-2'));
    const unknown = await sendPing(ping(randomKey(), 'BOARD-3'));
    expect(await storedAbout(keyId)).toEqual({ machines: 0, hours: 0 });
    expect(await storedInTotal()).toBe(before);
    expect([withoutConsent.statusCode, withoutConsent.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(withoutConsent.statusCode).toBe(202);
  });

  it('forgets the machines of a key when the mill withdraws its consent', async () => {
    const { keyId, key, jwt } = await registeredKey(true);
    await sendPing(ping(key, 'BOARD-4'));
    const withdraw = await t.request({
      method: 'PUT',
      url: `/api/toolpass-data-collection-consents/${keyId}`,
      token: jwt,
      payload: { enableDataCollection: false },
    });
    expect(withdraw.statusCode).toBe(200);
    expect((await storedAbout(keyId)).machines).toBe(0);
    await sendPing(ping(key, 'BOARD-4'));
    expect((await storedAbout(keyId)).machines).toBe(0);
  });

  it('refuses a malformed ping with 400 and a message, storing nothing', async () => {
    const before = await storedInTotal();
    for (const body of [
      {},
      { ...ping('NOT-A-KEY', 'B') },
      { ...ping(randomKey(), 'B\u0000') },
      { ...ping(randomKey(), 'B'), running: 'yes' },
      { ...ping(randomKey(), 'B'), macAddresses: Array(17).fill('m') },
    ]) {
      const response = await sendPing(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect(await storedInTotal()).toBe(before);
  });
});

describe('concurrency', () => {
  const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);

  it('counts running machines whose last ping is inside the window, and keeps the hour’s peak', async () => {
    const { keyId, key } = await registeredKey(true);
    const base = new Date('2026-11-02T10:00:00Z');
    const window = CONCURRENCY_WINDOW_MINUTES;
    await recordPing(t.db, ping(key, 'A'), at(base, 0), window);
    await recordPing(t.db, ping(key, 'B'), at(base, 1), window);
    await recordPing(t.db, ping(key, 'C', false), at(base, 1), window);
    // At base+2 both A and B are inside the window; C says it is not running.
    const during = await usagePage(t.db, at(base, 2), window, 0, 100);
    expect(during.rows.find((row) => row.licence_key_id === keyId)?.concurrent).toBe(2);
    // Exactly at the window's edge A (pinged at base) no longer counts; B (base+1) still does.
    const edge = await usagePage(t.db, at(base, window), window, 0, 100);
    expect(edge.rows.find((row) => row.licence_key_id === keyId)?.concurrent).toBe(1);
    const peak = await t.db.execute<{ max_concurrent: number; pings: number }>(
      sql`select max_concurrent, pings from usage_hours where licence_key_id = ${keyId}`,
    );
    expect(peak.rows).toEqual([{ max_concurrent: 2, pings: 3 }]);
  });

  it('does not count a machine that stopped, nor one silent for longer than the window', async () => {
    const { keyId, key } = await registeredKey(true);
    const base = new Date('2026-11-02T12:00:00Z');
    await recordPing(t.db, ping(key, 'A'), base, CONCURRENCY_WINDOW_MINUTES);
    await recordPing(t.db, ping(key, 'B'), base, CONCURRENCY_WINDOW_MINUTES);
    await recordPing(t.db, ping(key, 'B', false), at(base, 1), CONCURRENCY_WINDOW_MINUTES);
    const later = await usagePage(t.db, at(base, CONCURRENCY_WINDOW_MINUTES + 1), CONCURRENCY_WINDOW_MINUTES, 0, 100);
    expect(later.rows.find((row) => row.licence_key_id === keyId)?.concurrent).toBe(0);
  });

  it('flags multiple logins and use beyond the allowance set by the manager', async () => {
    const { keyId, key } = await registeredKey(true);
    await sendPing(ping(key, 'X'));
    await sendPing(ping(key, 'Y'));
    let entry = (await view()).data.find((row: { licenceKeyId: number }) => row.licenceKeyId === keyId);
    expect(entry).toMatchObject({ concurrentlyUsed: 2, multipleLogins: true, overAllowance: true });
    const change = await t.request({
      method: 'PUT',
      url: `/api/usage/licence-keys/${keyId}/allowed-users`,
      token: managerJwt,
      payload: { allowedUsers: 2 },
    });
    expect(change.statusCode).toBe(200);
    entry = (await view()).data.find((row: { licenceKeyId: number }) => row.licenceKeyId === keyId);
    expect(entry).toMatchObject({ allowedUsers: 2, multipleLogins: true, overAllowance: false });
    const overview = (await view()).overview;
    expect(overview.runningMachines).toBeGreaterThanOrEqual(2);
    expect(overview.concurrentlyUsedKeys).toBeGreaterThanOrEqual(1);
  });

  it('sums the keys’ hourly peaks into the platform’s history, and one key’s alone', async () => {
    const first = await registeredKey(true);
    const second = await registeredKey(true);
    const hour = new Date('2025-06-01T08:10:00Z');
    await recordPing(t.db, ping(first.key, 'A'), hour, CONCURRENCY_WINDOW_MINUTES);
    await recordPing(t.db, ping(first.key, 'B'), hour, CONCURRENCY_WINDOW_MINUTES);
    await recordPing(t.db, ping(second.key, 'C'), hour, CONCURRENCY_WINDOW_MINUTES);
    const all = await t.request({ method: 'GET', url: '/api/usage/history?from=2025-06-01&to=2025-06-01', token: managerJwt });
    expect(all.json().data).toEqual([{ hour: '2025-06-01T08:00:00.000Z', concurrent: 3 }]);
    const one = await t.request({
      method: 'GET',
      url: `/api/usage/history?from=2025-06-01&to=2025-06-01&licenceKeyId=${first.keyId}`,
      token: managerJwt,
    });
    expect(one.json().data).toEqual([{ hour: '2025-06-01T08:00:00.000Z', concurrent: 2 }]);
    const reversed = await t.request({ method: 'GET', url: '/api/usage/history?from=2025-06-02&to=2025-06-01', token: managerJwt });
    expect(reversed.statusCode).toBe(400);
  });

  it('purges hourly roll-ups older than the retention, and keeps younger ones', async () => {
    const { keyId, key } = await registeredKey(true);
    const now = new Date('2026-11-20T00:00:00Z');
    const old = new Date(now.getTime() - (USAGE_HOURS_KEPT_DAYS + 1) * 86_400_000);
    const young = new Date(now.getTime() - (USAGE_HOURS_KEPT_DAYS - 1) * 86_400_000);
    await recordPing(t.db, ping(key, 'OLD'), old, CONCURRENCY_WINDOW_MINUTES);
    await recordPing(t.db, ping(key, 'YOUNG'), young, CONCURRENCY_WINDOW_MINUTES);
    await purgeUsageHistory(t.db, now);
    const hours = await t.db.execute<{ hour: Date }>(sql`select hour from usage_hours where licence_key_id = ${keyId}`);
    expect(hours.rows.map((row) => new Date(row.hour).getTime())).toEqual([new Date(young).setUTCMinutes(0, 0, 0)]);
  });
});

describe('the per-key summary the view reads (migration 0021)', () => {
  const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);
  const window = CONCURRENCY_WINDOW_MINUTES;

  /** The kept summary of a key beside the same figures recounted from its machines. */
  async function summaryAndRecount(keyId: number) {
    const kept = await t.db.execute(sql`
      select machines, first_ping_at, last_ping_at, running_pings::text from usage_key_summaries where licence_key_id = ${keyId}`);
    const recount = await t.db.execute(sql`
      select count(*)::int as machines, min(first_ping_at) as first_ping_at, max(last_ping_at) as last_ping_at,
        coalesce(array_agg(last_ping_at order by last_ping_at desc) filter (where running), '{}')::text as running_pings
      from usage_machines where licence_key_id = ${keyId} having count(*) > 0`);
    return { kept: kept.rows, recount: recount.rows };
  }

  /** What the view says of a key at an instant, beside a count over its machines at that instant. */
  async function concurrentAt(keyId: number, instant: Date) {
    const page = await usagePage(t.db, instant, window, 0, 100);
    const recount = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from usage_machines
      where licence_key_id = ${keyId} and running and last_ping_at > ${instant}::timestamptz - make_interval(mins => ${window})`);
    return { view: page.rows.find((row) => row.licence_key_id === keyId)?.concurrent, recount: recount.rows[0]!.n };
  }

  it('matches a recount after pings, a machine stopping, a machine going silent and the window’s edges', async () => {
    const { keyId, key } = await registeredKey(true);
    const base = new Date('2026-10-05T09:00:00Z');
    await recordPing(t.db, ping(key, 'A'), base, window);
    await recordPing(t.db, ping(key, 'B'), at(base, 1), window);
    await recordPing(t.db, ping(key, 'C'), at(base, 2), window);
    await recordPing(t.db, ping(key, 'B', false), at(base, 2), window);
    // A ping that arrives late keeps the later last ping.
    await recordPing(t.db, ping(key, 'C'), at(base, 1), window);
    const { kept, recount } = await summaryAndRecount(keyId);
    expect(kept).toEqual(recount);
    expect(kept[0]).toMatchObject({ machines: 3 });
    // A (base) and C (base+2) run; B stopped. A leaves the window exactly at base+3, C at base+5.
    for (const [minutes, expected] of [
      [2, 2],
      [3, 1],
      [4.99, 1],
      [5, 0],
      [60, 0],
    ] as const) {
      expect(await concurrentAt(keyId, at(base, minutes))).toEqual({ view: expected, recount: expected });
    }
  });

  it('drops the key with its last machine, so the count and overview no longer hold it', async () => {
    const { keyId, key, jwt } = await registeredKey(true);
    await sendPing(ping(key, 'GONE-1'));
    await sendPing(ping(key, 'GONE-2'));
    const before = await view();
    expect(before.data.find((row: { licenceKeyId: number }) => row.licenceKeyId === keyId)).toMatchObject({ concurrentlyUsed: 2 });
    const withdraw = await t.request({
      method: 'PUT',
      url: `/api/toolpass-data-collection-consents/${keyId}`,
      token: jwt,
      payload: { enableDataCollection: false },
    });
    expect(withdraw.statusCode).toBe(200);
    expect(await summaryAndRecount(keyId)).toEqual({ kept: [], recount: [] });
    const after = await view();
    expect(after.count).toBe(before.count - 1);
    const recounted = await t.db.execute<{ n: number }>(sql`select count(distinct licence_key_id)::int as n from usage_machines`);
    expect(after.count).toBe(recounted.rows[0]!.n);
    expect(after.overview.runningMachines).toBe(before.overview.runningMachines - 2);
  });

  it('answers a page past the last key with no rows, and still the count and overview', async () => {
    const { key } = await registeredKey(true);
    await sendPing(ping(key, 'PAST-1'));
    const all = await view();
    const past = await t.request({ method: 'GET', url: `/api/usage/licence-keys?_start=${all.count}&_limit=10`, token: managerJwt });
    expect(past.json()).toEqual({ count: all.count, data: [], overview: all.overview });
  });

  it('counts every machine when pings of one key arrive at once', async () => {
    const { keyId, key } = await registeredKey(true);
    const now = new Date();
    // New machines first, then rounds of the same machines, half of them stopping in the last.
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          recordPing(t.db, ping(key, `SAME-${i}`, round < 3 || i % 2 === 0), at(now, round / 10), window),
        ),
      );
      const { kept, recount } = await summaryAndRecount(keyId);
      expect(kept).toEqual(recount);
    }
    expect(await concurrentAt(keyId, at(now, 0.3))).toEqual({ view: 6, recount: 6 });
  });
});

describe('who reads the usage view', () => {
  it('is the manager alone: mill staff, labs and dealers get 403, anonymous callers 401', async () => {
    const { mill, admin } = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const dealer = await createDealer(t.db);
    for (const email of [admin.email, lab.user.email, dealer.user.email]) {
      const token = await signIn(t, email);
      for (const request of [
        { method: 'GET' as const, url: '/api/usage/licence-keys' },
        { method: 'GET' as const, url: '/api/usage/history?from=2026-01-01&to=2026-01-02' },
        { method: 'PUT' as const, url: '/api/usage/licence-keys/1/allowed-users', payload: { allowedUsers: 9 } },
      ]) {
        expect((await t.request({ ...request, token })).statusCode).toBe(403);
        expect((await t.request(request)).statusCode).toBe(401);
      }
    }
  });

  it('answers 404 for the allowance of a key that does not exist', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/usage/licence-keys/2147483000/allowed-users',
      token: managerJwt,
      payload: { allowedUsers: 3 },
    });
    expect(response.statusCode).toBe(404);
  });
});
