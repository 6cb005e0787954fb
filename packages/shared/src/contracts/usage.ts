import { z } from 'zod';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import {
  allowedUsersBodySchema,
  usageHistoryQuerySchema,
  usagePingBodySchema,
  usagePingResponseSchema,
  usageHistorySchema,
  usageViewQuerySchema,
  usageViewSchema,
} from '../schemas/usage.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/**
 * The machines' ping and the manager's concurrent-usage view (spec manager-dealer §2, §7
 * `GET /app/hdusers/data`).
 */
const tags = ['usage'] as const;

/** The desktop software's ping; the command-line simulator (`casebridge usage simulate`) sends it too. */
export const receiveUsagePing = defineEndpoint({
  method: 'POST',
  path: '/usage/pings',
  summary: 'Report a machine running the desktop software (once a minute, and on start and stop)',
  description:
    'Sent by the desktop CAM software. Stored only when a mill registered the licence key with data collection enabled; ' +
    'otherwise, and for unknown keys, nothing is stored and the answer is the same 202.',
  tags,
  access: 'public',
  body: usagePingBodySchema,
  // Accepted, not necessarily stored: the same 202 whatever the key, so a ping cannot probe which keys exist.
  responses: { 202: usagePingResponseSchema, 400: errorResponseSchema },
});

export const usageView = defineEndpoint({
  method: 'GET',
  path: '/usage/licence-keys',
  summary: 'Concurrent use per licence key with its machines, and the overview (manager)',
  tags,
  access: 'usage.read',
  query: usageViewQuerySchema,
  responses: { 200: usageViewSchema, ...commonRefusals },
});

export const usageHistory = defineEndpoint({
  method: 'GET',
  path: '/usage/history',
  summary: 'Concurrent use per hour, of one key or the whole platform (manager)',
  tags,
  access: 'usage.read',
  // 400 DATE_RANGE_INVALID or DATE_RANGE_TOO_LONG: the end before the start, or too many days.
  query: usageHistoryQuerySchema,
  responses: { 200: usageHistorySchema, ...commonRefusals },
});

export const setAllowedUsers = defineEndpoint({
  method: 'PUT',
  path: '/usage/licence-keys/:id/allowed-users',
  summary: 'Set how many machines may use a licence key at once (manager)',
  tags,
  access: 'usage.manage',
  params: z.object({ id: idSchema }),
  body: allowedUsersBodySchema,
  responses: { 200: messageResponseSchema, ...commonRefusals },
});
