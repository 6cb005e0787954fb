import { readdir, rm } from 'node:fs/promises';
import { sessionToken } from '../../../test/session-token.ts';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desktopApp } from '../../db/schema/desktop-app.ts';
import { LocalStorage } from '../../platform/storage/storage.ts';
import { seedDemo } from '../../db/seed/seed.ts';
import { createLab, createManager, createMill } from '../../../test/factories.ts';
import { dataForm } from '../../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let manager: string;
let millAdmin: string;
let lab: string;

const tokenOf = (user: { id: number; tokenVersion: number }) => sessionToken(t.app, user);
const details = { version: '2.4.1', releaseNotes: 'Faster nesting.\nNew crown library.' };
const installer = Buffer.from('MZ placeholder installer bytes');

const upload = (token: string, data: object = details, name = 'CaseBridge Setup ü.exe') =>
  t.request({
    method: 'POST',
    url: '/api/desktop-app/installer',
    token,
    ...dataForm(data, { field: 'files.file', name, content: installer }),
  });
const installerDir = () => path.join(t.config.dataDir, 'files', 'desktop-app');
const storedInstallers = async () => readdir(installerDir()).catch(() => []);

beforeAll(async () => {
  t = await createTestApp();
  manager = await tokenOf(await createManager(t.db));
  const { mill, admin } = await createMill(t.db);
  millAdmin = await tokenOf(admin);
  lab = await tokenOf((await createLab(t.db, { clientOf: mill.id })).user);
});
/** Each test starts with nothing set and nothing stored. */
beforeEach(async () => {
  await t.db.delete(desktopApp);
  await rm(installerDir(), { recursive: true, force: true });
});
afterAll(async () => {
  await t.close();
});

describe('the desktop app on offer', () => {
  it('answers 200 with no release while none is set, and the installer address "App is not available"', async () => {
    const response = await t.request({ method: 'GET', url: '/api/desktop-app' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ release: null });
    const file = await t.request({ method: 'GET', url: '/api/desktop-app/installer' });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ code: 'APP_NOT_AVAILABLE', message: 'App is not available' });
  });

  it('lets the manager set an external https link with version and notes, which anyone then reads', async () => {
    const url = 'https://downloads.example.test/casebridge-2.4.1.exe';
    const saved = await t.request({ method: 'PUT', url: '/api/desktop-app', token: manager, payload: { ...details, url } });
    expect(saved.statusCode).toBe(200);
    for (const token of [undefined, millAdmin, lab]) {
      const { release } = (await t.request({ method: 'GET', url: '/api/desktop-app', token })).json();
      expect(release).toMatchObject({ ...details, kind: 'link', url, fileName: null });
    }
  });

  it('refuses a link that is not https, and version-only changes before anything is set', async () => {
    for (const url of ['http://downloads.example.test/setup.exe', 'javascript:alert(1)', 'https://localhost/setup.exe']) {
      const response = await t.request({ method: 'PUT', url: '/api/desktop-app', token: manager, payload: { ...details, url } });
      expect(response.statusCode, url).toBe(400);
    }
    const noDownload = await t.request({ method: 'PUT', url: '/api/desktop-app', token: manager, payload: details });
    expect(noDownload.statusCode).toBe(400);
    expect(noDownload.json().errors).toEqual({ url: ['FILE_REQUIRED'] });
    const noVersion = await t.request({
      method: 'PUT',
      url: '/api/desktop-app',
      token: manager,
      payload: { version: ' ', releaseNotes: '', url: 'https://a.example.test/x' },
    });
    expect(noVersion.statusCode).toBe(400);
  });

  it('stores an uploaded installer under a generated name and serves it to anyone as an attachment', async () => {
    const saved = await upload(manager);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().release).toMatchObject({
      ...details,
      kind: 'file',
      url: '/api/desktop-app/installer',
      fileName: 'CaseBridge Setup ü.exe',
      fileSize: installer.length,
    });
    const [key] = await storedInstallers();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const file = await t.request({ method: 'GET', url: '/api/desktop-app/installer' });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(installer)).toBe(true);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="CaseBridge_Setup__.exe"; filename*=UTF-8''${encodeURIComponent('CaseBridge Setup ü.exe')}`,
    );
  });

  it('changes version and notes and keeps the installer; a link or a new upload replaces it and removes the old bytes', async () => {
    await upload(manager);
    const notesOnly = await t.request({
      method: 'PUT',
      url: '/api/desktop-app',
      token: manager,
      payload: { version: '2.4.2', releaseNotes: 'Hotfix' },
    });
    expect(notesOnly.json().release).toMatchObject({
      version: '2.4.2',
      releaseNotes: 'Hotfix',
      kind: 'file',
      fileName: 'CaseBridge Setup ü.exe',
    });
    expect(await storedInstallers()).toHaveLength(1);

    await upload(manager, { version: '2.5.0', releaseNotes: '' }, 'setup-2.5.0.msi');
    expect(await storedInstallers()).toHaveLength(1);
    const link = await t.request({
      method: 'PUT',
      url: '/api/desktop-app',
      token: manager,
      payload: { ...details, url: 'https://downloads.example.test/x.exe' },
    });
    expect(link.json().release.kind).toBe('link');
    expect(await storedInstallers()).toHaveLength(0);
    expect((await t.request({ method: 'GET', url: '/api/desktop-app/installer' })).statusCode).toBe(404);
  });

  it('refuses an upload without a file or with bad details, and keeps nothing of it', async () => {
    const noFile = await t.request({ method: 'POST', url: '/api/desktop-app/installer', token: manager, ...dataForm(details) });
    expect(noFile.statusCode).toBe(400);
    expect((await upload(manager, { version: '', releaseNotes: '' })).statusCode).toBe(400);
    expect(await storedInstallers()).toHaveLength(0);
  });

  it('lets only the manager set it: mills and labs are refused and store nothing, anonymous callers must sign in', async () => {
    for (const token of [millAdmin, lab]) {
      expect(
        (await t.request({ method: 'PUT', url: '/api/desktop-app', token, payload: { ...details, url: 'https://a.example.test/x' } }))
          .statusCode,
      ).toBe(403);
      expect((await upload(token)).statusCode).toBe(403);
    }
    expect(
      (await t.request({ method: 'PUT', url: '/api/desktop-app', payload: { ...details, url: 'https://a.example.test/x' } })).statusCode,
    ).toBe(401);
    expect((await upload('')).statusCode).toBe(401);
    expect(await storedInstallers()).toHaveLength(0);
    expect((await t.request({ method: 'GET', url: '/api/desktop-app' })).json()).toEqual({ release: null });
  });

  it('offers the DESKTOP_APP_URL link until the manager sets one', async () => {
    const configured = await createTestApp({ env: { DESKTOP_APP_URL: 'https://downloads.example.test/configured.exe' } });
    try {
      const { release } = (await configured.request({ method: 'GET', url: '/api/desktop-app' })).json();
      expect(release).toMatchObject({ kind: 'link', url: 'https://downloads.example.test/configured.exe', version: '' });
    } finally {
      await configured.close();
    }
  });

  it('is a small placeholder file in the demo, with a version and notes, that says what it is', async () => {
    const demo = await createTestApp();
    try {
      await seedDemo(demo.db, new LocalStorage(path.join(demo.config.dataDir, 'files')), demo.app.deps.encryptionKey);
      const { release } = (await demo.request({ method: 'GET', url: '/api/desktop-app' })).json();
      expect(release).toMatchObject({ version: '1.0.0-demo', kind: 'file', fileName: 'casebridge-desktop-placeholder.txt' });
      expect(release.releaseNotes).not.toBe('');
      const file = await demo.request({ method: 'GET', url: release.url });
      expect(file.body).toContain('placeholder for the CaseBridge desktop installer');
      expect(file.rawPayload.length).toBeLessThan(1024);
    } finally {
      await demo.close();
    }
  });
});
