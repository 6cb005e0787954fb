import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';

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
