import { z } from 'zod';
import { defineEndpoint } from './core.ts';

/** The portal's own facts for every client; the health and readiness probes are for operators and stay in the API. */
export const appVersion = defineEndpoint({
  method: 'GET',
  path: '/app/version',
  summary: 'The portal version shown in the header',
  tags: ['app'],
  access: 'public',
  // Public and without input: nothing to refuse but too many calls.
  responses: { 200: z.object({ version: z.string() }) },
});
