import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInOrigin } from '../../lib/sign-in-origin.ts';
import { answerSecondFactor } from '@casebridge/shared/contracts/passkeys';
import * as contracts from '@casebridge/shared/contracts/two-factor';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { limitFailures } from '../../lib/rate-limit-guard.ts';
import {
  answerChallenge,
  confirmChallengeEnrolment,
  confirmEnrolment,
  disableTotp,
  startChallengeEnrolment,
  startEnrolment,
  twoFactorStatus,
  type FailureLimit,
} from './two-factor.service.ts';

export function twoFactorRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  /** Wrong codes count per user (whatever address they come from) and per address; a right one takes its hits back. */
  const limitOf =
    (request: FastifyRequest): FailureLimit =>
    (userId, attempt) =>
      limitFailures(deps.rateLimitStore, 'second-factor', deps.rateLimits.secondFactor, request, `user:${userId}`, attempt);

  return async (app) => {
    app.route({
      ...fromContract(answerSecondFactor),
      handler: async (request) => answerChallenge(deps, request.body, limitOf(request), signInOrigin(request)),
    });

    app.route({
      ...fromContract(contracts.startSignInEnrolment),
      handler: async (request) => startChallengeEnrolment(deps, request.body.token),
    });

    app.route({
      ...fromContract(contracts.confirmSignInEnrolment),
      handler: async (request) => confirmChallengeEnrolment(deps, request.body, limitOf(request), signInOrigin(request)),
    });

    app.route({
      ...fromContract(contracts.twoFactorStatus),
      handler: async (request) => twoFactorStatus(deps, callerOf(request)),
    });

    app.route({
      ...fromContract(contracts.startTotp),
      handler: async (request) => startEnrolment(deps, callerOf(request)),
    });

    app.route({
      ...fromContract(contracts.confirmTotp),
      handler: async (request) => ({
        recoveryCodes: await confirmEnrolment(deps, callerOf(request), request.body.code, limitOf(request)),
      }),
    });

    app.route({
      ...fromContract(contracts.disableTotp),
      handler: async (request) => {
        await disableTotp(deps, callerOf(request), request.body, limitOf(request));
        return { ok: true as const, message: 'Two-factor sign-in is off.' };
      },
    });
  };
}
