import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PIN_HEADER, startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';

/** A backend that says which connection (its client port) each request came on. */
interface Backend {
  port: number;
  connections: Set<number>;
  /** The next request on a connection that already served one is cut unanswered, once. */
  cutNextReused(): void;
  close(): Promise<void>;
}

async function startBackend(): Promise<Backend> {
  const connections = new Set<number>();
  const served = new WeakMap<object, number>();
  let cut = false;
  const server = http.createServer((request, response) => {
    const count = (served.get(request.socket) ?? 0) + 1;
    served.set(request.socket, count);
    if (request.url === '/api/health/ready') return response.end('ok');
    if (cut && count > 1) {
      cut = false;
      return request.socket.destroy();
    }
    connections.add(request.socket.remotePort!);
    request.resume();
    request.on('end', () => response.end(String(request.socket.remotePort)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    cutNextReused: () => (cut = true),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let backends: Backend[] = [];
let proxy: RoundRobinProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  await Promise.all(backends.map((backend) => backend.close()));
  backends = [];
});

async function setUp(count: number) {
  backends = await Promise.all(Array.from({ length: count }, startBackend));
  proxy = await startRoundRobinProxy(backends.map((backend) => backend.port));
  await proxy.waitForRotation(backends.map((_backend, index) => index));
  return proxy;
}

describe('the tests’ round-robin proxy', () => {
  it('sends requests to the backends in turn over kept-alive connections', async () => {
    const { url } = await setUp(2);
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${url}/list`)).status).toBe(200);
    expect(backends.map((backend) => backend.connections.size)).toEqual([1, 1]);
  });

  it('sends a GET again when its kept-alive connection was closed as it was reused, not a POST', async () => {
    const { url } = await setUp(1);
    const pinned = { [PIN_HEADER]: '0' };
    expect((await fetch(`${url}/list`, { headers: pinned })).status).toBe(200);
    backends[0]!.cutNextReused();
    expect((await fetch(`${url}/list`, { headers: pinned })).status).toBe(200);

    expect((await fetch(`${url}/list`, { headers: pinned })).status).toBe(200);
    backends[0]!.cutNextReused();
    const post = await fetch(`${url}/upload`, { method: 'POST', headers: pinned, body: 'bytes' });
    expect(post.status).toBe(502);
  });
});
