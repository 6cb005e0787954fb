import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEndpoint, noContent } from '@casebridge/shared/contracts/core';
import * as orders from '@casebridge/shared/contracts/orders';
import { withRenamedField } from '@casebridge/shared/contracts/testing';
import * as usage from '@casebridge/shared/contracts/usage';
import { Api, ApiError } from './api.ts';
import { CliError } from './io.ts';

/** A server on a free port that records each request's headers and answers as told. */
async function serve(answer: (url: string, respond: (status: number, headers: Record<string, string>, body?: string) => void) => void) {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.headers);
    answer(request.url ?? '/', (status, headers, body) => response.writeHead(status, headers).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-cli-api-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('Api.download', () => {
  // Node's fetch drops the header on a redirect to another origin, not when a proxy serves the bucket under the portal's host.
  it('follows a redirect to a bucket without sending the session there, also on the same origin', async () => {
    const server = await serve((url, respond) =>
      url.startsWith('/api/dl/')
        ? respond(302, { location: '/bucket/documents/x?X-Amz-Signature=s' })
        : respond(200, { 'content-type': 'application/octet-stream' }, 'solid bytes'),
    );
    try {
      const file = path.join(dir, 'redirected.stl');
      expect(await new Api(server.url, 'session-token').download('/api/dl/abc', file)).toBe(11);
      expect(await readFile(file, 'utf8')).toBe('solid bytes');
      expect(server.seen.map((headers) => headers.authorization)).toEqual(['Bearer session-token', undefined]);
    } finally {
      await server.close();
    }
  });

  it("reports the bucket's refusal (an expired URL) as an error", async () => {
    const bucket = await serve((_url, respond) => respond(403, {}, '<Error><Code>AccessDenied</Code></Error>'));
    const portal = await serve((_url, respond) => respond(302, { location: `${bucket.url}/expired` }));
    try {
      await expect(new Api(portal.url, 'session-token').download('/api/dl/abc', path.join(dir, 'refused'))).rejects.toThrow(/Not allowed/);
    } finally {
      await Promise.all([portal.close(), bucket.close()]);
    }
  });
});

describe('Api.call', () => {
  const link = { url: '/api/dl/abc' };
  const refusal = (statusCode: number, code: string) => JSON.stringify({ statusCode, error: 'x', code, message: 'Refused here' });
  const json = { 'content-type': 'application/json' };

  it('builds the URL from the contract and checks the answer against it', async () => {
    const urls: string[] = [];
    const server = await serve((url, respond) => {
      urls.push(url);
      respond(200, json, JSON.stringify(link));
    });
    try {
      const api = new Api(server.url, 'session-token');
      expect(await api.call(orders.orderZipLink, { params: { projectId: 9 } })).toEqual(link);
      expect(urls).toEqual(['/api/project/9/download/documents']);
      // The same answer under a contract whose field was renamed: refused, not read as undefined.
      const renamed = withRenamedField(orders.orderZipLink, 'url', 'href');
      await expect(api.call(renamed, { params: { projectId: 9 } })).rejects.toThrow(/shape this client does not know/);
    } finally {
      await server.close();
    }
  });

  it("gives a listed refusal as the server's message, and refuses a status the contract does not list", async () => {
    const server = await serve((url, respond) =>
      url.startsWith('/api/project/')
        ? respond(409, json, refusal(409, 'ORDER_DELETED_NO_ZIP'))
        : respond(409, json, refusal(409, 'CONFLICT')),
    );
    try {
      const api = new Api(server.url, 'session-token');
      const listed = api.call(orders.orderZipLink, { params: { projectId: 9 } });
      await expect(listed).rejects.toSatisfy((error) => error instanceof ApiError && error.serverMessage === 'Refused here');
      // getComponent lists no 409.
      const unlisted = api.call(orders.getComponent, { params: { projectId: 9, id: 3 } });
      await expect(unlisted).rejects.toSatisfy(
        (error) => error instanceof CliError && /answered 409, a status its contract does not list/.test(error.message),
      );
    } finally {
      await server.close();
    }
  });

  it('expects the success status the contract declares: a 202 is read, a 200 in its place refused, a 204 answers undefined', async () => {
    const ping = {
      licenceKey: 'ABCDE-FGHIJ-KLMNO-PQRST-UVWXY',
      boardSerial: 'B1',
      macAddresses: [],
      pcName: 'PC',
      ipAddresses: [],
      running: true,
    };
    const statuses = [202, 200, 204];
    const server = await serve((_url, respond) => {
      const status = statuses.shift()!;
      respond(status, json, status === 204 ? undefined : JSON.stringify({ received: true }));
    });
    try {
      const api = new Api(server.url);
      expect(await api.call(usage.receiveUsagePing, { body: ping })).toEqual({ received: true });
      await expect(api.call(usage.receiveUsagePing, { body: ping })).rejects.toThrow(/answered 200 where 202 was expected/);
      const removeThing = defineEndpoint({
        method: 'DELETE',
        path: '/things',
        summary: 'Remove',
        tags: ['test'],
        access: 'public',
        responses: { 204: noContent },
      });
      expect(await api.call(removeThing, {})).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
