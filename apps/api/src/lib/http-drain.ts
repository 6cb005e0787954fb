import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '@casebridge/shared/errors';

/**
 * How long without a new connection before the listener closes, and without a request starting
 * or ending before idle connections close. A busy process leaves connections waiting in the
 * kernel's queue for several event-loop turns; a quarter second without one is taken to mean
 * the queue is empty.
 */
const QUIET_MS = 250;

const SHUTTING_DOWN: ApiErrorBody = {
  statusCode: 503,
  error: 'Service Unavailable',
  code: 'INTERNAL',
  message: 'The server is restarting. Please try again in a moment.',
};

export interface HttpDrain {
  /**
   * Answers every request a client has already sent (new ones with 503), stops listening once
   * connections stop arriving, then closes the connections. Resolves with timedOut when requests
   * were still running after limitMs (their connections are cut then).
   */
  drain(limitMs: number): Promise<{ timedOut: boolean }>;
}

async function waitUntil(done: () => boolean, deadline: number): Promise<void> {
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Shutting down without resetting a request that a client has sent. Fastify's close() resets
 * them in two ways (86 of 200 concurrent list requests in issue 9):
 * - Node's server.close() destroys every connection that is not parsing a request at that
 *   instant, including a keep-alive connection whose next request sits unread in its buffer;
 * - closing the listener makes the kernel reset the connections it has completed but the busy
 *   process has not accepted yet (50 of 200 in a test), though their clients count as connected
 *   and have sent their request.
 * Instead, from the signal on:
 * - every response says `Connection: close`, so no client sends another request on it;
 * - a request that starts is answered 503 at once (a load balancer sends it elsewhere),
 *   without touching the database;
 * - the listener closes once no connection has arrived for QUIET_MS; later ones are refused,
 *   which a client may always retry because it sent nothing;
 * - idle connections close only when no request is running and none has started or ended for
 *   QUIET_MS, so a request already on its way is read and answered first.
 * Call it before the app is ready: it adds hooks.
 */
export function prepareHttpDrain(app: FastifyInstance): HttpDrain {
  let draining = false;
  let running = 0;
  let lastActivity = 0;
  let lastConnection = 0;
  app.server.on('connection', () => (lastConnection = Date.now()));

  app.addHook('onRequest', async (_request, reply) => {
    running += 1;
    lastActivity = Date.now();
    reply.raw.once('close', () => {
      running -= 1;
      lastActivity = Date.now();
    });
    if (draining) return reply.code(503).header('retry-after', '5').send(SHUTTING_DOWN);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });

  return {
    async drain(limitMs) {
      draining = true;
      const start = Date.now();
      const deadline = start + limitMs;
      const quietSince = (moment: number) => Date.now() - Math.max(moment, start) >= QUIET_MS;
      await waitUntil(() => quietSince(lastConnection), deadline);
      // net's close, not http's: http's would destroy the "idle" connections right now.
      net.Server.prototype.close.call(app.server);
      await waitUntil(() => running === 0 && quietSince(lastActivity), deadline);
      const timedOut = running > 0;
      if (timedOut) app.server.closeAllConnections();
      else app.server.closeIdleConnections();
      return { timedOut };
    },
  };
}
