import { z } from 'zod';
import {
  accountCreationBodySchema,
  authResponseSchema,
  linkToAccountBodySchema,
  resendConfirmationBodySchema,
  userEmailByTokenBodySchema,
  userEmailByTokenResponseSchema,
} from '../schemas/auth.ts';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema, localeQuerySchema } from './core.ts';

/** Accepting an invitation: a new account, or an existing lab account (inviting is in clients.ts). */
const tags = ['invitations'] as const;

export const createAccount = defineEndpoint({
  method: 'POST',
  path: '/auth/account-creation',
  summary: 'Create the invited lab account',
  tags,
  access: 'public',
  body: accountCreationBodySchema,
  responses: { 200: authResponseSchema, ...commonRefusals },
});

export const invitedEmail = defineEndpoint({
  method: 'POST',
  path: '/auth/user-email-by-token',
  summary: 'The invited address of an invitation',
  tags,
  access: 'public',
  body: userEmailByTokenBodySchema,
  responses: { 200: userEmailByTokenResponseSchema, ...commonRefusals },
});

export const resendConfirmation = defineEndpoint({
  method: 'POST',
  path: '/auth/resend-confirmation-email',
  summary: 'Move an invitation to another address and mail it there',
  tags,
  access: 'public',
  body: resendConfirmationBodySchema,
  query: localeQuerySchema,
  responses: { 200: messageResponseSchema, ...commonRefusals },
});

export const linkToAccount = defineEndpoint({
  method: 'POST',
  path: '/mills/:millId/link-to-account',
  summary: 'Accept an invitation with the signed-in lab account',
  tags,
  access: 'invitation.accept',
  params: z.object({ millId: idSchema }),
  body: linkToAccountBodySchema,
  // 403: the account is not a lab's; 409: the mill's plan has no room for another client.
  responses: { 200: authResponseSchema, ...commonRefusals, 409: errorResponseSchema },
});
