import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UsagePing } from '@casebridge/shared/schemas/usage';
import { createManager, signIn, signedInMill } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The usage view's kept answers (usage.service.ts, usageView): a page is served again for the rest
 * of its one-second period, pings included, while a change of its other inputs (allowed users, a
 * key's consent, a ticket, a mill's name) shows in the next answer. Only Date is faked, so the
 * period is chosen by the test while timers and the database run as usual.
 */
const PERIOD_MS = 1000;
let t: TestApp;
let managerJwt: string;
beforeAll(async () => {
  t = await createTestApp({ env: { USAGE_VIEW_MAX_AGE_MS: String(PERIOD_MS) } });
  managerJwt = await signIn(t, (await createManager(t.db)).email);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await t.close();
});

const randomKey = () => Array.from({ length: 5 }, () => randomBytes(3).toString('hex').slice(0, 5).toUpperCase()).join('-');

async function registeredKey() {
  const mill = await signedInMill(t);
  const key = randomKey();
  const response = await t.request({
    method: 'POST',
    url: '/api/toolpass-data-collection-consents',
    token: mill.jwt,
    payload: { millId: mill.mill.id, licenseKey: key, enableDataCollection: true },
  });
  expect(response.statusCode).toBe(200);
  return { ...mill, key, keyId: response.json().id as number };
}

const ping = (licenceKey: string, boardSerial: string): UsagePing => ({
  licenceKey,
  boardSerial,
  macAddresses: ['00:1A:2B:3C:4D:5E'],
  pcName: `PC-${boardSerial}`,
  ipAddresses: ['10.0.0.7'],
  running: true,
});

async function sendPing(body: UsagePing) {
  expect((await t.request({ method: 'POST', url: '/api/usage/pings', payload: body })).statusCode).toBe(202);
}

async function entryOf(keyId: number) {
  const response = await t.request({ method: 'GET', url: '/api/usage/licence-keys?_limit=100', token: managerJwt });
  expect(response.statusCode).toBe(200);
  return (
    response.json().data as {
      licenceKeyId: number;
      concurrentlyUsed: number;
      allowedUsers: number;
      millName: string;
      machines: unknown[];
    }[]
  ).find((row) => row.licenceKeyId === keyId);
}

/** Date stands at the start of a period, a minute from now (the session's token stays valid). */
function holdClockAtPeriodStart(): number {
  const start = Math.ceil((Date.now() + 60_000) / PERIOD_MS) * PERIOD_MS;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return start;
}

describe('the usage view’s kept answers', () => {
  it('serve a ping of the same period with the next period, not before', async () => {
    const { key, keyId } = await registeredKey();
    await sendPing(ping(key, 'A'));
    const start = holdClockAtPeriodStart();
    expect((await entryOf(keyId))?.concurrentlyUsed).toBe(1);
    await sendPing(ping(key, 'B'));
    vi.setSystemTime(start + PERIOD_MS - 1);
    expect((await entryOf(keyId))?.concurrentlyUsed).toBe(1);
    vi.setSystemTime(start + PERIOD_MS);
    const next = await entryOf(keyId);
    expect(next?.concurrentlyUsed).toBe(2);
    expect(next?.machines).toHaveLength(2);
  });

  it('show a change of allowed users, of consent and of a mill’s name in the next answer of the same period', async () => {
    const { key, keyId, jwt, mill } = await registeredKey();
    await sendPing(ping(key, 'A'));
    holdClockAtPeriodStart();
    expect(await entryOf(keyId)).toMatchObject({ allowedUsers: 1 });

    const change = await t.request({
      method: 'PUT',
      url: `/api/usage/licence-keys/${keyId}/allowed-users`,
      token: managerJwt,
      payload: { allowedUsers: 4 },
    });
    expect(change.statusCode).toBe(200);
    expect(await entryOf(keyId)).toMatchObject({ allowedUsers: 4 });

    await t.db.execute(sql`update companies set name = 'Renamed mill' where id = (select company_id from mills where id = ${mill.id})`);
    expect(await entryOf(keyId)).toMatchObject({ millName: 'Renamed mill' });

    const withdraw = await t.request({
      method: 'PUT',
      url: `/api/toolpass-data-collection-consents/${keyId}`,
      token: jwt,
      payload: { enableDataCollection: false },
    });
    expect(withdraw.statusCode).toBe(200);
    expect(await entryOf(keyId)).toBeUndefined();
  });

  it('show a licence ticket’s allowance in the next answer of the same period', async () => {
    const { key, keyId } = await registeredKey();
    await sendPing(ping(key, 'A'));
    holdClockAtPeriodStart();
    expect(await entryOf(keyId)).toMatchObject({ allowedUsers: 1 });
    const content = { mainProductInfo: { isNetwork: true }, licenseDetails: [{ count: 7, enable: true }] };
    await t.db.execute(sql`insert into licence_tickets (key, content) values (${key}, ${JSON.stringify(content)}::jsonb)`);
    expect(await entryOf(keyId)).toMatchObject({ allowedUsers: 7, allowedUsersFromTicket: true });
  });
});
