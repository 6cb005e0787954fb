import { eq } from 'drizzle-orm';
import { sessionToken } from '../../test/session-token.ts';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../db/schema/users.ts';
import { callerOf, claimsOf } from '../lib/current-user.ts';
import { createLab } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The session hook (lib/current-user.ts) on routes of its own, added to the whole app: a route's
 * declaration alone decides whether its handler runs, and with which caller.
 */
let t: TestApp;
/** Every handler that ran, by route: a refused request must leave no trace here. */
let ran: string[];

const seen = (request: FastifyRequest) => ({ caller: request.caller?.id ?? null, claims: request.callerClaims?.userId ?? null });

beforeAll(async () => {
  t = await createTestApp();
  const app = t.app.withTypeProvider<ZodTypeProvider>();
  app.get('/session-hook/signed-in', { config: { access: 'signedIn' } }, async (request) => {
    ran.push('signed-in');
    return { id: callerOf(request).id };
  });
  app.post(
    '/session-hook/action',
    { config: { access: 'orders.create' }, schema: { body: z.object({ name: z.string().min(1) }) } },
    async (request) => {
      ran.push('action');
      return { id: callerOf(request).id, name: request.body.name };
    },
  );
  app.get('/session-hook/claims', { config: { access: 'orders.list', session: 'claims' } }, async (request) => {
    ran.push('claims');
    return { ...seen(request), userId: claimsOf(request).userId };
  });
  app.get('/session-hook/public', { config: { access: 'public' } }, async (request) => {
    ran.push('public');
    return seen(request);
  });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  ran = [];
});

const tokenOf = (user: typeof users.$inferSelect) => sessionToken(t.app, user);

describe('the session hook', () => {
  it('refuses a signedIn or rule-book route without a valid session before its handler runs', async () => {
    const lab = await createLab(t.db);
    const forged = `${(await tokenOf(lab.user)).slice(0, -4)}AAAA`;
    for (const token of [undefined, 'garbage', forged]) {
      expect((await t.request({ method: 'GET', url: '/session-hook/signed-in', token })).statusCode).toBe(401);
      const action = await t.request({ method: 'POST', url: '/session-hook/action', token, payload: { name: 'crown' } });
      expect(action.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    }
    expect(ran).toEqual([]);
  });

  it('applies the whole session check: a blocked user is refused before the handler', async () => {
    const lab = await createLab(t.db);
    const [blocked] = await t.db.update(users).set({ blocked: true }).where(eq(users.id, lab.user.id)).returning();
    const response = await t.request({
      method: 'POST',
      url: '/session-hook/action',
      token: await tokenOf(blocked!),
      payload: { name: 'crown' },
    });
    expect(response.json()).toMatchObject({ statusCode: 401, code: 'ACCOUNT_BLOCKED' });
    expect(ran).toEqual([]);
  });

  it('hands the handler the signed-in caller', async () => {
    const lab = await createLab(t.db);
    const response = await t.request({
      method: 'POST',
      url: '/session-hook/action',
      token: await tokenOf(lab.user),
      payload: { name: 'crown' },
    });
    expect(response.json()).toEqual({ id: lab.user.id, name: 'crown' });
    expect((await t.request({ method: 'GET', url: '/session-hook/signed-in', token: await tokenOf(lab.user) })).json()).toEqual({
      id: lab.user.id,
    });
    expect(ran).toEqual(['action', 'signed-in']);
  });

  it('checks the session after the schema: a malformed request is told what is wrong before it is told to sign in', async () => {
    expect((await t.request({ method: 'POST', url: '/session-hook/action', payload: { name: '' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/session-hook/action', payload: { name: 'crown' } })).statusCode).toBe(401);
    expect(ran).toEqual([]);
  });

  it('gives a claims route the verified token only, without reading the user (its service applies the session rules)', async () => {
    const lab = await createLab(t.db);
    const [blocked] = await t.db.update(users).set({ blocked: true }).where(eq(users.id, lab.user.id)).returning();
    const response = await t.request({ method: 'GET', url: '/session-hook/claims', token: await tokenOf(blocked!) });
    expect(response.json()).toEqual({ caller: null, claims: lab.user.id, userId: lab.user.id });
    expect((await t.request({ method: 'GET', url: '/session-hook/claims', token: 'garbage' })).statusCode).toBe(401);
    expect(ran).toEqual(['claims']);
  });

  it('gives a public route no caller, even when the request carries a valid session', async () => {
    const lab = await createLab(t.db);
    const response = await t.request({ method: 'GET', url: '/session-hook/public', token: await tokenOf(lab.user) });
    expect(response.json()).toEqual({ caller: null, claims: null });
    expect((await t.request({ method: 'GET', url: '/session-hook/public', token: 'garbage' })).statusCode).toBe(200);
    expect(ran).toEqual(['public', 'public']);
  });
});
