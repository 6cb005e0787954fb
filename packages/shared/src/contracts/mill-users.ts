import { z } from 'zod';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import { millUserBodySchema, millUserListQuerySchema, millUserSchema } from '../schemas/mill-users.ts';
import { listResponseSchema } from '../schemas/paging.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema, localeQuerySchema } from './core.ts';

/** The mill's staff (issue 4): only mill admins manage them, never on their own row. */
const tags = ['mill users'] as const;
const millParams = z.object({ millId: idSchema });
const userParams = z.object({ millId: idSchema, id: idSchema });

export const listMillUsers = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/users',
  summary: "The mill's users",
  tags,
  access: 'millUsers.read',
  params: millParams,
  query: millUserListQuerySchema,
  responses: { 200: listResponseSchema(millUserSchema), ...commonRefusals },
});

export const addMillUser = defineEndpoint({
  method: 'POST',
  path: '/mills/:millId/users',
  summary: 'Add a user (invited by mail to choose a password)',
  tags,
  access: 'millUsers.manage',
  params: millParams,
  query: localeQuerySchema,
  body: millUserBodySchema,
  // 409: the address is already a user of this mill, or was taken by a request at the same moment (EMAIL_TAKEN).
  responses: { 200: millUserSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const updateMillUser = defineEndpoint({
  method: 'PUT',
  path: '/mills/:millId/users/:id',
  summary: "Change a user's name and role",
  tags,
  access: 'millUsers.manage',
  params: userParams,
  query: localeQuerySchema,
  body: millUserBodySchema,
  // 409: the new address was taken by another account at the same moment (EMAIL_TAKEN).
  responses: { 200: millUserSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const removeMillUser = defineEndpoint({
  method: 'DELETE',
  path: '/mills/:millId/users/:id',
  summary: 'Remove a user from the mill',
  tags,
  access: 'millUsers.manage',
  params: userParams,
  responses: { 200: messageResponseSchema, ...commonRefusals },
});
