import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as clients from '@casebridge/shared/contracts/clients';
import { defineEndpoint, errorResponseSchema, noContent } from '@casebridge/shared/contracts/core';
import * as policies from '@casebridge/shared/contracts/policies';
import { withRenamedField } from '@casebridge/shared/contracts/testing';
import * as usage from '@casebridge/shared/contracts/usage';
import type { Client } from '@casebridge/shared/schemas/clients';
import { answerFor, fake, fakeApi, FakeApiRefusal } from '../test/fake-api.ts';
import { fakeContractUpload } from '../test/fake-upload.ts';
import { mockFetch } from '../test/render.tsx';
import { ApiError } from './api-client.ts';
import { callEndpoint, callMultipart, ContractMismatchError, UnlistedStatusError } from './api-call.ts';
import { clientFixture } from '../test/fixtures.ts';

const lena: Client = clientFixture();

const getLena = { method: 'GET', url: '/api/mills/7/clients/21?locale=en', body: undefined };

afterEach(() => vi.unstubAllGlobals());

describe('the web client and the test fake after a field is renamed in a contract', () => {
  const renamed = withRenamedField(clients.getClient, 'email', 'emailAddress');

  it('the web client reads the current shape and refuses the old one under the renamed contract', async () => {
    const calls = mockFetch(() => ({ body: lena }));
    await expect(callEndpoint(clients.getClient, { params: { millId: 7, userId: 21 } })).resolves.toEqual(lena);
    await expect(callEndpoint(renamed, { params: { millId: 7, userId: 21 } })).rejects.toThrow(ContractMismatchError);
    expect(calls.map((call) => call.url)).toEqual([expect.stringMatching(/^\/api\/mills\/7\/clients\/21\?/), expect.any(String)]);
  });

  it('a fake answering the old shape is refused under the renamed contract', () => {
    expect(answerFor([fake(clients.getClient, () => ({ body: lena }))], getLena)).toEqual({ status: 200, body: lena });
    expect(() => answerFor([fake(renamed, () => ({ body: lena }))], getLena)).toThrow(FakeApiRefusal);
  });
});

describe('the contract fake', () => {
  const routes = [fake(clients.setClientBlocked, ({ body }) => ({ body }))];

  it('refuses a request no faked contract describes: another path, another method, a body not as the contract says', () => {
    const post = (url: string, body: unknown) => answerFor(routes, { method: 'POST', url, body });
    expect(post('/api/mill/7/updateLabBlockStatus', { userId: 21, blockedByMill: true })).toEqual({
      status: 200,
      body: { userId: 21, blockedByMill: true },
    });
    expect(() => post('/api/mills/7/updateLabBlockStatus', { userId: 21, blockedByMill: true })).toThrow(/no faked contract/);
    expect(() => answerFor(routes, { ...getLena, url: '/api/mill/7/updateLabBlockStatus' })).toThrow(/no faked contract/);
    expect(() => post('/api/mill/7/updateLabBlockStatus', { userId: 21, blocked: true })).toThrow(/body not as the contract says/);
    expect(() => post('/api/mill/abc/updateLabBlockStatus', { userId: 21, blockedByMill: true })).toThrow(
      /params not as the contract says/,
    );
  });

  // Expected to fail: the page under test would only see a network error, so the fake fails the test itself.
  it.fails('fails the test in which the app made a request no faked contract describes', async () => {
    fakeApi(routes);
    await expect(callEndpoint(clients.getClient, { params: { millId: 7, userId: 21 } })).rejects.toThrow();
  });

  it('builds the path from the contract and sends the query and body the caller gives', async () => {
    const calls = mockFetch(() => ({ body: { count: 0, data: [] } }));
    await callEndpoint(clients.listClients, { params: { millId: 7 }, query: { status: 'active', _start: 10 } });
    const url = new URL(calls[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/mills/7/clients');
    expect(url.searchParams.get('status')).toBe('active');
    expect(url.searchParams.get('_start')).toBe('10');
  });
});

describe('the status of a refusal', () => {
  const refusal = (statusCode: number, code: string) => ({
    status: statusCode,
    body: { statusCode, error: 'x', code, message: 'Refused here' },
  });
  const getIt = () => callEndpoint(clients.getClient, { params: { millId: 7, userId: 21 } });

  it('passes a listed refusal on as the ApiError with the server message', async () => {
    mockFetch(() => refusal(404, 'NOT_FOUND'));
    await expect(getIt()).rejects.toSatisfy((error) => error instanceof ApiError && error.message === 'Refused here');
  });

  it('refuses a refusal whose status the contract does not list', async () => {
    mockFetch(() => refusal(409, 'CONFLICT'));
    await expect(getIt()).rejects.toThrow(UnlistedStatusError);
    await expect(getIt()).rejects.toThrow(/answered 409, a status its contract does not list \(Refused here\)/);
  });

  it('leaves a server failure as it is: no contract lists a 500', async () => {
    mockFetch(() => refusal(500, 'INTERNAL'));
    await expect(getIt()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('uploads through their contract (callMultipart)', () => {
  const pdf = () => new File(['%PDF-1.7'], 'terms.pdf', { type: 'application/pdf' });
  const doc = {
    id: 4,
    kind: 'terms-of-service' as const,
    language: 'en',
    title: 'Terms',
    active: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    url: '/api/policy-documents/4/content',
  };

  it('sends the data part and the file under the name the contract gives, and checks the answer', async () => {
    const calls = fakeApi([fake(policies.publishPolicyDocument, () => ({ body: doc }))]);
    await expect(
      callMultipart(policies.publishPolicyDocument, { data: { kind: 'terms-of-service', language: 'en' }, file: pdf() }),
    ).resolves.toEqual(doc);
    const form = calls[0]!.body as FormData;
    expect([...form.keys()]).toEqual(['data', 'files.file']);
    await expect(
      callMultipart(withRenamedField(policies.publishPolicyDocument, 'title', 'name'), {
        data: { kind: 'terms-of-service', language: 'en' },
        file: pdf(),
      }),
    ).rejects.toThrow(ContractMismatchError);
  });

  it('the fake refuses a data part or a file name the contract does not describe', () => {
    const routes = [fake(policies.publishPolicyDocument, () => ({ body: doc }))];
    const upload = (data: unknown, fileName: string) => {
      const form = new FormData();
      form.append('data', JSON.stringify(data));
      form.append(fileName, pdf());
      return answerFor(routes, { method: 'POST', url: '/api/policy-documents', body: form });
    };
    expect(upload({ kind: 'terms-of-service', language: 'en' }, 'files.file').status).toBe(200);
    expect(() => upload({ kind: 'terms-of-service', language: 'fr' }, 'files.file')).toThrow(/body not as the contract says/);
    expect(() => upload({ kind: 'terms-of-service', language: 'en' }, 'files.pdf')).toThrow(/contract names files\.file/);
    expect(() => answerFor(routes, { method: 'POST', url: '/api/policy-documents', body: { kind: 'terms-of-service' } })).toThrow(
      /takes a multipart form/,
    );
  });

  it('goes with progress through XMLHttpRequest, on the contract fake as well', async () => {
    const route = fake(policies.publishPolicyDocument, () => ({ body: doc }));
    const { opened } = fakeContractUpload(route, { progress: 40 });
    const progress: number[] = [];
    const upload = (endpoint: typeof policies.publishPolicyDocument) =>
      callMultipart(endpoint, {
        data: { kind: 'terms-of-service', language: 'en' },
        file: pdf(),
        onProgress: (sent) => progress.push(sent),
      });
    await expect(upload(policies.publishPolicyDocument)).resolves.toEqual(doc);
    expect(progress).toEqual([40]);
    expect(opened).toEqual([expect.stringMatching(/^POST \/api\/policy-documents(\?|$)/)]);
    await expect(upload(withRenamedField(policies.publishPolicyDocument, 'title', 'name'))).rejects.toThrow(ContractMismatchError);
  });

  // Expected to fail: the page would only see a network error, so the upload fake fails the test itself.
  it.fails('the upload fake fails the test in which the app sent an upload its contract does not describe', async () => {
    fakeContractUpload(fake(policies.publishPolicyDocument, () => ({ body: doc })));
    const upload = callMultipart(policies.publishPolicyDocument, {
      data: { kind: 'terms-of-service', language: 'fr' as 'en' },
      file: pdf(),
      onProgress: () => undefined,
    });
    await expect(upload).rejects.toThrow();
  });
});

describe('a success other than 200', () => {
  const queued = { received: true as const };
  const ping = {
    licenceKey: 'ABCDE-FGHIJ-KLMNO-PQRST-UVWXY',
    boardSerial: 'B1',
    macAddresses: [],
    pcName: 'PC',
    ipAddresses: [],
    running: true,
  };
  const removeThing = defineEndpoint({
    method: 'DELETE',
    path: '/things/:id',
    summary: 'Remove a thing',
    tags: ['test'],
    access: 'public',
    params: z.object({ id: z.coerce.number() }),
    responses: { 204: noContent, 404: errorResponseSchema },
  });

  it('the fake answers with the contract status by default and the client reads its body', async () => {
    expect(
      answerFor([fake(usage.receiveUsagePing, () => ({ body: queued }))], { method: 'POST', url: '/api/usage/pings', body: ping }),
    ).toEqual({
      status: 202,
      body: queued,
    });
    fakeApi([fake(usage.receiveUsagePing, () => ({ body: queued }))]);
    await expect(callEndpoint(usage.receiveUsagePing, { body: ping })).resolves.toEqual(queued);
    await expect(callEndpoint(withRenamedField(usage.receiveUsagePing, 'received', 'accepted'), { body: ping })).rejects.toThrow(
      ContractMismatchError,
    );
  });

  it('the fake refuses a success under another status than the contract gives', () => {
    const as200 = fake(usage.receiveUsagePing, () => ({ status: 200, body: queued }) as never);
    expect(() => answerFor([as200], { method: 'POST', url: '/api/usage/pings', body: ping })).toThrow(
      /answer 200 not as the contract says/,
    );
  });

  it('a 204 has no body: the fake sends none and the client answers undefined', async () => {
    const calls = fakeApi([fake(removeThing, () => ({}))]);
    await expect(callEndpoint(removeThing, { params: { id: 3 } })).resolves.toBeUndefined();
    expect(calls.map((call) => `${call.method} ${new URL(call.url, 'http://localhost').pathname}`)).toEqual(['DELETE /api/things/3']);
  });
});
