import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealers } from '../../db/schema/dealers.ts';
import { createDealer, createManager, signIn } from '../../../test/factories.ts';
import { multipartForm, PNG } from '../../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Spec manager-dealer §5 uploads: a dealer's logo (an image) and its configuration file (one .json). */
let t: TestApp;
let managerJwt: string;

beforeAll(async () => {
  t = await createTestApp();
  managerJwt = await signIn(t, (await createManager(t.db)).email);
});
afterAll(async () => {
  await t.close();
});

const logoForm = (content: Buffer, name = 'logo.png') => multipartForm({}, { field: 'files.logo', name, type: 'image/png', content });
const configForm = (content: string, name = 'config.json') =>
  multipartForm({}, { field: 'files.fixedConfigFile', name, type: 'application/json', content: Buffer.from(content) });
const storedBytes = (key: string) => existsSync(path.join(t.config.dataDir, 'files', key));
const keysOf = async (id: number) =>
  (await t.db.select({ logo: dealers.logoKey, config: dealers.fixedConfigFileKey }).from(dealers).where(eq(dealers.id, id)))[0]!;

describe('dealer files', () => {
  it('stores a logo, replaces it without leaving the old bytes, and removes it', async () => {
    const { dealer, user } = await createDealer(t.db);
    const jwt = await signIn(t, user.email);
    const first = await t.request({ method: 'PUT', url: `/api/dealers/${dealer.id}/logo`, token: jwt, ...logoForm(PNG) });
    expect(first.statusCode).toBe(200);
    expect(first.json().logo.url).toMatch(/logos\//);
    const firstKey = (await keysOf(dealer.id)).logo!;
    expect(storedBytes(firstKey)).toBe(true);

    const second = await t.request({ method: 'PUT', url: `/api/dealers/${dealer.id}/logo`, token: jwt, ...logoForm(PNG) });
    expect(second.json().logo.url).not.toBe(first.json().logo.url);
    expect(storedBytes(firstKey)).toBe(false);

    const secondKey = (await keysOf(dealer.id)).logo!;
    const removed = await t.request({ method: 'DELETE', url: `/api/dealers/${dealer.id}/logo`, token: jwt });
    expect(removed.json().logo).toBeNull();
    expect(storedBytes(secondKey)).toBe(false);
  });

  it('refuses a logo that is not an image, and keeps nothing of it', async () => {
    const { dealer, user } = await createDealer(t.db);
    const response = await t.request({
      method: 'PUT',
      url: `/api/dealers/${dealer.id}/logo`,
      token: await signIn(t, user.email),
      ...logoForm(Buffer.from('%PDF-1.7 not an image'), 'logo.png'),
    });
    expect(response.statusCode).toBe(400);
    expect((await keysOf(dealer.id)).logo).toBeNull();
  });

  it('accepts one .json configuration file that parses, and serves it back to readers of the dealer', async () => {
    const { dealer } = await createDealer(t.db);
    const json = '\uFEFF{"machines":["M5"],"strict":true}';
    const response = await t.request({
      method: 'PUT',
      url: `/api/dealers/${dealer.id}/configuration-file`,
      token: managerJwt,
      ...configForm(json, 'lab setup.json'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().configuration.fixedConfigFile).toEqual({ name: 'lab setup.json' });
    const download = await t.request({ method: 'GET', url: `/api/dealers/${dealer.id}/configuration-file`, token: managerJwt });
    expect(JSON.parse(download.body.replace(/^\uFEFF/, ''))).toEqual({ machines: ['M5'], strict: true });
    expect(download.headers['content-disposition']).toBe('attachment; filename="lab_setup.json"');
  });

  it('refuses a configuration file that is not JSON or not named .json, keeping the stored one', async () => {
    const { dealer } = await createDealer(t.db);
    await t.request({ method: 'PUT', url: `/api/dealers/${dealer.id}/configuration-file`, token: managerJwt, ...configForm('{"ok":1}') });
    const kept = (await keysOf(dealer.id)).config!;
    const broken = await t.request({
      method: 'PUT',
      url: `/api/dealers/${dealer.id}/configuration-file`,
      token: managerJwt,
      ...configForm('{"ok":'),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ message: 'Invalid JSON', errors: { fixedConfigFile: ['INVALID_JSON'] } });
    const wrongName = await t.request({
      method: 'PUT',
      url: `/api/dealers/${dealer.id}/configuration-file`,
      token: managerJwt,
      ...configForm('{"ok":1}', 'config.txt'),
    });
    expect(wrongName.statusCode).toBe(400);
    expect((await keysOf(dealer.id)).config).toBe(kept);
    expect(storedBytes(kept)).toBe(true);
  });

  it('lets only those who may change the dealer change its files: another tree gets 404, a sub-dealer its parent 404', async () => {
    const root = await createDealer(t.db, { subDealerAllowed: true });
    const sub = await createDealer(t.db, { parentId: root.dealer.id });
    const other = await createDealer(t.db);
    const otherJwt = await signIn(t, other.user.email);
    const subJwt = await signIn(t, sub.user.email);
    expect(
      (await t.request({ method: 'PUT', url: `/api/dealers/${root.dealer.id}/logo`, token: otherJwt, ...logoForm(PNG) })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'PUT', url: `/api/dealers/${root.dealer.id}/logo`, token: subJwt, ...logoForm(PNG) })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/dealers/${root.dealer.id}/configuration-file`, token: otherJwt })).statusCode).toBe(
      404,
    );
    // The root dealer may change its sub-dealer's logo.
    const byRoot = await t.request({
      method: 'PUT',
      url: `/api/dealers/${sub.dealer.id}/logo`,
      token: await signIn(t, root.user.email),
      ...logoForm(PNG),
    });
    expect(byRoot.statusCode).toBe(200);
  });
});
