import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { millClients } from '../../db/schema/labs.ts';
import { mills } from '../../db/schema/mills.ts';
import { addMillUser, createLab, signIn, signedInMill, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { randomLicenceKey } from '../../db/seed/seed.ts';
import { dataForm, PNG } from '../../../test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DESKTOP_APP_URL: 'https://downloads.example.test/setup.exe' } });
});
afterAll(async () => {
  await t.close();
});

function multipart(data: object, logo?: Buffer) {
  return dataForm(data, logo ? { field: 'files.logo', name: 'logo.png', content: logo, type: 'image/png' } : undefined);
}

describe('landing page', () => {
  it('is updated by a mill admin, sets the flag, and is public afterwards', async () => {
    const { mill, jwt } = await signedInMill(t);
    const content = 'We mill zirconia.\n<script>alert(1)</script>';
    const response = await t.request({
      method: 'PUT',
      url: `/api/mills/${mill.id}`,
      token: jwt,
      ...multipart({ landingPageHeader: 'Best mill', landingPageContent: content }, PNG),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      landingPageHeader: 'Best mill',
      landingPageInfoIsUpdated: true,
      publicUrl: `http://portal.test/${mill.id}`,
    });
    expect(response.json().company.logo.url).toMatch(/^\/api\/uploads\/logos\//);
    const visitor = (await t.request({ method: 'GET', url: `/api/mills/${mill.id}` })).json();
    // Stored and served as plain text: the web app renders it as text, never as markup.
    expect(visitor.landingPageContent).toBe(content);
  });

  it('requires header and content, and is for the admin of that mill only', async () => {
    const { mill, company, jwt } = await signedInMill(t);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/mills/${mill.id}`,
          token: jwt,
          ...multipart({ landingPageHeader: '', landingPageContent: '' }),
        })
      ).json().errors,
    ).toEqual({ landingPageHeader: ['VALIDATION_FAILED'], landingPageContent: ['VALIDATION_FAILED'] });
    const plain = await addMillUser(t.db, mill.id, company.id, 'user');
    const other = await signedInMill(t);
    const body = multipart({ landingPageHeader: 'X', landingPageContent: 'Y' });
    expect(
      (await t.request({ method: 'PUT', url: `/api/mills/${mill.id}`, token: await signIn(t, plain.email), ...body })).statusCode,
    ).toBe(403);
    // The form is read only after the access check: a refused caller's logo is never stored.
    const storedLogos = () => readdir(path.join(t.config.dataDir, 'files', 'logos')).catch(() => [] as string[]);
    const before = await storedLogos();
    const withLogo = multipart({ landingPageHeader: 'X', landingPageContent: 'Y' }, PNG);
    expect(
      (await t.request({ method: 'PUT', url: `/api/mills/${mill.id}`, token: await signIn(t, plain.email), ...withLogo })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'PUT', url: `/api/mills/${mill.id}`, token: other.jwt, ...withLogo })).statusCode).toBe(404);
    expect(await storedLogos()).toEqual(before);
    expect((await t.request({ method: 'PUT', url: `/api/mills/${mill.id}`, token: other.jwt, ...body })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: `/api/mills/${mill.id}`, ...body })).statusCode).toBe(401);
  });
});

describe('onboarding checklist', () => {
  it('ticks each first step once it is done', async () => {
    const { mill, jwt } = await signedInMill(t);
    const before = (await t.request({ method: 'GET', url: `/api/mills/${mill.id}/onboarding`, token: jwt })).json();
    expect(before).toEqual({
      companyDetails: true,
      landingPage: false,
      firstClientInvited: false,
      licenceKeys: false,
      desktopAppAvailable: true,
    });
    await t.request({
      method: 'POST',
      url: `/api/mills/${mill.id}/clients`,
      token: jwt,
      payload: { firstName: 'A', lastName: 'B', email: uniqueEmail(), activationMessage: 'Hi' },
    });
    await t.request({
      method: 'POST',
      url: '/api/toolpass-data-collection-consents',
      token: jwt,
      payload: { millId: mill.id, licenseKey: randomLicenceKey(), enableDataCollection: false },
    });
    await t.request({
      method: 'PUT',
      url: `/api/mills/${mill.id}`,
      token: jwt,
      ...multipart({ landingPageHeader: 'H', landingPageContent: 'C' }),
    });
    const after = (await t.request({ method: 'GET', url: `/api/mills/${mill.id}/onboarding`, token: jwt })).json();
    expect(after).toMatchObject({ landingPage: true, firstClientInvited: true, licenceKeys: true });
    const other = await signedInMill(t);
    expect((await t.request({ method: 'GET', url: `/api/mills/${mill.id}/onboarding`, token: other.jwt })).statusCode).toBe(404);
  });
});

describe('a mill blocked by the operator', () => {
  it('can still sign in and read, but cannot add clients, users, keys or change its landing page', async () => {
    const { mill, jwt } = await signedInMill(t);
    const lab = await createLab(t.db, { clientOf: mill.id });
    // Spec §2: the operator's message to its client, the mill, for the mill's staff; the reason for everyone else.
    await t.db
      .update(mills)
      .set({ blocked: true, blockReason: 'Temporarily unavailable', blockedMillClientMessage: 'Invoice 42 is overdue' })
      .where(eq(mills.id, mill.id));
    const me = (await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).json();
    expect(me.mills[0]).toMatchObject({ blocked: true, blockedBy: 'operator', blockedMillClientMessage: 'Invoice 42 is overdue' });
    expect((await t.request({ method: 'GET', url: `/api/mills/${mill.id}/clients`, token: jwt })).statusCode).toBe(200);
    const refused = [
      {
        method: 'POST' as const,
        url: `/api/mills/${mill.id}/clients`,
        payload: { firstName: 'A', lastName: 'B', email: uniqueEmail(), activationMessage: 'Hi' },
      },
      { method: 'POST' as const, url: `/api/mill/${mill.id}/updateLabBlockStatus`, payload: { userId: lab.user.id, blockedByMill: true } },
      { method: 'DELETE' as const, url: `/api/mills/${mill.id}/clients/${lab.user.id}` },
      {
        method: 'POST' as const,
        url: `/api/mills/${mill.id}/users`,
        payload: { firstName: 'A', lastName: 'B', email: uniqueEmail(), millRole: 'user' },
      },
      {
        method: 'POST' as const,
        url: '/api/toolpass-data-collection-consents',
        payload: { millId: mill.id, licenseKey: randomLicenceKey(), enableDataCollection: true },
      },
      { method: 'PUT' as const, url: `/api/mills/${mill.id}`, ...multipart({ landingPageHeader: 'H', landingPageContent: 'C' }) },
    ];
    for (const request of refused) {
      const response = await t.request({ ...request, token: jwt });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json().message).toMatch(/blocked/);
    }
    // Its labs read the reason given to others, never the operator's message to the mill.
    const labMe = (await t.request({ method: 'GET', url: '/api/users/me', token: await signIn(t, lab.user.email) })).json();
    expect(labMe.mills[0]).toMatchObject({
      blocked: true,
      blockedBy: 'operator',
      blockReason: 'Temporarily unavailable',
      blockedMillClientMessage: null,
    });
    expect(JSON.stringify(labMe)).not.toContain('Invoice 42');
    // A lab the mill blocked as well is told that it is the one blocked, before the mill's own block.
    await t.db.update(millClients).set({ blockedByMill: true }).where(eq(millClients.labId, lab.lab.id));
    const blockedLabMe = (await t.request({ method: 'GET', url: '/api/users/me', token: await signIn(t, lab.user.email) })).json();
    expect(blockedLabMe.mills[0]).toMatchObject({ blocked: true, blockedBy: 'mill', blockReason: null, blockedMillClientMessage: null });
  });
});
