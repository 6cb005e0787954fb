import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyConsents } from '../../db/schema/mills.ts';
import { createLab, createManager, createMill, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dataForm } from '../../../test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function upload(data: object, file: Buffer, name = 'terms.pdf') {
  return dataForm(data, { field: 'files.file', name, content: file, type: 'application/pdf' });
}

describe('policy documents managed by the manager', () => {
  it('publishes a signed PDF that replaces the active one and is served inline to our frames only', async () => {
    const manager = await createManager(t.db);
    const jwt = await signIn(t, manager.email);
    const first = await t.request({
      method: 'POST',
      url: '/api/policy-documents',
      token: jwt,
      ...upload({ kind: 'terms-of-service', language: 'de' }, PDF),
    });
    expect(first.statusCode).toBe(200);
    const second = await t.request({
      method: 'POST',
      url: '/api/policy-documents',
      token: jwt,
      ...upload({ kind: 'terms-of-service', language: 'de' }, PDF, 'v2.pdf'),
    });
    const active = (await t.request({ method: 'GET', url: '/api/policy-documents/active' })).json();
    expect(active.termsOfService.de).toContain(`/api/policy-documents/${second.json().id}/content`);
    const doc = await t.request({ method: 'GET', url: active.termsOfService.de });
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(doc.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const list = (await t.request({ method: 'GET', url: '/api/policy-documents', token: jwt })).json();
    expect(list.data.filter((d: { active: boolean }) => d.active).map((d: { id: number }) => d.id)).toEqual([second.json().id]);
  });

  it('refuses a file that is not a PDF, and a wrong kind', async () => {
    const manager = await createManager(t.db);
    const jwt = await signIn(t, manager.email);
    const html = await t.request({
      method: 'POST',
      url: '/api/policy-documents',
      token: jwt,
      ...upload({ kind: 'terms-of-service', language: 'en' }, Buffer.from('<html>fake</html>')),
    });
    expect(html.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const kind = await t.request({
      method: 'POST',
      url: '/api/policy-documents',
      token: jwt,
      ...upload({ kind: 'cookies', language: 'en' }, PDF),
    });
    expect(kind.json().errors).toEqual({ kind: ['VALIDATION_FAILED'] });
  });

  it('asks every mill to approve again, and an approval records who, when and which documents', async () => {
    const manager = await createManager(t.db);
    const mgrJwt = await signIn(t, manager.email);
    await t.request({
      method: 'POST',
      url: '/api/policy-documents',
      token: mgrJwt,
      ...upload({ kind: 'data-processing', language: 'en' }, PDF),
    });
    const { mill, admin } = await createMill(t.db, { needPoliciesApproval: false });
    const again = await t.request({ method: 'POST', url: '/api/policy-documents/require-approval', token: mgrJwt });
    expect(again.json().mills).toBeGreaterThanOrEqual(1);
    const jwt = await signIn(t, admin.email);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).json().mills[0].needPoliciesApproval).toBe(true);
    await t.request({ method: 'GET', url: `/api/mills/${mill.id}/approval`, token: jwt });
    const [consent] = await t.db.select().from(policyConsents).where(eq(policyConsents.millId, mill.id));
    expect(consent).toMatchObject({ userId: admin.id });
    expect(consent!.documentIds.length).toBeGreaterThanOrEqual(1);
    expect(consent!.acceptedAt).toBeInstanceOf(Date);
  });

  it('is for managers only', async () => {
    const { admin, mill } = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id });
    // The form is read only after the access check: a refused caller's file is never stored.
    const storedDocuments = () => readdir(path.join(t.config.dataDir, 'files', 'policies')).catch(() => [] as string[]);
    const before = await storedDocuments();
    for (const email of [admin.email, lab.user.email]) {
      const jwt = await signIn(t, email);
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/api/policy-documents',
            token: jwt,
            ...upload({ kind: 'terms-of-service', language: 'en' }, PDF),
          })
        ).statusCode,
      ).toBe(403);
      expect((await t.request({ method: 'POST', url: '/api/policy-documents/require-approval', token: jwt })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/policy-documents', token: jwt })).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'POST', url: '/api/policy-documents/require-approval' })).statusCode).toBe(401);
    expect(await storedDocuments()).toEqual(before);
  });
});
