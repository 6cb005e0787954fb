import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInternalAddress, safeFetch, SafeFetchError } from './safe-fetch.ts';

/**
 * The guarded fetch of dealer-given URLs against a real local HTTP server: refused by default (it
 * is on loopback), reached only when the setting allows its host, and held to its limits.
 */
let server: http.Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/ok') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    if (url.pathname === '/to-ok') return res.writeHead(302, { location: '/ok' }).end();
    if (url.pathname === '/to-metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url.pathname === '/to-private') return res.writeHead(301, { location: 'http://10.1.2.3/' }).end();
    if (url.pathname === '/to-localhost-name') return res.writeHead(307, { location: `http://localhost:${port}/ok` }).end();
    if (url.pathname === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (url.pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (url.pathname === '/big') return res.writeHead(200).end('x'.repeat(5000));
    if (url.pathname === '/big-chunked') {
      // No Content-Length: the cap must hold while reading.
      res.writeHead(200);
      for (let i = 0; i < 10; i += 1) res.write('y'.repeat(1000));
      return res.end();
    }
    if (url.pathname === '/slow') return void setTimeout(() => res.writeHead(200).end('late'), 2000);
    if (url.pathname === '/missing') return res.writeHead(404).end();
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allowed = { allowedHosts: ['127.0.0.1'] };

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error.reason;
    throw error;
  }
  throw new Error('the fetch was not refused');
}

describe('isInternalAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.10.0.5', true],
    ['10.0.0.8', true],
    ['172.16.4.1', true],
    ['172.31.255.255', true],
    ['192.168.1.20', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd12:3456::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true],
    ['64:ff9b::a00:1', true],
    ['2002:c0a8:0101::1', true],
    ['ff02::1', true],
    ['93.184.216.34', false],
    ['172.32.0.1', false],
    ['8.8.8.8', false],
    ['2606:4700::1111', false],
    ['::ffff:8.8.8.8', false],
    ['not-an-ip', true],
  ])('%s → %s', (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });
});

describe('safeFetch', () => {
  it('refuses loopback, private and link-local targets, as literals and by name', async () => {
    expect(await failure(safeFetch(`${base}/ok`, { allowedHosts: [] }))).toBe('address');
    expect(await failure(safeFetch(`http://[::1]:${port}/ok`, { allowedHosts: [] }))).toBe('address');
    expect(await failure(safeFetch(`http://localhost:${port}/ok`, { allowedHosts: [] }))).toBe('address');
    expect(await failure(safeFetch('http://10.0.0.1/', { allowedHosts: [] }))).toBe('address');
    expect(await failure(safeFetch('http://192.168.0.1/', { allowedHosts: [] }))).toBe('address');
    expect(await failure(safeFetch('http://169.254.169.254/latest/meta-data/', { allowedHosts: [] }))).toBe('address');
    // The URL parser turns these spellings of 127.0.0.1 into the literal, which is then refused.
    expect(await failure(safeFetch(`http://2130706433:${port}/ok`, { allowedHosts: [] }))).toBe('address');
    expect(await failure(safeFetch(`http://[::ffff:127.0.0.1]:${port}/ok`, { allowedHosts: [] }))).toBe('address');
  });

  it('refuses other schemes and URLs with credentials', async () => {
    expect(await failure(safeFetch('file:///etc/passwd', allowed))).toBe('protocol');
    expect(await failure(safeFetch('ftp://example.com/x', allowed))).toBe('protocol');
    expect(await failure(safeFetch(`http://user:secret@127.0.0.1:${port}/ok`, allowed))).toBe('url');
    expect(await failure(safeFetch('not a url', allowed))).toBe('url');
  });

  it('reaches an allowed host and follows a redirect on it', async () => {
    const direct = await safeFetch(`${base}/ok`, allowed);
    expect(JSON.parse(direct.body.toString())).toEqual({ ok: true });
    const redirected = await safeFetch(`${base}/to-ok`, allowed);
    expect(redirected.url).toBe(`${base}/ok`);
    expect(redirected.status).toBe(200);
  });

  it('checks every redirect target: internal addresses and names, other schemes, loops', async () => {
    expect(await failure(safeFetch(`${base}/to-metadata`, allowed))).toBe('address');
    expect(await failure(safeFetch(`${base}/to-private`, allowed))).toBe('address');
    // localhost is not in the allowed list, though it is the same server.
    expect(await failure(safeFetch(`${base}/to-localhost-name`, allowed))).toBe('address');
    expect(await failure(safeFetch(`${base}/to-file`, allowed))).toBe('protocol');
    expect(await failure(safeFetch(`${base}/loop`, allowed))).toBe('redirects');
  });

  it('caps the size, declared or streamed', async () => {
    expect(await failure(safeFetch(`${base}/big`, { ...allowed, maxBytes: 1000 }))).toBe('size');
    expect(await failure(safeFetch(`${base}/big-chunked`, { ...allowed, maxBytes: 5000 }))).toBe('size');
    expect((await safeFetch(`${base}/big`, { ...allowed, maxBytes: 5000 })).body.length).toBe(5000);
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    expect(await failure(safeFetch(`${base}/slow`, { ...allowed, timeoutMs: 200 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reports an error status', async () => {
    expect(await failure(safeFetch(`${base}/missing`, allowed))).toBe('status');
  });
});
