import { readdirSync } from 'node:fs';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as account from '@casebridge/shared/contracts/account';
import * as analytics from '@casebridge/shared/contracts/analytics';
import * as auth from '@casebridge/shared/contracts/auth';
import * as clients from '@casebridge/shared/contracts/clients';
import { commonRefusals, defineEndpoint, errorResponseSchema, noContent, type Endpoint } from '@casebridge/shared/contracts/core';
import * as desktopApp from '@casebridge/shared/contracts/desktop-app';
import * as invitations from '@casebridge/shared/contracts/invitations';
import * as landingPage from '@casebridge/shared/contracts/landing-page';
import * as licenceInfo from '@casebridge/shared/contracts/licence-info';
import * as licenceKeys from '@casebridge/shared/contracts/licence-keys';
import * as messages from '@casebridge/shared/contracts/messages';
import * as millUsers from '@casebridge/shared/contracts/mill-users';
import * as notifications from '@casebridge/shared/contracts/notifications';
import * as onboarding from '@casebridge/shared/contracts/onboarding';
import * as passkeys from '@casebridge/shared/contracts/passkeys';
import * as plans from '@casebridge/shared/contracts/plans';
import * as policies from '@casebridge/shared/contracts/policies';
import * as session from '@casebridge/shared/contracts/session';
import * as subscriptions from '@casebridge/shared/contracts/subscriptions';
import * as support from '@casebridge/shared/contracts/support';
import * as twoFactor from '@casebridge/shared/contracts/two-factor';
import * as twoFactorAdmin from '@casebridge/shared/contracts/two-factor-admin';
import * as usage from '@casebridge/shared/contracts/usage';
import * as userSessions from '@casebridge/shared/contracts/user-sessions';
import * as userSettings from '@casebridge/shared/contracts/user-settings';
import { withRenamedField } from '@casebridge/shared/contracts/testing';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { registerErrorHandler } from './error-handler.ts';
import { createLab, signedInMill, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fromContract } from './contract-route.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A real client as the API answers it today. */
async function realClient() {
  const { mill, jwt } = await signedInMill(t);
  const payload = { firstName: 'Rita', lastName: 'Rename', email: uniqueEmail('rename'), activationMessage: 'Hello' };
  const added = await t.request({ method: 'POST', url: `/api/mills/${mill.id}/clients`, token: jwt, payload });
  const userId = (added.json() as { user: { id: number } }).user.id;
  const response = await t.request({ method: 'GET', url: `/api/mills/${mill.id}/clients/${userId}`, token: jwt });
  expect(response.statusCode).toBe(200);
  return response.json() as unknown;
}

/** A bare Fastify app with the API's zod compilers and one route from the given contract. */
async function serveFromContract(contract: Endpoint, answer: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.route({ ...fromContract(contract), handler: async () => answer as never });
  await app.ready();
  return app;
}

/** Every contract in packages/shared/src/contracts, whatever its feature: a new contract file needs no line here. */
async function everyContract(): Promise<Endpoint[]> {
  const dir = new URL('../../../../packages/shared/src/contracts/', import.meta.url);
  const files = readdirSync(dir).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !['core.ts', 'testing.ts'].includes(file),
  );
  const modules = await Promise.all(files.map((file) => import(new URL(file, dir).href) as Promise<Record<string, unknown>>));
  return modules.flatMap((module) => Object.values(module).filter((value): value is Endpoint => isEndpoint(value)));
}

function isEndpoint(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;
}

const accepted = defineEndpoint({
  method: 'POST',
  path: '/things',
  summary: 'Accept a thing for later',
  tags: ['test'],
  access: 'public',
  body: z.object({ name: z.string() }),
  responses: { 202: z.object({ queued: z.literal(true) }), 400: errorResponseSchema, 409: errorResponseSchema },
});

describe('routes from contracts', () => {
  it('after a field is renamed in a contract, the contract test and the server both refuse the old shape', async () => {
    const body = await realClient();
    const renamed = withRenamedField(clients.getClient, 'email', 'emailAddress');
    expect(clients.getClient.responses[200].safeParse(body).success).toBe(true);
    expect(renamed.responses[200].safeParse(body).success).toBe(false);

    const current = await serveFromContract(clients.getClient, body);
    expect((await current.inject({ method: 'GET', url: '/mills/1/clients/2' })).statusCode).toBe(200);
    // The response serializer checks the answer against the contract: the old shape is a 500, not a silent pass.
    const stale = await serveFromContract(renamed, body);
    expect((await stale.inject({ method: 'GET', url: '/mills/1/clients/2' })).statusCode).toBe(500);
    await Promise.all([current.close(), stale.close()]);
  });

  it('lists every answer of a contract in the OpenAPI document, the 409s of the clients included', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/api/mills/{millId}/clients']!.post!.responses)).toContain('409');
    expect(Object.keys(doc.paths['/api/mill/{millId}/updateLabBlockStatus']!.post!.responses)).toContain('409');
    expect(Object.keys(doc.paths['/api/mills/{millId}/clients/{userId}']!.get!.responses)).not.toContain('409');
    // Orders: a withdrawn order refuses additions and ZIPs, a full plan refuses a submit.
    for (const [path, method] of [
      ['/api/orders/{id}/components', 'post'],
      ['/api/orders/{id}/submit', 'post'],
      ['/api/project/{projectId}/download/documents', 'get'],
    ] as const) {
      expect(Object.keys(doc.paths[path]![method]!.responses), path).toContain('409');
    }
  });

  it('lists every status of every contract in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> } | undefined> | undefined>;
    };
    const endpoints: Endpoint[] = [
      account,
      analytics,
      auth,
      clients,
      desktopApp,
      invitations,
      landingPage,
      licenceInfo,
      licenceKeys,
      messages,
      millUsers,
      notifications,
      onboarding,
      passkeys,
      plans,
      policies,
      session,
      subscriptions,
      support,
      twoFactor,
      twoFactorAdmin,
      usage,
      userSessions,
      userSettings,
    ].flatMap((feature) => Object.values(feature));
    for (const endpoint of endpoints) {
      const path = `/api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
      const documented = doc.paths[path]?.[endpoint.method.toLowerCase()]?.responses ?? {};
      // Every documented answer is the contract's, the upstream 502s (licence store, payment provider) included.
      expect([endpoint.method, path, Object.keys(documented)]).toEqual([endpoint.method, path, Object.keys(endpoint.responses)]);
    }
    expect(Object.keys(doc.paths['/api/mills/{millId}/users']!.post!.responses)).toContain('409');
  });

  it("answers a mill's subscription in the shape of its contract, which the route does not yet register from", async () => {
    const { mill, jwt } = await signedInMill(t);
    const response = await t.request({ method: 'GET', url: `/api/mills/${mill.id}/subscription`, token: jwt });
    expect(response.statusCode).toBe(200);
    expect(subscriptions.getSubscription.responses[200].safeParse(response.json()).success).toBe(true);
  });

  it('marks an upload contract as multipart in the OpenAPI document, with its file part and data schema, and lists its 413', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { 'x-multipart'?: { file: string; data?: { required?: string[] } }; responses: object }>>;
    };
    for (const [path, method, file] of [
      ['/api/policy-documents', 'post', 'files.file'],
      ['/api/desktop-app/installer', 'post', 'files.file'],
      ['/api/mills/{id}', 'put', 'files.logo'],
    ] as const) {
      const operation = doc.paths[path]![method]!;
      expect(operation['x-multipart']?.file, path).toBe(file);
      expect(operation['x-multipart']?.data?.required?.length, path).toBeGreaterThan(0);
      expect(Object.keys(operation.responses), path).toContain('413');
    }
  });

  it("sends a contract's declared success status, keeps a refusal's own, and a 204 with no body", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.withTypeProvider<ZodTypeProvider>().route({
      ...fromContract(accepted),
      handler: async (request) => {
        if (request.body.name === 'taken') throw new AppError(409, 'LAB_ALREADY_CLIENT', 'Taken');
        return { queued: true as const };
      },
    });
    const { body: _taken, ...noBody } = accepted;
    const gone = defineEndpoint({ ...noBody, method: 'DELETE', responses: { 204: noContent, ...commonRefusals } });
    app.route({ ...fromContract(gone), handler: async () => undefined });
    await app.ready();
    const post = (name: string) => app.inject({ method: 'POST', url: '/things', payload: { name } });
    expect([(await post('new')).statusCode, (await post('new')).json()]).toEqual([202, { queued: true }]);
    expect((await post('taken')).statusCode).toBe(409);
    const deleted = await app.inject({ method: 'DELETE', url: '/things' });
    expect([deleted.statusCode, deleted.body]).toEqual([204, '']);
    // The 202's answer is checked like a 200's: a wrong shape is the serializer's 500.
    const stale = await serveFromContract(withRenamedField(accepted, 'queued', 'waiting'), { queued: true });
    expect((await stale.inject({ method: 'POST', url: '/things', payload: { name: 'new' } })).statusCode).toBe(500);
    await Promise.all([app.close(), stale.close()]);
  });

  it('refuses a contract with no success status or with two', () => {
    expect(() => defineEndpoint({ ...accepted, responses: { 400: errorResponseSchema } as never })).toThrow(
      /exactly one success status, not none/,
    );
    expect(() => defineEndpoint({ ...accepted, responses: { ...accepted.responses, 200: accepted.responses[202] } })).toThrow(
      /exactly one success status, not 200, 202/,
    );
  });

  it("puts every contract's description in the OpenAPI document", async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { description?: string } | undefined> | undefined>;
    };
    const described = (await everyContract()).filter((endpoint) => endpoint.description);
    // The texts the hand-declared routes had (analytics, licence lookups, configuration test, the usage ping).
    expect(described.length).toBeGreaterThanOrEqual(10);
    for (const endpoint of described) {
      const path = `/api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
      expect([path, doc.paths[path]?.[endpoint.method.toLowerCase()]?.description]).toEqual([path, endpoint.description]);
    }
  });

  it('refuses to register a contract whose access the rule book does not know', () => {
    const typo = defineEndpoint({ ...clients.getClient, access: 'clients.reed' });
    expect(() => fromContract(typo)).toThrow(/clients\.reed is not in the rule book/);
  });

  it('answers 409 LAB_ALREADY_CLIENT, as its contract says, when the address is already a client', async () => {
    const { mill, jwt } = await signedInMill(t);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const payload = { firstName: 'Rita', lastName: 'Twice', email: lab.user.email, activationMessage: 'Hello' };
    const again = await t.request({ method: 'POST', url: `/api/mills/${mill.id}/clients`, token: jwt, payload });
    expect(again.statusCode).toBe(409);
    expect(clients.addClient.responses[409].parse(again.json()).code).toBe('LAB_ALREADY_CLIENT');
  });
});
