import { z } from 'zod';
import {
  addClientBodySchema,
  addClientResponseSchema,
  blockStatusBodySchema,
  blockStatusResponseSchema,
  clientListQuerySchema,
  clientSchema,
} from '../schemas/clients.ts';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import { listResponseSchema } from '../schemas/paging.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema, localeQuerySchema } from './core.ts';

/** The mill's clients (labs), spec portal-mill-lab §2; the invitation routes live in the invitations module. */
const tags = ['clients'] as const;
const millParams = z.object({ millId: idSchema });
const clientParams = z.object({ millId: idSchema, userId: idSchema });

export const listClients = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/clients',
  summary: "The mill's clients (labs)",
  tags,
  access: 'clients.read',
  params: millParams,
  query: clientListQuerySchema,
  responses: { 200: listResponseSchema(clientSchema), ...commonRefusals },
});

export const getClient = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/clients/:userId',
  summary: 'One client of the mill',
  tags,
  access: 'clients.read',
  params: clientParams,
  responses: { 200: clientSchema, ...commonRefusals },
});

export const activationInstructions = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/clients/activation-instructions/:userId',
  summary: 'Instructions the mill can pass on to an invited lab',
  tags,
  access: 'clients.read',
  params: clientParams,
  responses: { 200: z.object({ message: z.string() }), ...commonRefusals },
});

export const removeClient = defineEndpoint({
  method: 'DELETE',
  path: '/mills/:millId/clients/:userId',
  summary: 'Stop working with a client (its orders stay)',
  tags,
  access: 'clients.manage',
  params: clientParams,
  responses: { 200: messageResponseSchema, ...commonRefusals },
});

export const setClientBlocked = defineEndpoint({
  method: 'POST',
  path: '/mill/:millId/updateLabBlockStatus',
  summary: 'Block or unblock a confirmed client',
  tags,
  access: 'clients.manage',
  params: millParams,
  body: blockStatusBodySchema,
  // 409: the client has not accepted yet, or the system administrator blocked it.
  responses: { 200: blockStatusResponseSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const addClient = defineEndpoint({
  method: 'POST',
  path: '/mills/:millId/clients',
  summary: 'Add a client: an existing lab account at once, anyone else by invitation mail',
  tags,
  access: 'clients.manage',
  params: millParams,
  query: localeQuerySchema,
  body: addClientBodySchema,
  // 409: the address is already a client (LAB_ALREADY_CLIENT), belongs to a non-lab account, or the plan is full.
  responses: { 200: addClientResponseSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const resendInvitation = defineEndpoint({
  method: 'POST',
  path: '/mills/:millId/clients/send-activation-instructions/:userId',
  summary: 'Mail the invitation again (only before the lab accepted)',
  tags,
  access: 'clients.manage',
  params: clientParams,
  query: localeQuerySchema,
  // 409: the lab has already accepted.
  responses: { 200: messageResponseSchema.extend({ landingPageInfoIsUpdated: z.boolean() }), ...commonRefusals, 409: errorResponseSchema },
});
