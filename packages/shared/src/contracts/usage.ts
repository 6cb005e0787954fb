import { z } from 'zod';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import {
  allowedUsersBodySchema,
  usageHistoryQuerySchema,
  usageHistorySchema,
  usageViewQuerySchema,
  usageViewSchema,
} from '../schemas/usage.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/**
 * The manager's concurrent-usage view (spec manager-dealer §2, §7 `GET /app/hdusers/data`). The
 * machines' own ping (`POST /usage/pings`) answers 202 and is no client's call, so it has no contract.
 */
const tags = ['usage'] as const;

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
