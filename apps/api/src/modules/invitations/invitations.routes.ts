import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as clientContracts from '@casebridge/shared/contracts/clients';
import * as contracts from '@casebridge/shared/contracts/invitations';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf, sessionIdOf } from '../../lib/current-user.ts';
import { enforceRateLimit } from '../../lib/rate-limit-guard.ts';
import { mailLanguage } from '../../lib/request-language.ts';
import {
  addClient,
  createAccountFromInvitation,
  emailByToken,
  linkToAccount,
  resendConfirmation,
  resendInvitation,
} from './invitations.service.ts';
import { signInOrigin } from '../../lib/sign-in-origin.ts';

export function invitationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const tokenLimit = (request: Parameters<typeof enforceRateLimit>[3]) =>
    enforceRateLimit(deps.rateLimitStore, 'token', deps.rateLimits.token, request, null);

  return async (app) => {
    app.route({
      ...fromContract(contracts.createAccount),
      handler: async (request) => {
        await tokenLimit(request);
        return createAccountFromInvitation(deps, request.body, signInOrigin(request));
      },
    });

    app.route({
      ...fromContract(contracts.invitedEmail),
      handler: async (request) => {
        await tokenLimit(request);
        const invited = await emailByToken(deps, request.body.confirmationToken);
        return { emailByConfirmationToken: invited.email, roleType: invited.roleType, accountExists: invited.accountExists };
      },
    });

    app.route({
      ...fromContract(contracts.resendConfirmation),
      handler: async (request) => {
        await tokenLimit(request);
        const { confirmationToken, email } = request.body;
        await resendConfirmation(deps, confirmationToken, email, mailLanguage(request, null));
        return { ok: true as const, message: 'We sent a confirmation link to this address.' };
      },
    });

    app.route({
      ...fromContract(contracts.linkToAccount),
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
