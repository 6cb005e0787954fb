import {
  authResponseSchema,
  changePasswordBodySchema,
  checkUniqueEmailBodySchema,
  checkUniqueEmailResponseSchema,
  emailConfirmationQuerySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from '../schemas/auth.ts';
import { messageResponseSchema } from '../schemas/common.ts';
import { signInAnswerSchema } from '../schemas/two-factor.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema, localeQuerySchema } from './core.ts';

/** Signing in, signing up and the password's mail links (spec §2); the second factor is in two-factor.ts. */
const tags = ['auth'] as const;

export const signIn = defineEndpoint({
  method: 'POST',
  path: '/auth/local',
  summary: 'Sign in: the session, or a challenge for the second factor (ADR 0020)',
  tags,
  access: 'public',
  body: loginBodySchema,
  query: localeQuerySchema,
  // 401: blocked or not yet confirmed; 403 and 409: an invitation accepted with the sign-in by an
  // account that is not a lab's, or whose mill's plan has no room for another client.
  responses: { 200: signInAnswerSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const register = defineEndpoint({
  method: 'POST',
  path: '/auth/local/register',
  summary: 'Sign up with an activation key; the confirmation mail follows',
  tags,
  access: 'public',
  body: registerBodySchema,
  query: localeQuerySchema,
  responses: { 200: messageResponseSchema, ...commonRefusals },
});

export const confirmEmail = defineEndpoint({
  method: 'GET',
  path: '/auth/email-confirmation',
  summary: 'Confirm an email address and sign in, or a challenge for the second factor first',
  tags,
  access: 'public',
  query: emailConfirmationQuerySchema,
  responses: { 200: signInAnswerSchema, ...commonRefusals },
});

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/auth/forgot-password',
  summary: 'Mail a reset link (same answer for every address)',
  tags,
  access: 'public',
  body: forgotPasswordBodySchema,
  query: localeQuerySchema,
  responses: { 200: messageResponseSchema, ...commonRefusals },
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/auth/reset-password',
  summary: 'Set a new password with the reset link (then signs in, or answers the second factor’s challenge)',
  tags,
  access: 'public',
  body: resetPasswordBodySchema,
  responses: { 200: signInAnswerSchema, ...commonRefusals },
});

export const checkUniqueEmail = defineEndpoint({
  method: 'POST',
  path: '/auth/check-unique-email',
  summary: 'Whether an email already has an account (rate limited)',
  tags,
  access: 'public',
  body: checkUniqueEmailBodySchema,
  responses: { 200: checkUniqueEmailResponseSchema, ...commonRefusals },
});

export const changePassword = defineEndpoint({
  method: 'PUT',
  path: '/auth/password',
  summary: 'Change the password (ends every other session)',
  tags,
  access: 'account.update',
  body: changePasswordBodySchema,
  responses: { 200: authResponseSchema, ...commonRefusals },
});
