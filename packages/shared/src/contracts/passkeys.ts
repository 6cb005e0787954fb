import { z } from 'zod';
import { authResponseSchema } from '../schemas/auth.ts';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import {
  addPasskeyBodySchema,
  passkeyCreationSchema,
  passkeyListSchema,
  passkeyOptionsBodySchema,
  passkeyRequestSchema,
  passkeySchema,
  passkeySignInBodySchema,
  renamePasskeyBodySchema,
} from '../schemas/passkeys.ts';
import { secondFactorAnswerSchema } from '../schemas/two-factor.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/** Passkeys (WebAuthn, ADR 0023): one's own list, and signing in with one, with or without the password. */
const tags = ['passkeys'] as const;
const passkeyParams = z.object({ passkeyId: idSchema });

export const listPasskeys = defineEndpoint({
  method: 'GET',
  path: '/users/me/passkeys',
  summary: 'My passkeys',
  tags,
  access: 'account.read',
  responses: { 200: passkeyListSchema, ...commonRefusals },
});

export const passkeyRegistrationOptions = defineEndpoint({
  method: 'POST',
  path: '/users/me/passkeys/options',
  summary: 'Start adding a passkey (needs the current password): the options for navigator.credentials.create()',
  tags,
  access: 'account.update',
  body: passkeyOptionsBodySchema,
  responses: { 200: passkeyCreationSchema, ...commonRefusals },
});

export const addPasskey = defineEndpoint({
  method: 'POST',
  path: '/users/me/passkeys',
  summary: "Add the passkey the browser created for the options' challenge",
  tags,
  access: 'account.update',
  body: addPasskeyBodySchema,
  // 409: this authenticator holds a passkey of this portal already.
  responses: { 200: passkeySchema, ...commonRefusals, 409: errorResponseSchema },
});

export const renamePasskey = defineEndpoint({
  method: 'PUT',
  path: '/users/me/passkeys/:passkeyId',
  summary: 'Rename one of my passkeys',
  tags,
  access: 'account.update',
  params: passkeyParams,
  body: renamePasskeyBodySchema,
  responses: { 200: passkeySchema, ...commonRefusals },
});

export const removePasskey = defineEndpoint({
  method: 'DELETE',
  path: '/users/me/passkeys/:passkeyId',
  summary: 'Remove one of my passkeys',
  tags,
  access: 'account.update',
  params: passkeyParams,
  responses: { 200: messageResponseSchema, ...commonRefusals },
});

export const passkeySignInOptions = defineEndpoint({
  method: 'POST',
  path: '/auth/passkey/options',
  summary: 'Start a password-free sign-in: the options for navigator.credentials.get() (any passkey of this portal)',
  tags,
  access: 'public',
  responses: { 200: passkeyRequestSchema, ...commonRefusals },
});

export const passkeySignIn = defineEndpoint({
  method: 'POST',
  path: '/auth/passkey',
  summary: 'Sign in with a passkey, no password: the session',
  tags,
  access: 'public',
  body: passkeySignInBodySchema,
  responses: { 200: authResponseSchema, ...commonRefusals },
});

export const answerSecondFactor = defineEndpoint({
  method: 'POST',
  path: '/auth/sign-in/second-factor',
  summary: 'Finish a sign-in with a code of the authenticator app, a recovery code or a passkey',
  tags: ['two-factor'],
  access: 'public',
  body: secondFactorAnswerSchema,
  responses: { 200: authResponseSchema, ...commonRefusals, 409: errorResponseSchema },
});
