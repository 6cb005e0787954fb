import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountCreationBodySchema,
  authResponseSchema,
  linkToAccountBodySchema,
  resendConfirmationBodySchema,
  userEmailByTokenBodySchema,
  userEmailByTokenResponseSchema,
} from '@casebridge/shared/schemas/auth';
import * as clientContracts from '@casebridge/shared/contracts/clients';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf, sessionIdOf } from '../../lib/current-user.ts';
import { enforceRateLimit } from '../../lib/rate-limit-guard.ts';
import { mailLanguage } from '../../lib/request-language.ts';
import { bearerAuth, commonErrors, localeQuerySchema } from '../../lib/route-schemas.ts';
import {
  addClient,
  createAccountFromInvitation,
  emailByToken,
  linkToAccount,
  resendConfirmation,
  resendInvitation,
} from './invitations.service.ts';
import { signInOrigin } from '../../lib/sign-in-origin.ts';

const tags = ['invitations'];

export function invitationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const tokenLimit = (request: Parameters<typeof enforceRateLimit>[3]) =>
    enforceRateLimit(deps.rateLimitStore, 'token', deps.rateLimits.token, request, null);

  return async (app) => {
    app.post('/auth/account-creation', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Create the invited lab account',
        body: accountCreationBodySchema,
        response: { 200: authResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await tokenLimit(request);
        return createAccountFromInvitation(deps, request.body, signInOrigin(request));
      },
    });

    app.post('/auth/user-email-by-token', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The invited address of an invitation',
        body: userEmailByTokenBodySchema,
        response: { 200: userEmailByTokenResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await tokenLimit(request);
        const invited = await emailByToken(deps, request.body.confirmationToken);
        return { emailByConfirmationToken: invited.email, roleType: invited.roleType, accountExists: invited.accountExists };
      },
    });

    app.post('/auth/resend-confirmation-email', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Move an invitation to another address and mail it there',
        body: resendConfirmationBodySchema,
        querystring: localeQuerySchema,
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await tokenLimit(request);
        const { confirmationToken, email } = request.body;
        await resendConfirmation(deps, confirmationToken, email, mailLanguage(request, null));
        return { ok: true as const, message: 'We sent a confirmation link to this address.' };
      },
    });

    app.post('/mills/:millId/link-to-account', {
      config: { access: 'invitation.accept' },
      schema: {
        tags,
        summary: 'Accept an invitation with the signed-in lab account',
        security: bearerAuth,
        params: z.object({ millId: idSchema }),
        body: linkToAccountBodySchema,
        response: { 200: authResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await tokenLimit(request);
        if (request.params.millId !== request.body.millId) throw AppError.fields({ millId: ['VALIDATION_FAILED'] });
        // The signed-in lab stays in the session it is in: the answer carries a token of that session back.
        return linkToAccount(deps, callerOf(request), request.body.confirmationToken, request.body.millId, sessionIdOf(request));
      },
    });

    // Inviting a client lab, on the mill's clients pages (contracts in packages/shared, ADR 0022).
    app.route({
      ...fromContract(clientContracts.addClient),
      handler: async (request) => addClient(deps, callerOf(request), request.params.millId, request.body, mailLanguage(request, null)),
    });

    app.route({
      ...fromContract(clientContracts.resendInvitation),
      handler: async (request) => {
        const user = callerOf(request);
        const { landingPageInfoIsUpdated } = await resendInvitation(deps, user, request.params.millId, request.params.userId);
        return { ok: true as const, message: 'Email sent', landingPageInfoIsUpdated };
      },
    });
  };
}
