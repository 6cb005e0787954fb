import { z } from 'zod';
import { idSchema } from '../schemas/common.ts';
import { dealerUserBodySchema, dealerUserListQuerySchema, dealerUserSchema } from '../schemas/dealers.ts';
import { listResponseSchema } from '../schemas/paging.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema, localeQuerySchema } from './core.ts';

/** Dealer users (spec §7 Settings and users: GET /manager/users, POST /users/add, PUT /users/update/{id}). */
const tags = ['dealer users'] as const;

export const listDealerUsers = defineEndpoint({
  method: 'GET',
  path: '/dealer-users',
  summary: 'Dealer users one manages, searchable and paged',
  tags,
  access: 'dealerUsers.list',
  query: dealerUserListQuerySchema,
  responses: { 200: listResponseSchema(dealerUserSchema), ...commonRefusals },
});

export const addDealerUser = defineEndpoint({
  method: 'POST',
  path: '/dealer-users',
  summary: 'Add a dealer user (invited by mail to choose a password)',
  tags,
  access: 'dealerUsers.manage',
  query: localeQuerySchema,
  body: dealerUserBodySchema,
  // 409 EMAIL_TAKEN: the address belongs to an account already.
  responses: { 200: dealerUserSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const updateDealerUser = defineEndpoint({
  method: 'PUT',
  path: '/dealer-users/:id',
  summary: 'Change, block or unblock a dealer user',
  tags,
  access: 'dealerUsers.manage',
  params: z.object({ id: idSchema }),
  query: localeQuerySchema,
  body: dealerUserBodySchema,
  // 403 OWN_USER_LOCKED: one's own row; 409 EMAIL_TAKEN: the new address belongs to an account already.
  responses: { 200: dealerUserSchema, ...commonRefusals, 409: errorResponseSchema },
});
