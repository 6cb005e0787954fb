import { z } from 'zod';
import { messageResponseSchema } from '../schemas/common.ts';
import { endedSessionsSchema, userSessionListSchema } from '../schemas/user-sessions.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/** Where one is signed in, and ending those sessions (ADR 0021). */
const tags = ['account'] as const;

export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/users/me/sessions',
  summary: 'Where I am signed in: my live sessions, the current one marked',
  tags,
  access: 'sessions.list',
  responses: { 200: userSessionListSchema, ...commonRefusals },
});

export const endSession = defineEndpoint({
  method: 'DELETE',
  path: '/users/me/sessions/:sessionId',
  summary: 'End one of my sessions (its requests, uploads and live connection stop at once, on every server)',
  tags,
  access: 'sessions.end',
  params: z.object({ sessionId: z.uuid() }),
  responses: { 200: messageResponseSchema, ...commonRefusals },
});

export const signOut = defineEndpoint({
  method: 'POST',
  path: '/auth/sign-out',
  summary: 'Sign out: this session ends on the server, its token stops working on every server',
  tags,
  access: 'sessions.end',
  responses: { 200: messageResponseSchema, ...commonRefusals },
});

export const endOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/users/me/sessions/end-others',
  summary: 'End every session of mine but this one',
  tags,
  access: 'sessions.end',
  responses: { 200: endedSessionsSchema, ...commonRefusals },
});
