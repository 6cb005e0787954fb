import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '@casebridge/shared/schemas/common';
import { endedSessionsSchema, userSessionListSchema } from '@casebridge/shared/schemas/user-sessions';
import type { AppDeps } from '../../deps.ts';
import { callerOf, sessionIdOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { endOtherSessions, endSession, listSessions, signOut } from './user-sessions.service.ts';

const tags = ['account'];

export function userSessionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/me/sessions', {
      config: { access: 'sessions.list' },
      schema: {
        tags,
        summary: 'Where I am signed in: my live sessions, the current one marked',
        security: bearerAuth,
        response: { 200: userSessionListSchema, ...commonErrors },
      },
      handler: async (request) => listSessions(deps, callerOf(request), sessionIdOf(request)),
    });

    app.delete('/users/me/sessions/:sessionId', {
      config: { access: 'sessions.end' },
      schema: {
        tags,
        summary: 'End one of my sessions (its requests, uploads and live connection stop at once, on every server)',
        security: bearerAuth,
        params: z.object({ sessionId: z.uuid() }),
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await endSession(deps, callerOf(request), request.params.sessionId);
        return { ok: true as const, message: 'Session ended' };
      },
    });

    app.post('/auth/sign-out', {
      config: { access: 'sessions.end' },
      schema: {
        tags,
        summary: 'Sign out: this session ends on the server, its token stops working on every server',
        security: bearerAuth,
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await signOut(deps, callerOf(request), sessionIdOf(request));
        return { ok: true as const, message: 'Signed out' };
      },
    });

    app.post('/users/me/sessions/end-others', {
      config: { access: 'sessions.end' },
      schema: {
        tags,
        summary: 'End every session of mine but this one',
        security: bearerAuth,
        response: { 200: endedSessionsSchema, ...commonErrors },
      },
      handler: async (request) => endOtherSessions(deps, callerOf(request), sessionIdOf(request)),
    });
  };
}
