import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LicenceContent } from '@casebridge/shared/schemas/licence-tickets';
import { licenceTickets } from '../../db/schema/dealers.ts';
import { createManager, signIn, signedInMill } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 14 item 5: the manager's usage view takes a key's allowed users from its licence ticket
 * (network seats, or one for a single-seat licence) and keeps the manager's value without one.
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

function content(isNetwork: boolean, productSeats: number[], moduleSeats = 40): LicenceContent {
  return {
    mainProductInfo: { dongleId: '3-1234567', productName: 'CAM', licenseExp: null, maintenanceExp: null, isNetwork, isCommercial: true },
    activationLicenses: [],
    orderedLicenses: [],
    licenseDetails: productSeats.map((count, i) => ({
      code: `P${i}`,
      enable: true,
      name: 'CAM',
      productCode: `P${i}`,
      count,
      expiryaDate: null,
      epd: '',
      // A module's count limits a feature, never how many copies run: it must not become the allowance.
      children: [{ code: `P${i}.1`, enable: true, name: 'Module', productCode: `P${i}M`, count: moduleSeats, expiryaDate: null, epd: '' }],
    })),
    nonExpandables: [],
  };
}

/** A key of a mill that consents, with `running` machines pinging it now. */
async function keyInUse(running: number) {
  const mill = await signedInMill(t);
  const key = randomKey();
  const added = await t.request({
    method: 'POST',
    url: '/api/toolpass-data-collection-consents',
    token: mill.jwt,
    payload: { millId: mill.mill.id, licenseKey: key, enableDataCollection: true },
  });
  expect(added.statusCode).toBe(200);
  for (let i = 0; i < running; i++) {
    const ping = { licenceKey: key, boardSerial: `B-${i}`, macAddresses: [], pcName: `PC-${i}`, ipAddresses: [], running: true };
    expect((await t.request({ method: 'POST', url: '/api/usage/pings', payload: ping })).statusCode).toBe(202);
  }
  return { key, keyId: added.json().id as number };
}

async function view() {
  const response = await t.request({ method: 'GET', url: '/api/usage/licence-keys?_limit=100', token: managerJwt });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: { licenseKey: string; allowedUsers: number; allowedUsersFromTicket?: boolean; overAllowance: boolean }[];
    overview: { keysOverAllowance: number };
  };
}
const rowOf = async (key: string) => (await view()).data.find((row) => row.licenseKey === key)!;

describe('allowed users from the licence ticket', () => {
  it("a network ticket's product seats (the largest enabled product), not its modules' counts", async () => {
    const { key, keyId } = await keyInUse(3);
    await t.db.insert(licenceTickets).values({ key, content: content(true, [2, 5]) });
    // The manager's value is overruled while the ticket tells.
    await t.request({
      method: 'PUT',
      url: `/api/usage/licence-keys/${keyId}/allowed-users`,
      token: managerJwt,
      payload: { allowedUsers: 1 },
    });
    expect(await rowOf(key)).toMatchObject({ allowedUsers: 5, allowedUsersFromTicket: true, overAllowance: false });
  });

  it('a single-seat ticket allows one user, so two running machines are over the allowance', async () => {
    const before = (await view()).overview.keysOverAllowance;
    const { key, keyId } = await keyInUse(2);
    await t.request({
      method: 'PUT',
      url: `/api/usage/licence-keys/${keyId}/allowed-users`,
      token: managerJwt,
      payload: { allowedUsers: 10 },
    });
    expect(await rowOf(key)).toMatchObject({ allowedUsers: 10, allowedUsersFromTicket: false, overAllowance: false });
    await t.db.insert(licenceTickets).values({ key, content: content(false, [8]) });
    expect(await rowOf(key)).toMatchObject({ allowedUsers: 1, allowedUsersFromTicket: true, overAllowance: true });
    // The overview counts with the same allowance as the rows.
    expect((await view()).overview.keysOverAllowance).toBe(before + 1);
  });

  it("keeps the manager's value without a ticket, for a bare activation key, and for a network ticket without seats", async () => {
    const none = await keyInUse(1);
    const bare = await keyInUse(1);
    const seatless = await keyInUse(1);
    await t.db.insert(licenceTickets).values([{ key: bare.key }, { key: seatless.key, content: content(true, [0], 0) }]);
    for (const { key, keyId } of [none, bare, seatless]) {
      await t.request({
        method: 'PUT',
        url: `/api/usage/licence-keys/${keyId}/allowed-users`,
        token: managerJwt,
        payload: { allowedUsers: 3 },
      });
      expect(await rowOf(key)).toMatchObject({ allowedUsers: 3, allowedUsersFromTicket: false });
    }
  });
});
