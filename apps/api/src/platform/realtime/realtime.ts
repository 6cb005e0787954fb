import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { LiveEvent, MessageReadEvent } from '@casebridge/shared/schemas/live-events';

export interface Realtime {
  /** Delivers to every open connection of these users, on whichever server process holds it. */
  publish(userIds: number[], event: LiveEvent | MessageReadEvent): void;
  /** Closes every open connection of this user, on every process: their session ended. */
  endSessions(userId: number): void;
  /** Closes every open connection of this one session, on every process: the user ended it (ADR 0021). */
  endSession(sessionId: string): void;
  close(): Promise<void>;
}

/** The session check: the user and session ids, or a rejection carrying the same code an HTTP request would get. */
export type Authenticate = (token: unknown) => Promise<{ userId: number; sessionId: string }>;

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
      .then(({ userId, sessionId }) => {
        // Its user's room for events, its session's room so that ending the session reaches it.
        void socket.join([`user:${userId}`, `session:${sessionId}`]);
        next();
      })
      .catch((error: unknown) => {
        // The client learns why, with the code an HTTP request would have been answered with.
        const refusal = new Error('unauthorized') as Error & { data?: unknown };
        const code = (error as { code?: unknown } | null)?.code;
        refusal.data = { code: typeof code === 'string' ? code : 'UNAUTHENTICATED' };
        next(refusal);
      });
  });
  return {
    publish(userIds, event) {
      if (userIds.length === 0) return;
      io.to(userIds.map((id) => `user:${id}`)).emit(event.type, event);
    },
    endSessions(userId) {
      io.in(`user:${userId}`).disconnectSockets(true);
    },
    endSession(sessionId) {
      io.in(`session:${sessionId}`).disconnectSockets(true);
    },
    async close() {
      // Not io.close(): that also closes the HTTP server, which Fastify closes itself. Nor
      // disconnectSockets(): its "server disconnect" tells clients not to reconnect. Closing the
      // connections underneath is a lost connection to them: they reconnect by themselves, to
      // another process behind a load balancer, or to this server once it is back.
      io.engine.close();
      await io.of('/').adapter.close();
    },
  };
}

/** For code paths that run without a server (seeding, some tests). */
export const noRealtime: Realtime = {
  publish: () => undefined,
  endSessions: () => undefined,
  endSession: () => undefined,
  close: async () => undefined,
};
