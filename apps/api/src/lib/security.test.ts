import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../deps.ts';
import { createDealer, createLab, createManager, createMill, PASSWORD, signIn, uniqueEmail } from '../../test/factories.ts';
import { sessionToken } from '../../test/session-token.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The classic failures of token-based APIs (DESIGN §6), each tried against the real app. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function b64url(value: object | string): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

function hs256(payload: object, secret: string): string {
  const head = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('forged and stale JWTs', () => {
  it('refuses alg none, a wrong key, an expired token and garbage', async () => {
    const { admin } = await createMill(t.db);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(admin.id), ver: 0, iat: now };
    const tokens = [
      `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`,
      hs256(claims, 'not-the-server-secret-not-the-server-secret'),
      t.app.jwt.sign({ sub: String(admin.id), ver: 0, sid: randomUUID() }, { expiresIn: -10 }),
      'garbage',
      '',
    ];
    for (const token of tokens) {
      const response = await t.request({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('accepts a correctly signed token for the same claims (the test above is not vacuous)', async () => {
    const { admin } = await createMill(t.db);
    const token = await sessionToken(t.app, admin);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(200);
  });

  it('ends a session when the user is blocked', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const { users } = await import('../db/schema/users.ts');
    const { eq } = await import('drizzle-orm');
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, admin.id));
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).statusCode).toBe(401);
  });
});

describe('no private field in any response', () => {
  const PRIVATE = /password|passwordHash|password_hash|tokenVersion|token_version|tokenHash|token_hash|promotionsOptOut/i;

  function privateKeys(value: unknown, found: string[] = []): string[] {
    if (Array.isArray(value)) value.forEach((item) => privateKeys(item, found));
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (PRIVATE.test(key)) found.push(key);
        privateKeys(inner, found);
      }
    }
    return found;
  }

  it('holds for the session of every role and every account read', async () => {
    const mill = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.mill.id });
    const manager = await createManager(t.db);
    const dealer = await createDealer(t.db);
    for (const email of [mill.admin.email, lab.user.email, manager.email, dealer.user.email]) {
      const login = await t.request({ method: 'POST', url: '/api/auth/local', payload: { identifier: email, password: PASSWORD } });
      expect(login.statusCode).toBe(200);
      expect(privateKeys(login.json())).toEqual([]);
      const token = login.json().jwt;
      for (const url of ['/api/users/me', '/api/users/companyInfo', '/api/notifications']) {
        const response = await t.request({ method: 'GET', url, token });
        expect(privateKeys(response.json())).toEqual([]);
      }
    }
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('limits sign-in per identifier, whatever the case or blanks of the email', async () => {
    const email = uniqueEmail('target');
    const max = DEFAULT_RATE_LIMITS.signIn.perIdentifier!.max;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const identifier = i % 2 ? email.toUpperCase() : ` ${email} `;
      const response = await limited.request({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier, password: 'wrong-password!' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, max).every((s) => s === 400)).toBe(true);
    const last = await limited.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: email, password: 'wrong-password!' },
    });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many attempts/) });
  });

  it('limits sign-in per IP across different identifiers', async () => {
    const max = DEFAULT_RATE_LIMITS.signIn.perIp.max;
    let last = 0;
    for (let i = 0; i <= max; i++) {
      const response = await limited.request({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress: '203.0.113.7',
        payload: { identifier: uniqueEmail('spray'), password: 'wrong-password!' },
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
    const otherIp = await limited.request({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: '203.0.113.8',
      payload: { identifier: uniqueEmail(), password: 'wrong-password!' },
    });
    expect(otherIp.statusCode).toBe(400);
  });

  it('ignores a client-sent X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const max = DEFAULT_RATE_LIMITS.signIn.perIp.max;
    const spoofing = await createTestApp({ env: { NODE_ENV: 'production' }, rateLimits: { signIn: DEFAULT_RATE_LIMITS.signIn } });
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' }, rateLimits: { signIn: DEFAULT_RATE_LIMITS.signIn } });
    try {
      const attempt = (t: TestApp, i: number) =>
        t.request({
          method: 'POST',
          url: '/api/auth/local',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `192.0.2.${i}` },
          payload: { identifier: uniqueEmail('spoof'), password: 'wrong-password!' },
        });
      const spoofed: number[] = [];
      const proxied: number[] = [];
      for (let i = 0; i <= max; i++) {
        spoofed.push((await attempt(spoofing, i)).statusCode);
        proxied.push((await attempt(behindProxy, i)).statusCode);
      }
      expect(spoofed.at(-1)).toBe(429);
      expect(proxied.every((status) => status === 400)).toBe(true);
    } finally {
      await spoofing.close();
      await behindProxy.close();
    }
  });

  it('limits forgot-password per email and check-unique-email per IP', async () => {
    const email = uniqueEmail('forgot');
    const forgotMax = DEFAULT_RATE_LIMITS.forgotPassword.perIdentifier!.max;
    const forgot = [];
    for (let i = 0; i <= forgotMax; i++) {
      forgot.push(
        (await limited.request({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: `198.51.100.${i}`, payload: { email } }))
          .statusCode,
      );
    }
    expect(forgot.at(-1)).toBe(429);
    expect(forgot.slice(0, forgotMax).every((s) => s === 200)).toBe(true);

    const uniqueMax = DEFAULT_RATE_LIMITS.checkUniqueEmail.perIp.max;
    let status = 0;
    for (let i = 0; i <= uniqueMax; i++) {
      status = (
        await limited.request({
          method: 'POST',
          url: '/api/auth/check-unique-email',
          remoteAddress: '192.0.2.50',
          payload: { email: uniqueEmail() },
        })
      ).statusCode;
    }
    expect(status).toBe(429);
  });

  it('limits token endpoints per IP', async () => {
    const max = DEFAULT_RATE_LIMITS.token.perIp.max;
    let status = 0;
    for (let i = 0; i <= max; i++) {
      status = (
        await limited.request({
          method: 'GET',
          url: `/api/auth/email-confirmation?confirmation=${'x'.repeat(43)}`,
          remoteAddress: '192.0.2.77',
        })
      ).statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('headers and errors', () => {
  it('sends security headers and a strict CSP', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/local',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});
