import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { LiveEvent } from '@casebridge/shared/schemas/live-events';

export interface Realtime {
  /** Delivers to every open connection of these users, on whichever server process holds it. */
  publish(userIds: number[], event: LiveEvent): void;
  close(): Promise<void>;
}

export type Authenticate = (token: unknown) => Promise<number | null>;

/**
 * socket.io on the API's own HTTP server. The bearer token travels in the handshake payload,
 * never in the URL; each connection joins its user's room. With Redis, the streams adapter
 * carries events between server processes (and replays missed ones after a short reconnect).
 */
export function attachRealtime(http: HttpServer, authenticate: Authenticate, redis: Redis | null, channel: string): Realtime {
  const io = new Server(http, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    ...(redis ? { adapter: createAdapter(redis, { streamName: channel }) } : {}),
  });
  io.use((socket, next) => {
    authenticate(socket.handshake.auth?.token)
      .then((userId) => {
        if (userId === null) return next(new Error('unauthorized'));
        void socket.join(`user:${userId}`);
        next();
      })
      .catch(() => next(new Error('unauthorized')));
  });
  return {
    publish(userIds, event) {
      if (userIds.length === 0) return;
      io.to(userIds.map((id) => `user:${id}`)).emit(event.type, event);
    },
    async close() {
      // Not io.close(): that also closes the HTTP server, which Fastify closes itself.
      io.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
    },
  };
}

/** For code paths that run without a server (seeding, some tests). */
export const noRealtime: Realtime = { publish: () => undefined, close: async () => undefined };
