import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLab, createMill, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { POLICY_TEXTS } from '../../db/seed/policy-texts.ts';
import { policyDocuments } from '../../db/schema/policies.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('app information', () => {
  it('answers health and version', async () => {
    expect((await t.request({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok' });
    expect((await t.request({ method: 'GET', url: '/api/app/version' })).json().version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('answers the liveness probe without the database, and the readiness probe once migrated and until shutdown', async () => {
    expect((await t.request({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    expect((await t.request({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: 'ready' });
    t.app.deps.lifecycle.stopping = true;
    try {
      const stopping = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect([stopping.statusCode, stopping.json().message]).toEqual([503, 'Not ready: shutting down']);
      expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.deps.lifecycle.stopping = false;
    }
  });

  it('is not ready while the database lacks a migration this code knows', async () => {
    const newest = sql`from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`;
    const [row] = (await t.db.execute<{ hash: string; created_at: string }>(sql`select hash, created_at::text ${newest}`)).rows;
    await t.db.execute(sql`delete ${newest}`);
    try {
      const pending = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect([pending.statusCode, pending.json().message]).toEqual([503, 'Not ready: migrations pending']);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${row!.created_at}::bigint)`,
      );
    }
    expect((await t.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/auth/local', '/api/auth/local/register', '/api/users/me', '/api/health/live', '/api/health/ready']) {
      expect(doc.paths[path]).toBeDefined();
    }
    expect(doc.paths['/api/auth/local'].post.requestBody.content['application/json'].schema.properties.identifier).toBeDefined();
  });
});

describe('policy documents', () => {
  it('gives signed links that serve the document, and refuses a tampered or expired link', async () => {
    await t.db.insert(policyDocuments).values(POLICY_TEXTS);
    const active = (await t.request({ method: 'GET', url: '/api/policy-documents/active' })).json();
    expect(Object.values(active.termsOfService).every((url) => typeof url === 'string')).toBe(true);
    const doc = await t.request({ method: 'GET', url: active.termsOfService.de });
    expect(doc.statusCode).toBe(200);
    expect(doc.body).toContain('Nutzungsbedingungen');
    // Another first character of the signature (a fixed 'A' left one link in 64 untouched).
    const tampered = active.termsOfService.de.replace(
      /signature=(.)/,
      (_match: string, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
    );
    expect((await t.request({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const expired = active.termsOfService.en.replace(/expires=\d+/, `expires=${Date.now() - 1000}`);
    expect((await t.request({ method: 'GET', url: expired })).statusCode).toBe(404);
  });

  it('answers null for a language without a document', async () => {
    const bare = await createTestApp();
    try {
      const active = (await bare.request({ method: 'GET', url: '/api/policy-documents/active' })).json();
      expect(active).toEqual({ termsOfService: { en: null, de: null }, dataProcessing: { en: null, de: null } });
    } finally {
      await bare.close();
    }
  });
});

describe('mills', () => {
  it('records policy approval for a member, and answers 404 for any other mill', async () => {
    const a = await createMill(t.db, { needPoliciesApproval: true });
    const b = await createMill(t.db, { needPoliciesApproval: true });
    const jwt = await signIn(t, a.admin.email);
    expect((await t.request({ method: 'GET', url: `/api/mills/${b.mill.id}/approval`, token: jwt })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/mills/999999/approval', token: jwt })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/mills/${a.mill.id}/approval`, token: jwt })).statusCode).toBe(200);
    const me = (await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).json();
    expect(me.mills[0].needPoliciesApproval).toBe(false);
  });

  it('does not let a lab approve for its mill', async () => {
    const { mill } = await createMill(t.db, { needPoliciesApproval: true });
    const lab = await createLab(t.db, { clientOf: mill.id });
    const jwt = await signIn(t, lab.user.email);
    // The lab sees this mill (a confirmed client), so the rule book answers 403, not 404: its role lacks the action.
    expect((await t.request({ method: 'GET', url: `/api/mills/${mill.id}/approval`, token: jwt })).statusCode).toBe(403);
  });

  it('shows public landing data without private fields', async () => {
    const { mill } = await createMill(t.db);
    const response = (await t.request({ method: 'GET', url: `/api/mills/${mill.id}` })).json();
    expect(Object.keys(response).sort()).toEqual(['company', 'id', 'landingPageContent', 'landingPageHeader']);
  });
});

describe('development outbox', () => {
  it('lists mails newest first outside production', async () => {
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.test' } });
    const response = await t.request({ method: 'GET', url: '/api/dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json().mails)).toBe(true);
    expect((await t.request({ method: 'GET', url: '/dev/mail' })).headers['content-type']).toContain('text/html');
  });

  it('is absent in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.request({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
