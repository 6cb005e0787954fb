import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
} from '@casebridge/shared/schemas/auth';
import { messageResponseSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { loadCurrentUser } from '../../lib/current-user.ts';
import { enforceRateLimit } from '../../lib/rate-limit-guard.ts';
import { bearerAuth, commonErrors, localeQuerySchema } from '../../lib/route-schemas.ts';
import { linkToAccount } from '../invitations/invitations.service.ts';
import { findUserByEmail } from './auth.repository.ts';
import { mailLanguage } from './account-mails.ts';
import { changePassword, confirmEmail, forgotPassword, register, resetPassword, sessionFor, signIn } from './auth.service.ts';

const tags = ['auth'];

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const limit = (name: keyof AppDeps['rateLimits']) => deps.rateLimits[name];

  return async (app) => {
    app.post('/auth/local', {
      schema: { tags, summary: 'Sign in', body: loginBodySchema, querystring: localeQuerySchema, response: { 200: authResponseSchema, ...commonErrors } },
      handler: async (request) => {
        const body = request.body;
        await enforceRateLimit(deps.rateLimitStore, 'sign-in', limit('signIn'), request, body.identifier);
        const user = await signIn(deps, body.identifier, body.password);
        if (body.linkToAnExistingAccount && body.confirmationToken && body.invitedMillId) {
          await linkToAccount(deps, user, body.confirmationToken, body.invitedMillId);
        }
        return sessionFor(deps, user);
      },
    });

    app.post('/auth/local/register', {
      schema: {
        tags,
        summary: 'Sign up with an activation key; the confirmation mail follows',
        body: registerBodySchema,
        querystring: localeQuerySchema,
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'register', limit('register'), request, request.body.email);
        const language = request.body.language ?? mailLanguage(request, null);
        await register(deps, { ...request.body, language });
        return { ok: true as const, message: 'Check your mailbox: we sent you a link to confirm your email address.' };
      },
    });

    app.get('/auth/email-confirmation', {
      schema: { tags, summary: 'Confirm an email address and sign in', querystring: emailConfirmationQuerySchema, response: { 200: authResponseSchema, ...commonErrors } },
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'token', limit('token'), request, null);
        return sessionFor(deps, await confirmEmail(deps, request.query.confirmation));
      },
    });

    app.post('/auth/forgot-password', {
      schema: { tags, summary: 'Mail a reset link (same answer for every address)', body: forgotPasswordBodySchema, querystring: localeQuerySchema, response: { 200: messageResponseSchema, ...commonErrors } },
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'forgot-password', limit('forgotPassword'), request, request.body.email);
        forgotPassword(deps, request.body.email, (user) => mailLanguage(request, user.language), request.log);
        return { ok: true as const, message: 'If an account exists for this address, we sent a link to reset the password.' };
      },
    });

    app.post('/auth/reset-password', {
      schema: { tags, summary: 'Set a new password with the reset link', body: resetPasswordBodySchema, response: { 200: authResponseSchema, ...commonErrors } },
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'token', limit('token'), request, null);
        const { code, password, passwordConfirmation } = request.body;
        return sessionFor(deps, await resetPassword(deps, code, password, passwordConfirmation));
      },
    });

    app.post('/auth/check-unique-email', {
      schema: { tags, summary: 'Whether an email already has an account (rate limited)', body: checkUniqueEmailBodySchema, response: { 200: checkUniqueEmailResponseSchema, ...commonErrors } },
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'check-unique-email', limit('checkUniqueEmail'), request, null);
        return { emailIsTaken: (await findUserByEmail(deps.db, request.body.email)) !== null };
      },
    });

    app.put('/auth/password', {
      schema: { tags, summary: 'Change the password (ends every other session)', security: bearerAuth, body: changePasswordBodySchema, response: { 200: authResponseSchema, ...commonErrors } },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        return sessionFor(deps, await changePassword(deps, user, request.body));
      },
    });
  };
}

