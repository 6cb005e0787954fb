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
import { signInAnswerSchema, type SignInAnswer } from '@casebridge/shared/schemas/two-factor';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { signInOrigin, type SignInOrigin } from '../../lib/sign-in-origin.ts';
import { enforceRateLimit, limitFailures } from '../../lib/rate-limit-guard.ts';
import { mailLanguage, requestLocale } from '../../lib/request-language.ts';
import { bearerAuth, commonErrors, localeQuerySchema } from '../../lib/route-schemas.ts';
import { changePassword, confirmEmail, forgotPassword, isEmailTaken, register, resetPassword, signIn } from './auth.service.ts';

const tags = ['auth'];

/**
 * Signing in that also accepts an invitation with the account: the invitations use case's, handed in
 * by routes.ts, because one use case never imports another (ADR 0016).
 */
export type SignInAndLink = (
  deps: AppDeps,
  credentials: { identifier: string; password: string },
  invitation: { token: string; millId: number },
  origin: SignInOrigin,
) => Promise<SignInAnswer>;

export function authRoutes(deps: AppDeps, signInAndLink: SignInAndLink): FastifyPluginAsyncZod {
  const limit = (name: keyof AppDeps['rateLimits']) => deps.rateLimits[name];

  return async (app) => {
    app.post('/auth/local', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in: the session, or a challenge for the second factor (ADR 0020)',
        body: loginBodySchema,
        querystring: localeQuerySchema,
        response: { 200: signInAnswerSchema, ...commonErrors },
      },
      handler: async (request) => {
        const body = request.body;
        // Only failed sign-ins count toward the limit: a success takes its hit back.
        return limitFailures(deps.rateLimitStore, 'sign-in', limit('signIn'), request, body.identifier, () => {
          // Signing in can also accept an invitation with this existing account (the invitations feature).
          if (body.linkToAnExistingAccount && body.confirmationToken && body.invitedMillId) {
            return signInAndLink(deps, body, { token: body.confirmationToken, millId: body.invitedMillId }, signInOrigin(request));
          }
          return signIn(deps, body, signInOrigin(request));
        });
      },
    });

    app.post('/auth/local/register', {
      config: { access: 'public' },
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
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm an email address and sign in, or a challenge for the second factor first',
        querystring: emailConfirmationQuerySchema,
        response: { 200: signInAnswerSchema, ...commonErrors },
      },
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'token', limit('token'), request, null);
        return confirmEmail(deps, request.query.confirmation, signInOrigin(request));
      },
    });

    app.post('/auth/forgot-password', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Mail a reset link (same answer for every address)',
        body: forgotPasswordBodySchema,
        querystring: localeQuerySchema,
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'forgot-password', limit('forgotPassword'), request, request.body.email);
        await forgotPassword(deps, request.body.email, requestLocale(request));
        return { ok: true as const, message: 'If an account exists for this address, we sent a link to reset the password.' };
      },
    });

    app.post('/auth/reset-password', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with the reset link (then signs in, or answers the second factor’s challenge)',
        body: resetPasswordBodySchema,
        response: { 200: signInAnswerSchema, ...commonErrors },
      },
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'token', limit('token'), request, null);
        return resetPassword(deps, request.body, signInOrigin(request));
      },
    });

    app.post('/auth/check-unique-email', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether an email already has an account (rate limited)',
        body: checkUniqueEmailBodySchema,
        response: { 200: checkUniqueEmailResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'check-unique-email', limit('checkUniqueEmail'), request, null);
        return { emailIsTaken: await isEmailTaken(deps, request.body.email) };
      },
    });

    app.put('/auth/password', {
      config: { access: 'account.update' },
      schema: {
        tags,
        summary: 'Change the password (ends every other session)',
        security: bearerAuth,
        body: changePasswordBodySchema,
        response: { 200: authResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        return changePassword(deps, callerOf(request), request.body, signInOrigin(request));
      },
    });
  };
}
