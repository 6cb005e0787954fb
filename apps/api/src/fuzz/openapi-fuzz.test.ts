import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.ts';
import { randomLicenceKey } from '../db/seed/seed.ts';
import { addMillUser, createLab, signIn, signedInMill, uniqueEmail } from '../../test/factories.ts';
import { binaryStl, multipartFile, sendOrder } from '../../test/orders.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { malformedRequests, withoutSession, type FuzzRequest } from './malformed-requests.ts';
import { operationsOf, type IdBook, type OpenApiDocument, type Operation } from './openapi-operations.ts';

/**
 * Issue 9 §6: no answer of 500 to anything a caller sends. Every operation of the OpenAPI
 * document (so a new endpoint is covered without touching this file) gets malformed variants of
 * a well-formed request, anonymously and as a mill admin and a lab user with real ids of their own
 * records; no answer may be a 5xx or show a stack trace, SQL or a PostgreSQL message.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A mill with a colleague, a confirmed client lab and one sent order with a document and a download. */
interface World {
  millJwt: string;
  labJwt: string;
  ids: IdBook;
}

async function createWorld(): Promise<World> {
  const { mill, company, admin, jwt: millJwt } = await signedInMill(t);
  const colleague = await addMillUser(t.db, mill.id, company.id);
  const lab = await createLab(t.db, { clientOf: mill.id });
  const labJwt = await signIn(t, lab.user.email);
  const order = await sendOrder(t, labJwt, mill.id);
  const componentId = order.components[0]!.id;
  const documentId = (await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: millJwt })).json()
    .documents[0].id as number;
  const download = await t.request({
    method: 'POST',
    url: `/api/downloads?projectId=${order.id}&componentId=${componentId}`,
    token: millJwt,
    ...multipartFile('files.file', 'result.stl', binaryStl()),
  });
  const key = await t.request({
    method: 'POST',
    url: '/api/toolpass-data-collection-consents',
    token: millJwt,
    payload: { millId: mill.id, licenseKey: randomLicenceKey(), enableDataCollection: false },
  });
  if (download.statusCode !== 200 || key.statusCode !== 200) throw new Error(`world setup failed: ${download.body} ${key.body}`);
  return {
    millJwt,
    labJwt,
    ids: {
      mills: mill.id,
      millId: mill.id,
      invitedMillId: mill.id,
      labs: lab.lab.id,
      labId: lab.lab.id,
      client: lab.lab.id,
      companies: lab.company.id,
      orders: order.id,
      projects: order.id,
      project: order.id,
      projectId: order.id,
      orderId: order.id,
      components: componentId,
      componentId,
      users: colleague.id,
      userId: lab.user.id,
      responsibleId: admin.id,
      responsible: admin.id,
      files: documentId,
      downloads: download.json().id as number,
      'toolpass-data-collection-consents': key.json().id as number,
    },
  };
}

/** A variant that changed the world for good (an email change ends the session, a client removed). */
async function stillIntact(world: World): Promise<boolean> {
  const answers = await Promise.all([
    t.request({ method: 'GET', url: '/api/users/me', token: world.millJwt }),
    t.request({ method: 'GET', url: `/api/projects/${world.ids.projectId}/components/${world.ids.componentId}`, token: world.labJwt }),
  ]);
  return answers.every((answer) => answer.statusCode === 200);
}

const LEAKS: [string, RegExp][] = [
  ['stack frame', /\n\s+at \S|\bat \S+ \(|node:internal/],
  ['source position', /\.[cm]?[jt]s:\d+/],
  ['SQL', /Failed query|\bselect\b[^]{0,300}?\bfrom\s+"|\binsert into\s+"|\bupdate\s+"\w+"\s+set\b|\bdelete from\s+"/i],
  [
    'PostgreSQL error',
    /violates (unique|foreign key|check|not-null) constraint|duplicate key value|invalid byte sequence|out of range for type|invalid input syntax|syntax error at or near|null value in column|(relation|column) "\w+" does not exist/i,
  ],
];

function leakIn(response: LightMyRequestResponse): string | null {
  const type = String(response.headers['content-type'] ?? '');
  if (!/json|text|html/.test(type)) return null;
  return LEAKS.find(([, pattern]) => pattern.test(response.body))?.[0] ?? null;
}

interface Findings {
  requests: number;
  failures: string[];
  /** Operations that read a multipart form but carry no `x-multipart` mark, so are fuzzed only half. */
  unmarkedMultipart: Set<string>;
}

async function send(findings: Findings, where: string, request: FuzzRequest, token?: string): Promise<LightMyRequestResponse | null> {
  const headers = { ...request.headers, ...(token && !request.headers?.authorization ? { authorization: `Bearer ${token}` } : {}) };
  findings.requests += 1;
  let response: LightMyRequestResponse;
  try {
    response = await t.app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload });
  } catch (error) {
    findings.failures.push(`${where}: ${request.label} → threw ${(error as Error).message}`);
    return null;
  }
  const leak = leakIn(response);
  if (response.statusCode >= 500 || leak) {
    findings.failures.push(
      `${response.statusCode} ${where}: ${request.label}${leak ? ` (${leak} in body)` : ''} → ${response.body.slice(0, 160)}`,
    );
  }
  return response;
}

/** A few at a time: enough to keep the database busy, few enough not to starve its pool. */
async function sendAll(findings: Findings, operation: Operation, caller: string, requests: FuzzRequest[], token?: string): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const response = await send(findings, `${operation.key} as ${caller}`, requests[next++]!, token);
      if (!operation.multipart && response?.body.includes('Expected a multipart form')) findings.unmarkedMultipart.add(operation.key);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

/**
 * The operations are fuzzed in three parts, each its own test with its own time limit: on a
 * loaded two-core machine the whole document took close to one test's 180 s.
 */
const FUZZ_PARTS = 3;

describe('the OpenAPI-driven fuzz', () => {
  it('covers more than 50 operations of the document', async () => {
    const operations = operationsOf((await t.request({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument);
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(Array.from({ length: FUZZ_PARTS }, (_, part) => part + 1))(
    'answers every malformed request of part %i of the operations without a 5xx or internals',
    async (part) => {
      const started = Date.now();
      const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
      const operations = operationsOf(document).filter((_, index) => index % FUZZ_PARTS === part - 1);
      const findings: Findings = { requests: 0, failures: [], unmarkedMultipart: new Set() };
      let world = await createWorld();
      let rebuilt = 0;

      for (const operation of operations) {
        if (operation.secured) await sendAll(findings, operation, 'anonymous', withoutSession(operation, world.ids));
        else await sendAll(findings, operation, 'anonymous', malformedRequests(operation, world.ids));
        for (const caller of ['mill admin', 'lab user'] as const) {
          await sendAll(
            findings,
            operation,
            caller,
            malformedRequests(operation, world.ids),
            caller === 'mill admin' ? world.millJwt : world.labJwt,
          );
          if (operation.method !== 'GET' && !(await stillIntact(world))) {
            world = await createWorld();
            rebuilt += 1;
          }
        }
      }

      console.info(
        `openapi fuzz part ${part}: ${findings.requests} requests, ${operations.length} operations (${operations.filter((o) => o.multipart).length} multipart), world rebuilt ${rebuilt}×, ${Date.now() - started} ms`,
      );
      expect(operations.length).toBeGreaterThan(0);
      expect(findings.failures).toEqual([]);
      expect([...findings.unmarkedMultipart]).toEqual([]);
    },
    180_000,
  );
});

/** The fuzz only asks for "no 5xx"; these say what the refusals of its findings look like. */
describe('what a malformed request is told', () => {
  it('names the field that holds a control character, a lone surrogate or an id past the column range', async () => {
    const world = await createWorld();
    const { millId, projectId, componentId } = world.ids;
    const asMill = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.request({ method, url, token: world.millJwt, payload });
    const refusals = [
      await asMill('POST', `/api/mills/${millId}/clients`, {
        firstName: 'a\u0000b',
        lastName: 'Lab',
        email: uniqueEmail(),
        activationMessage: 'Hi',
      }),
      await asMill('GET', `/api/mills/${millId}/projects?_q=%00`),
      await asMill('GET', `/api/mills/${millId}/projects?client=2147483648`),
      await asMill('POST', `/api/mills/${millId}/messages`, { projectId: 2 ** 31, message: 'Hello' }),
      await asMill('PUT', `/api/projects/${projectId}/components/${componentId}`, { comment: 'a\u0000b' }),
      await asMill('POST', `/api/mills/${millId}/support/contact/send-email`, { topic: 'Help', message: 'a\ud800b' }),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json().code, Object.keys(r.json().errors ?? {})])).toEqual([
      [400, 'VALIDATION_FAILED', ['firstName']],
      [400, 'VALIDATION_FAILED', ['_q']],
      [400, 'VALIDATION_FAILED', ['client']],
      [400, 'VALIDATION_FAILED', ['projectId']],
      [400, 'VALIDATION_FAILED', ['comment']],
      [400, 'VALIDATION_FAILED', ['message']],
    ]);
  });

  it('refuses an update that changes nothing, and keeps line breaks where text may have them', async () => {
    const world = await createWorld();
    const url = `/api/projects/${world.ids.projectId}/components/${world.ids.componentId}`;
    expect((await t.request({ method: 'PUT', url, token: world.millJwt, payload: {} })).statusCode).toBe(400);
    const updated = await t.request({ method: 'PUT', url, token: world.millJwt, payload: { comment: 'Margin:\n\tcheck 11' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().comment).toBe('Margin:\n\tcheck 11');
  });

  it('says a multipart form that ends too soon or has no boundary cannot be read', async () => {
    const world = await createWorld();
    const forms = [
      { 'content-type': 'multipart/form-data', payload: 'garbage' },
      {
        'content-type': 'multipart/form-data; boundary=b',
        payload: '--b\r\nContent-Disposition: form-data; name="files.file"; filename="a.stl"\r\n\r\nsolid',
      },
    ];
    for (const { payload, ...headers } of forms) {
      const answer = await t.request({
        method: 'POST',
        url: `/api/downloads?projectId=${world.ids.projectId}&componentId=${world.ids.componentId}`,
        token: world.millJwt,
        headers,
        payload,
      });
      expect([answer.statusCode, answer.json().message]).toEqual([400, 'The form could not be read: it is malformed or ends too soon']);
    }
  });
});

/**
 * The tus endpoint of order documents lives outside the OpenAPI document (the tus protocol is
 * its contract), so it gets a fixed set of malformed requests of its own.
 */
describe('malformed tus uploads', () => {
  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const metadata = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([key, value]) => `${key} ${b64(value)}`)
      .join(',');

  it('are refused without a 5xx or internals', async () => {
    const findings: Findings = { requests: 0, failures: [], unmarkedMultipart: new Set() };
    const { mill } = await signedInMill(t);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const labJwt = await signIn(t, lab.user.email);
    const draft = await sendOrder(t, labJwt, mill.id, { submit: false, files: [] });
    const valid = { filename: 'crown.stl', orderId: String(draft.id), componentId: String(draft.components[0]!.id) };
    const create = (label: string, headers: Record<string, string>): FuzzRequest => ({
      label,
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '134', 'upload-metadata': metadata(valid), ...headers },
    });
    const creations = [
      create('no Tus-Resumable', { 'tus-resumable': '' }),
      ...['abc', '-1', '1.5', '1e308', '99999999999999999999999', ''].map((length) =>
        create(`Upload-Length ${length}`, { 'upload-length': length }),
      ),
      ...['!!!', 'filename', 'filename @@@,orderId', `filename ${b64('a.stl')},filename ${b64('b.stl')}`, ' , ,'].map((raw) =>
        create(`metadata ${raw}`, { 'upload-metadata': raw }),
      ),
      ...['2147483648', '9007199254740991', '-1', '1.5', 'abc', ''].flatMap((id) => [
        create(`orderId ${id}`, { 'upload-metadata': metadata({ ...valid, orderId: id }) }),
        create(`componentId ${id}`, { 'upload-metadata': metadata({ ...valid, componentId: id }) }),
      ]),
      ...['crown\u0000.stl', 'crown\u0001\u001b.stl', `${'x'.repeat(100_000)}.stl`].map((filename) =>
        create(`filename ${JSON.stringify(filename).slice(0, 30)}`, { 'upload-metadata': metadata({ ...valid, filename }) }),
      ),
      // Metadata is base64 of bytes: these are no UTF-8 (an overlong slash, a stray 0xFF, a lone surrogate's bytes).
      ...[
        [0x61, 0xc0, 0xaf, 0x2e, 0x73, 0x74, 0x6c],
        [0xff, 0x2e, 0x73, 0x74, 0x6c],
        [0xed, 0xa0, 0x80, 0x2e, 0x73, 0x74, 0x6c],
      ].map((bytes) =>
        create(`filename bytes ${bytes.join(' ')}`, {
          'upload-metadata': `${metadata({ ...valid, filename: 'x' }).replace(/^filename \S+/, `filename ${Buffer.from(bytes).toString('base64')}`)}`,
        }),
      ),
    ];
    const anonymous = { ...create('anonymous', {}) };
    await send(findings, 'tus create as anonymous', anonymous);
    for (const request of creations) {
      const response = await send(findings, 'tus create as lab user', request, labJwt);
      // Whatever got created must also survive being finished, its name included.
      const location = response?.statusCode === 201 ? String(response.headers.location) : null;
      if (location && request.label !== 'no Tus-Resumable') {
        await send(
          findings,
          'tus finish as lab user',
          {
            label: request.label,
            method: 'PATCH',
            url: `/api/uploads/${location.split('/').pop()}`,
            headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
            payload: binaryStl(1),
          },
          labJwt,
        );
      }
    }

    const created = await send(findings, 'tus create as lab user', create('valid, 10 bytes', { 'upload-length': '10' }), labJwt);
    const uploadUrl = `/api/uploads/${String(created?.headers.location).split('/').pop()}`;
    const patch = (label: string, headers: Record<string, string>, payload: string | Buffer = 'x'): FuzzRequest => ({
      label,
      method: 'PATCH',
      url: uploadUrl,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', ...headers },
      payload,
    });
    const afterwards = [
      ...['99999999999999999999', '9007199254740991', '-1', 'abc', '1e308', ''].map((offset) =>
        patch(`Upload-Offset ${offset}`, { 'upload-offset': offset }),
      ),
      patch('wrong content type', { 'content-type': 'application/json' }, '{}'),
      patch('more bytes than announced', {}, Buffer.alloc(1000)),
      { label: 'HEAD of an unknown upload', method: 'HEAD', url: '/api/uploads/does-not-exist', headers: { 'tus-resumable': '1.0.0' } },
      { label: 'HEAD with NUL in the id', method: 'HEAD', url: '/api/uploads/%00', headers: { 'tus-resumable': '1.0.0' } },
      {
        label: 'PATCH with a path in the id',
        method: 'PATCH',
        url: '/api/uploads/..%2F..%2Fsecrets.json',
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: 'x',
      },
      { label: 'DELETE of an unknown upload', method: 'DELETE', url: '/api/uploads/does-not-exist', headers: { 'tus-resumable': '1.0.0' } },
    ];
    for (const request of afterwards) await send(findings, 'tus as lab user', request, labJwt);
    await send(findings, 'tus as anonymous', patch('anonymous PATCH', {}));

    expect(created?.statusCode).toBe(201);
    expect(findings.failures).toEqual([]);
  });
});

/** A double click or a retrying client sends the same creation several times at once. */
describe('the same new address sent four times at once', () => {
  const person = { firstName: 'Rita', lastName: 'Race' };
  const fourAtOnce = (url: string, jwt: string, payload: object) =>
    Promise.all(Array.from({ length: 4 }, () => t.request({ method: 'POST', url, token: jwt, payload })));
  const expectEmailTaken = (answers: LightMyRequestResponse[]) => {
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ code: 'EMAIL_TAKEN', errors: { email: ['EMAIL_TAKEN'] } });
    }
  };
  const accountsWith = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email))).length;

  it('adds a mill user once and answers 409 EMAIL_TAKEN to the others', async () => {
    const { mill, jwt } = await signedInMill(t);
    // Several rounds, so that late arrivals (after the winner's commit) occur as well as collisions.
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail('race');
      const answers = await fourAtOnce(`/api/mills/${mill.id}/users`, jwt, { ...person, email, millRole: 'user' });
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expectEmailTaken(answers);
      expect(await accountsWith(email)).toBe(1);
    }
  });

  it('adds a client once; the others hear 409 EMAIL_TAKEN, or invite again when they came after the first', async () => {
    const { mill, jwt } = await signedInMill(t);
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail('race');
      const answers = await fourAtOnce(`/api/mills/${mill.id}/clients`, jwt, { ...person, email, activationMessage: 'Welcome' });
      // Adding a pending client again sends a new invitation (200), so only collisions are refused.
      expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
      expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
      expectEmailTaken(answers);
      expect(await accountsWith(email)).toBe(1);
      const clients = (
        await t.request({ method: 'GET', url: `/api/mills/${mill.id}/clients?_q=${encodeURIComponent(email)}`, token: jwt })
      ).json();
      expect(clients.count).toBe(1);
    }
  });
});
