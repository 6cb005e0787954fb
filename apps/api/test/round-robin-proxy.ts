import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

/** A request carrying this header (a backend's index) goes to that backend, in rotation or not. */
export const PIN_HEADER = 'x-test-backend';

/** Headers that describe one connection, not the request: never forwarded as they are. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', PIN_HEADER]);

export interface RoundRobinProxy {
  readonly url: string;
  /** Indexes of the backends whose readiness probe answered 200 last. */
  inRotation(): number[];
  /** Resolves once exactly these backends are in rotation (the proxy has seen them come or go). */
  waitForRotation(expected: number[], timeoutMs?: number): Promise<void>;
  /** How many requests each backend was sent, retries included. */
  forwarded(): number[];
  close(): Promise<void>;
}

/**
 * A load balancer for tests, in front of processes on 127.0.0.1: requests and websocket upgrades
 * go to the ready backends in turn. As a load balancer does, it polls each backend's readiness
 * probe (every `pollMs`) and takes it out of rotation on a 503 or a refused connection, and it
 * sends an idempotent GET once more, elsewhere, when its connection was refused (nothing was sent)
 * or when a kept-alive connection turned out closed by the backend as it was reused.
 * Upstream connections are kept alive, one pool per backend, as load balancers do: opening a
 * connection per request made this proxy the bottleneck of the scale bench (a quarter of the
 * requests per second one process answers directly). A draining process answers
 * `Connection: close`, so its pooled connections end with its last answers.
 * It appends the client's address to X-Forwarded-For, so backends with TRUST_PROXY see the client.
 */
export async function startRoundRobinProxy(ports: number[], pollMs = 200): Promise<RoundRobinProxy> {
  const ready = ports.map(() => false);
  const counts = ports.map(() => 0);
  // LIFO: the connections most recently used are reused first, the others time out when the load drops.
  const agents = ports.map(() => new http.Agent({ keepAlive: true, scheduling: 'lifo' }));
  let turn = 0;
  let closed = false;
  /** Upgraded connections belong to no request any more: closed by hand at the end. */
  const tunnels = new Set<net.Socket>();

  const pick = (request: http.IncomingMessage, avoid?: number): number | null => {
    const pinned = request.headers[PIN_HEADER];
    if (typeof pinned === 'string') return Number(pinned);
    const candidates = ports.map((_, index) => index).filter((index) => ready[index] && index !== avoid);
    if (candidates.length === 0) return null;
    turn += 1;
    return candidates[turn % candidates.length]!;
  };

  const forwardedHeaders = (request: http.IncomingMessage): http.OutgoingHttpHeaders => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    const client = request.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = request.headers['x-forwarded-for'] ? `${String(request.headers['x-forwarded-for'])}, ${client}` : client;
    return headers;
  };

  const forward = (request: http.IncomingMessage, response: http.ServerResponse, backend: number | null, retried: boolean): void => {
    if (backend === null) {
      response.writeHead(502, { 'content-type': 'text/plain' }).end('no backend in rotation');
      return;
    }
    counts[backend]! += 1;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[backend],
        method: request.method,
        path: request.url,
        headers: forwardedHeaders(request),
        agent: agents[backend],
      },
      (answer) => {
        const headers: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') ready[backend] = false;
      // A pooled connection the backend closed as we reused it: the request may not have been
      // read, so only one that is safe to send twice goes again.
      const stale = upstream.reusedSocket && error.code === 'ECONNRESET' && !response.headersSent;
      if ((error.code === 'ECONNREFUSED' || stale) && request.method === 'GET' && !retried)
        return forward(request, response, pick(request, stale ? undefined : backend), true);
      if (!response.headersSent)
        response.writeHead(502, { 'content-type': 'text/plain' }).end(`backend ${backend}: ${error.code ?? error.message}`);
      else response.destroy();
    });
    // A client that goes away mid-request (a cut upload) cuts the upstream request too.
    request.on('close', () => {
      if (!request.complete) upstream.destroy();
    });
    if (request.method === 'GET' || request.method === 'HEAD') upstream.end();
    else request.pipe(upstream);
  };

  const server = http.createServer((request, response) => forward(request, response, pick(request), false));

  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const backend = pick(request);
    if (backend === null) return client.destroy();
    counts[backend]! += 1;
    tunnels.add(client);
    const upstream = net.connect(ports[backend]!, '127.0.0.1', () => {
      const headers = { ...forwardedHeaders(request), connection: 'Upgrade', upgrade: request.headers.upgrade };
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}`);
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('close', () => {
      tunnels.delete(client);
      upstream.destroy();
    });
  });

  const probe = (backend: number): Promise<boolean> =>
    new Promise((resolve) => {
      const request = http.get(
        { host: '127.0.0.1', port: ports[backend], path: '/api/health/ready', agent: false, timeout: 5_000 },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode === 200);
        },
      );
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve(false));
    });
  const pollForever = async (backend: number) => {
    while (!closed) {
      ready[backend] = await probe(backend);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };
  const polls = ports.map((_, backend) => pollForever(backend));

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const inRotation = () => ports.map((_, index) => index).filter((index) => ready[index]);
  return {
    url: `http://127.0.0.1:${port}`,
    inRotation,
    async waitForRotation(expected, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (inRotation().join() !== [...expected].sort().join()) {
        if (Date.now() > deadline) throw new Error(`backends in rotation: [${inRotation().join()}], expected [${expected.join()}]`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    forwarded: () => [...counts],
    async close() {
      closed = true;
      server.closeAllConnections();
      for (const tunnel of tunnels) tunnel.destroy();
      for (const agent of agents) agent.destroy();
      await new Promise((resolve) => server.close(resolve));
      await Promise.all(polls);
    },
  };
}
