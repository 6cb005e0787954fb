import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealers, licenceTickets } from '../../db/schema/dealers.ts';
import { addDealerUser, createDealer, createLab, createManager, createMill, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 14 item 3 through HTTP: the configuration page's calls on a real database, with a local
 * server standing in for a dealer's components base URL and DynamicUrl service (reachable because
 * the test allows 127.0.0.1, and only that name).
 */
let t: TestApp;
let server: Server;
let base: string;
const dynamicRequests: URLSearchParams[] = [];

const randomKey = () => Array.from({ length: 5 }, () => randomBytes(4).toString('hex').slice(0, 5).toUpperCase()).join('-');

interface World {
  root: { id: number; dealerJwt: string; managerJwt: string };
  own: { id: number; jwt: string; managerJwt: string };
  plain: { id: number };
  otherRoot: { id: number; jwt: string };
  tickets: { root: string; own: string; plain: string; otherRoot: string };
}

async function ticketOf(dealerId: number): Promise<string> {
  const key = randomKey();
  await t.db.insert(licenceTickets).values({ key, dealerId });
  return key;
}

const ROOT_JSON = JSON.stringify({
  products: { mandatory: 'C1,C2', optional: 'C3', mandatoryThenOptional: 'C4' },
  level: 'root',
  update: { level: 'root-update' },
});

/** A root (FixedJson) with a sub-dealer that may use its own (DynamicUrl) and one that may not; another root apart. */
async function world(): Promise<World> {
  const root = await createDealer(t.db, { subDealerAllowed: true });
  await t.db
    .update(dealers)
    .set({
      configurationType: 'FixedJson',
      fixedConfigJson: ROOT_JSON,
      ownConfigurationsAllowed: true,
      componentBaseUrl: `${base}/components`,
    })
    .where(eq(dealers.id, root.dealer.id));
  const rootManager = await addDealerUser(t.db, root.dealer.id, root.dealer.companyId, 'manager');
  const own = await createDealer(t.db, { parentId: root.dealer.id });
  await t.db
    .update(dealers)
    .set({ configurationType: 'DynamicUrl', dynamicConfigUrlPath: `${base}/dynamic`, ownConfigurationsAllowed: true })
    .where(eq(dealers.id, own.dealer.id));
  const ownManager = await addDealerUser(t.db, own.dealer.id, own.dealer.companyId, 'manager');
  const plain = await createDealer(t.db, { parentId: root.dealer.id });
  await t.db
    .update(dealers)
    .set({ configurationType: 'FixedJson', fixedConfigJson: '{"level":"plain"}' })
    .where(eq(dealers.id, plain.dealer.id));
  const otherRoot = await createDealer(t.db);
  return {
    root: { id: root.dealer.id, dealerJwt: await signIn(t, root.user.email), managerJwt: await signIn(t, rootManager.email) },
    own: { id: own.dealer.id, jwt: await signIn(t, own.user.email), managerJwt: await signIn(t, ownManager.email) },
    plain: { id: plain.dealer.id },
    otherRoot: { id: otherRoot.dealer.id, jwt: await signIn(t, otherRoot.user.email) },
    tickets: {
      root: await ticketOf(root.dealer.id),
      own: await ticketOf(own.dealer.id),
      plain: await ticketOf(plain.dealer.id),
      otherRoot: await ticketOf(otherRoot.dealer.id),
    },
  };
}

let w: World;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/components/components.json') {
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ components: [{ id: 'C1', name: 'Core', version: '1.0' }, { id: 'C2' }, 'C3', { id: 4 }] }));
    }
    if (url.pathname === '/not-a-list/components.json') return res.writeHead(200).end('{"hello":"world"}');
    if (url.pathname === '/dynamic') {
      dynamicRequests.push(url.searchParams);
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ level: 'dynamic', ticket: url.searchParams.get('ticketId') }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  w = await world();
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const test = (dealerId: number, token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/dealers/${dealerId}/configuration-test/installation`, token, payload });

describe('reading the configuration', () => {
  it('shows draft (production until one is saved), production, permissions and the admin-type check', async () => {
    const asDealer = await t.request({ method: 'GET', url: `/api/dealers/${w.root.id}/configuration-test`, token: w.root.dealerJwt });
    expect(asDealer.statusCode).toBe(200);
    expect(asDealer.json()).toMatchObject({
      configurationType: 'FixedJson',
      draftConfiguration: ROOT_JSON,
      prodConfiguration: ROOT_JSON,
      isRoot: true,
      canEdit: true,
      canPublish: false,
      componentsMetadata: null,
    });
    const asManager = await t.request({ method: 'GET', url: `/api/dealers/${w.root.id}/configuration-test`, token: w.root.managerJwt });
    expect(asManager.json()).toMatchObject({ canEdit: true, canPublish: true });
    // A sub-dealer without own configurations: readable, not editable.
    const plain = await t.request({ method: 'GET', url: `/api/dealers/${w.plain.id}/configuration-test`, token: w.root.managerJwt });
    expect(plain.json()).toMatchObject({ ownConfigurationsAllowed: false, canEdit: false, canPublish: false });
  });
});

describe('testing the installation', () => {
  it('refuses a ticket id of the wrong format with its own code', async () => {
    for (const ticketId of ['ABCDE-12345', 'abcde-12345-fghij-klmno-pqrs', 'ABCDE_12345_FGHIJ_KLMNO_PQRST', '']) {
      const response = await test(w.root.id, w.root.dealerJwt, { ticketId, initialCall: true, isTestMode: false });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'TICKET_FORMAT_INVALID',
        message: 'Invalid ticket format. Expected format: ABCDE-12345-FGHIJ-KLMNO-PQRST',
        errors: { ticketId: ['TICKET_FORMAT_INVALID'] },
      });
    }
  });

  it('answers production or the page’s draft for the root’s FixedJson, for the initial call or an update', async () => {
    const production = await test(w.root.id, w.root.dealerJwt, {
      ticketId: w.tickets.root.toLowerCase(),
      initialCall: true,
      isTestMode: false,
    });
    expect(production.statusCode).toBe(200);
    expect(production.json()).toMatchObject({
      ticketId: w.tickets.root,
      source: 'own',
      configurationType: 'FixedJson',
      version: 'production',
      call: 'initial',
      configuration: { level: 'root' },
    });
    const update = await test(w.root.id, w.root.dealerJwt, { ticketId: w.tickets.root, initialCall: false, isTestMode: false });
    expect(update.json().configuration).toMatchObject({ level: 'root-update' });
    const draft = await test(w.root.id, w.root.dealerJwt, {
      ticketId: w.tickets.root,
      initialCall: true,
      isTestMode: true,
      configJson: '{"level":"draft"}',
    });
    expect(draft.json()).toMatchObject({ version: 'draft', configuration: { level: 'draft' } });
    const broken = await test(w.root.id, w.root.dealerJwt, {
      ticketId: w.tickets.root,
      initialCall: true,
      isTestMode: true,
      configJson: '{"level":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { configJson: ['INVALID_JSON'] } });
  });

  it('uses a sub-dealer’s own DynamicUrl configuration, fetched with the installer’s question', async () => {
    const response = await test(w.root.id, w.root.dealerJwt, { ticketId: w.tickets.own, initialCall: false, isTestMode: false });
    expect(response.json()).toMatchObject({
      source: 'own',
      configurationType: 'DynamicUrl',
      dealer: { id: w.own.id },
      configurationDealer: { id: w.own.id },
      configuration: { level: 'dynamic', ticket: w.tickets.own },
    });
    expect(dynamicRequests.at(-1)?.get('initialCall')).toBe('false');
    expect(dynamicRequests.at(-1)?.get('testMode')).toBe('false');
  });

  it('gives a sub-dealer without own configurations the root’s configuration', async () => {
    const response = await test(w.root.id, w.root.dealerJwt, { ticketId: w.tickets.plain, initialCall: true, isTestMode: false });
    expect(response.json()).toMatchObject({
      source: 'root',
      configurationType: 'FixedJson',
      dealer: { id: w.plain.id },
      configurationDealer: { id: w.root.id },
      configuration: { level: 'root' },
    });
  });

  it('falls back to the root when the own URL is refused, and gives nothing in strict mode', async () => {
    const refused = await createDealer(t.db, { parentId: w.root.id });
    // localhost is the same server, but only 127.0.0.1 is allowed: the guarded fetch refuses it.
    await t.db
      .update(dealers)
      .set({
        configurationType: 'DynamicUrl',
        dynamicConfigUrlPath: `${base.replace('127.0.0.1', 'localhost')}/dynamic`,
        ownConfigurationsAllowed: true,
      })
      .where(eq(dealers.id, refused.dealer.id));
    const key = await ticketOf(refused.dealer.id);
    const fallback = (await test(w.root.id, w.root.dealerJwt, { ticketId: key, initialCall: true, isTestMode: false })).json();
    expect(fallback).toMatchObject({ source: 'root', configuration: { level: 'root' } });
    expect(fallback.reasons.join(' ')).toMatch(/address/);
    await t.db.update(dealers).set({ strictModeConfiguration: true }).where(eq(dealers.id, refused.dealer.id));
    const strict = (await test(w.root.id, w.root.dealerJwt, { ticketId: key, initialCall: true, isTestMode: false })).json();
    expect(strict).toMatchObject({ source: 'none', configurationType: 'None', configuration: null, configurationDealer: null });
  });

  it('reads a FixedFile configuration from storage, in test mode too', async () => {
    const fileDealer = await createDealer(t.db, { parentId: w.root.id });
    const key = `dealer-configs/${randomBytes(16).toString('base64url')}`;
    await mkdir(path.join(t.config.dataDir, 'files', 'dealer-configs'), { recursive: true });
    await writeFile(path.join(t.config.dataDir, 'files', key), '\uFEFF{"level":"file"}');
    await t.db
      .update(dealers)
      .set({ configurationType: 'FixedFile', fixedConfigFileKey: key, ownConfigurationsAllowed: true })
      .where(eq(dealers.id, fileDealer.dealer.id));
    const ticket = await ticketOf(fileDealer.dealer.id);
    const response = (await test(w.root.id, w.root.dealerJwt, { ticketId: ticket, initialCall: true, isTestMode: true })).json();
    expect(response).toMatchObject({
      source: 'own',
      configurationType: 'FixedFile',
      version: 'production',
      configuration: { level: 'file' },
    });
  });

  it('finds only tickets of the tested dealer’s subtree', async () => {
    expect(
      (await test(w.root.id, w.root.dealerJwt, { ticketId: w.tickets.otherRoot, initialCall: true, isTestMode: false })).statusCode,
    ).toBe(404);
    expect((await test(w.root.id, w.root.dealerJwt, { ticketId: randomKey(), initialCall: true, isTestMode: false })).statusCode).toBe(404);
    // The sub-dealer tests its own dealer: the root's ticket is above it.
    expect((await test(w.own.id, w.own.jwt, { ticketId: w.tickets.root, initialCall: true, isTestMode: false })).statusCode).toBe(404);
    expect((await test(w.own.id, w.own.jwt, { ticketId: w.tickets.own, initialCall: true, isTestMode: false })).statusCode).toBe(200);
  });
});

describe('component metadata and verification', () => {
  it('generates the metadata from the base URL, then verifies lists against it', async () => {
    const before = await t.request({
      method: 'POST',
      url: `/api/dealers/${w.root.id}/configuration-test/verify`,
      token: w.root.dealerJwt,
      payload: { mandatoryComponentsIds: 'C1' },
    });
    expect(before.json()).toMatchObject({ valid: false, hasMetadata: false, mandatory: { known: [], unknown: ['C1'] } });
    const generated = await t.request({ method: 'POST', url: `/api/dealers/${w.root.id}/components-metadata`, token: w.root.dealerJwt });
    expect(generated.statusCode).toBe(200);
    expect(generated.json().componentsMetadata).toMatchObject({
      count: 4,
      components: [{ id: 'C1', name: 'Core', version: '1.0' }, { id: 'C2' }, { id: 'C3' }, { id: '4' }],
    });
    const good = await t.request({
      method: 'POST',
      url: `/api/dealers/${w.root.id}/configuration-test/verify`,
      token: w.root.dealerJwt,
      payload: { mandatoryComponentsIds: ' C1, C2 ', optionalComponentsIds: ['C3'], mandatoryThenOptionalComponentsIds: '4' },
    });
    expect(good.json()).toMatchObject({ valid: true, hasMetadata: true, inSeveralLists: [] });
    const bad = await t.request({
      method: 'POST',
      url: `/api/dealers/${w.root.id}/configuration-test/verify`,
      token: w.root.dealerJwt,
      payload: { mandatoryComponentsIds: 'C1,X9', optionalComponentsIds: 'C1' },
    });
    expect(bad.json()).toMatchObject({ valid: false, mandatory: { known: ['C1'], unknown: ['X9'] }, inSeveralLists: ['C1'] });
  });

  it('refuses a missing base URL, an internal one and an answer that is no list', async () => {
    const bare = await t.request({ method: 'POST', url: `/api/dealers/${w.own.id}/components-metadata`, token: w.own.jwt });
    expect(bare.statusCode).toBe(409);
    expect(bare.json().code).toBe('COMPONENT_BASE_URL_MISSING');
    await t.db.update(dealers).set({ componentBaseUrl: 'http://169.254.169.254/latest' }).where(eq(dealers.id, w.own.id));
    const internal = await t.request({ method: 'POST', url: `/api/dealers/${w.own.id}/components-metadata`, token: w.own.jwt });
    expect(internal.statusCode).toBe(422);
    expect(internal.json().code).toBe('OUTBOUND_URL_REFUSED');
    await t.db
      .update(dealers)
      .set({ componentBaseUrl: `${base}/not-a-list` })
      .where(eq(dealers.id, w.own.id));
    const notList = await t.request({ method: 'POST', url: `/api/dealers/${w.own.id}/components-metadata`, token: w.own.jwt });
    expect(notList.statusCode).toBe(422);
    expect(notList.json().code).toBe('COMPONENTS_LIST_INVALID');
    await t.db
      .update(dealers)
      .set({ componentBaseUrl: `${base}/gone` })
      .where(eq(dealers.id, w.own.id));
    const gone = await t.request({ method: 'POST', url: `/api/dealers/${w.own.id}/components-metadata`, token: w.own.jwt });
    expect(gone.statusCode).toBe(502);
    expect(gone.json().code).toBe('OUTBOUND_URL_FAILED');
  });
});

describe('draft and production', () => {
  it('saves a draft, then pushes it formatted to production, which becomes the draft', async () => {
    const saved = await t.request({
      method: 'PUT',
      url: `/api/dealers/${w.root.id}/configuration-test/draft`,
      token: w.root.dealerJwt,
      payload: { draftConfiguration: '{"level": "next"' },
    });
    expect(saved.json()).toMatchObject({ draftConfiguration: '{"level": "next"', prodConfiguration: ROOT_JSON });
    // A plain dealer user is no admin-type user.
    const plainUser = await t.request({
      method: 'POST',
      url: `/api/dealers/${w.root.id}/configuration-test/production`,
      token: w.root.dealerJwt,
      payload: { configJson: '{"level":"next"}' },
    });
    expect(plainUser.statusCode).toBe(403);
    const invalid = await t.request({
      method: 'POST',
      url: `/api/dealers/${w.root.id}/configuration-test/production`,
      token: w.root.managerJwt,
      payload: { configJson: '{"level": "next"' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ configJson: ['INVALID_JSON'] });
    const pushed = await t.request({
      method: 'POST',
      url: `/api/dealers/${w.root.id}/configuration-test/production`,
      token: w.root.managerJwt,
      payload: { configJson: '{"level":"next"}' },
    });
    expect(pushed.statusCode).toBe(200);
    const formatted = '{\n  "level": "next"\n}';
    expect(pushed.json()).toMatchObject({ prodConfiguration: formatted, draftConfiguration: formatted });
    // The installer now receives it in production, and the dealer form shows it.
    const installed = await test(w.root.id, w.root.dealerJwt, { ticketId: w.tickets.root, initialCall: true, isTestMode: false });
    expect(installed.json().configuration).toEqual({ level: 'next' });
    const dealer = await t.request({ method: 'GET', url: `/api/dealers/${w.root.id}`, token: w.root.managerJwt });
    expect(dealer.json().configuration.fixedConfigJson).toBe(formatted);
  });

  it('is unavailable for other types, and for a dealer without own configurations', async () => {
    const dynamic = await t.request({
      method: 'POST',
      url: `/api/dealers/${w.own.id}/configuration-test/production`,
      token: w.own.managerJwt,
      payload: { configJson: '{}' },
    });
    expect(dynamic.statusCode).toBe(409);
    expect(dynamic.json().code).toBe('CONFIGURATION_PUSH_UNAVAILABLE');
    const plain = await t.request({
      method: 'POST',
      url: `/api/dealers/${w.plain.id}/configuration-test/production`,
      token: w.root.managerJwt,
      payload: { configJson: '{}' },
    });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().code).toBe('OWN_CONFIGURATIONS_NOT_ALLOWED');
    const draft = await t.request({
      method: 'PUT',
      url: `/api/dealers/${w.plain.id}/configuration-test/draft`,
      token: w.root.dealerJwt,
      payload: { draftConfiguration: '{}' },
    });
    expect(draft.json().code).toBe('OWN_CONFIGURATIONS_NOT_ALLOWED');
  });
});

describe('who may call what', () => {
  type Caller = 'rootDealer' | 'rootManager' | 'subDealer' | 'otherRoot' | 'manager' | 'millAdmin' | 'lab' | 'anonymous';
  let tokens: Record<Caller, string | undefined>;

  beforeAll(async () => {
    const { admin } = await createMill(t.db);
    const lab = await createLab(t.db);
    const manager = await createManager(t.db);
    tokens = {
      rootDealer: w.root.dealerJwt,
      rootManager: w.root.managerJwt,
      subDealer: w.own.jwt,
      otherRoot: w.otherRoot.jwt,
      manager: await signIn(t, manager.email),
      millAdmin: await signIn(t, admin.email),
      lab: await signIn(t, lab.user.email),
      anonymous: undefined,
    };
  });

  // About the root dealer: its subtree's users reach it, a sub-dealer (below it) and other tenants do not.
  const calls = [
    { name: 'read', method: 'GET', url: (id: number) => `/api/dealers/${id}/configuration-test`, payload: undefined },
    {
      name: 'test',
      method: 'POST',
      url: (id: number) => `/api/dealers/${id}/configuration-test/installation`,
      payload: () => ({ ticketId: w.tickets.root, initialCall: true, isTestMode: false }),
    },
    {
      name: 'verify',
      method: 'POST',
      url: (id: number) => `/api/dealers/${id}/configuration-test/verify`,
      payload: () => ({ mandatoryComponentsIds: 'C1' }),
    },
    {
      name: 'draft',
      method: 'PUT',
      url: (id: number) => `/api/dealers/${id}/configuration-test/draft`,
      payload: () => ({ draftConfiguration: '{"level":"root"}' }),
    },
    {
      name: 'publish',
      method: 'POST',
      url: (id: number) => `/api/dealers/${id}/configuration-test/production`,
      payload: () => ({ configJson: '{"level":"root"}' }),
    },
    { name: 'components', method: 'POST', url: (id: number) => `/api/dealers/${id}/components-metadata`, payload: undefined },
  ] as const;
  const expected: Record<(typeof calls)[number]['name'], Record<Caller, number>> = {
    read: { rootDealer: 200, rootManager: 200, subDealer: 404, otherRoot: 404, manager: 200, millAdmin: 404, lab: 404, anonymous: 401 },
    test: { rootDealer: 200, rootManager: 200, subDealer: 404, otherRoot: 404, manager: 200, millAdmin: 404, lab: 404, anonymous: 401 },
    verify: { rootDealer: 200, rootManager: 200, subDealer: 404, otherRoot: 404, manager: 200, millAdmin: 404, lab: 404, anonymous: 401 },
    draft: { rootDealer: 200, rootManager: 200, subDealer: 404, otherRoot: 404, manager: 200, millAdmin: 404, lab: 404, anonymous: 401 },
    publish: { rootDealer: 403, rootManager: 200, subDealer: 404, otherRoot: 404, manager: 200, millAdmin: 404, lab: 404, anonymous: 401 },
    components: {
      rootDealer: 200,
      rootManager: 200,
      subDealer: 404,
      otherRoot: 404,
      manager: 200,
      millAdmin: 404,
      lab: 404,
      anonymous: 401,
    },
  };

  it('answers each caller as the rule book says', async () => {
    const mismatches: string[] = [];
    for (const call of calls) {
      for (const [caller, want] of Object.entries(expected[call.name]) as [Caller, number][]) {
        const response = await t.request({
          method: call.method,
          url: call.url(w.root.id),
          token: tokens[caller],
          payload: call.payload?.(),
        });
        if (response.statusCode !== want)
          mismatches.push(`${call.name} as ${caller}: want ${want}, got ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lets the sub-dealer work on its own dealer, never on another root’s', async () => {
    expect((await t.request({ method: 'GET', url: `/api/dealers/${w.own.id}/configuration-test`, token: w.own.jwt })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/dealers/${w.otherRoot.id}/configuration-test`, token: w.root.dealerJwt })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: `/api/dealers/${w.otherRoot.id}/components-metadata`, token: w.root.managerJwt })).statusCode,
    ).toBe(404);
  });
});
