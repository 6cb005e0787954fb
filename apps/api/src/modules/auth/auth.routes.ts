import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/auth';
import type { SignInAnswer } from '@casebridge/shared/schemas/two-factor';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { signInOrigin, type SignInOrigin } from '../../lib/sign-in-origin.ts';
import { enforceRateLimit, limitFailures } from '../../lib/rate-limit-guard.ts';
import { mailLanguage, requestLocale } from '../../lib/request-language.ts';
import { changePassword, confirmEmail, forgotPassword, isEmailTaken, register, resetPassword, signIn } from './auth.service.ts';

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
    app.route({
      ...fromContract(contracts.signIn),
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

    app.route({
      ...fromContract(contracts.register),
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'register', limit('register'), request, request.body.email);
        const language = request.body.language ?? mailLanguage(request, null);
        await register(deps, { ...request.body, language });
        return { ok: true as const, message: 'Check your mailbox: we sent you a link to confirm your email address.' };
      },
    });

    app.route({
      ...fromContract(contracts.confirmEmail),
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'token', limit('token'), request, null);
        return confirmEmail(deps, request.query.confirmation, signInOrigin(request));
      },
    });

    app.route({
      ...fromContract(contracts.forgotPassword),
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'forgot-password', limit('forgotPassword'), request, request.body.email);
        await forgotPassword(deps, request.body.email, requestLocale(request));
        return { ok: true as const, message: 'If an account exists for this address, we sent a link to reset the password.' };
      },
    });

    app.route({
      ...fromContract(contracts.resetPassword),
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'token', limit('token'), request, null);
        return resetPassword(deps, request.body, signInOrigin(request));
      },
    });

    app.route({
      ...fromContract(contracts.checkUniqueEmail),
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'check-unique-email', limit('checkUniqueEmail'), request, null);
        return { emailIsTaken: await isEmailTaken(deps, request.body.email) };
      },
    });

    app.route({
      ...fromContract(contracts.changePassword),
      handler: async (request) => {
        return changePassword(deps, callerOf(request), request.body, signInOrigin(request));
      },
    });
  };
}
