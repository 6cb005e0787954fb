import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInOrigin } from '../../lib/sign-in-origin.ts';
import { messageResponseSchema } from '@casebridge/shared/schemas/common';
import {
  challengeBodySchema,
  confirmTotpBodySchema,
  disableTotpBodySchema,
  enrolledSignInSchema,
  recoveryCodesSchema,
  secondFactorBodySchema,
  totpEnrolmentSchema,
  twoFactorStatusSchema,
} from '@casebridge/shared/schemas/two-factor';
import { answerSecondFactor } from '@casebridge/shared/contracts/passkeys';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { limitFailures } from '../../lib/rate-limit-guard.ts';
import { bearerAuth, commonErrors, errorResponseSchema } from '../../lib/route-schemas.ts';
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

const tags = ['two-factor'];
const errors = { ...commonErrors, 409: errorResponseSchema };

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

    app.post('/auth/sign-in/enrolment', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Start enrolling an authenticator during a sign-in that requires one (an enrol challenge)',
        body: challengeBodySchema,
        response: { 200: totpEnrolmentSchema, ...errors },
      },
      handler: async (request) => startChallengeEnrolment(deps, request.body.token),
    });

    app.post('/auth/sign-in/enrolment/confirm', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm the new authenticator with its first code: signs in and answers the recovery codes once',
        body: secondFactorBodySchema,
        response: { 200: enrolledSignInSchema, ...errors },
      },
      handler: async (request) => confirmChallengeEnrolment(deps, request.body, limitOf(request), signInOrigin(request)),
    });

    app.get('/users/me/two-factor', {
      config: { access: 'account.read' },
      schema: {
        tags,
        summary: 'Whether one signs in with a second factor, and whether it is required',
        security: bearerAuth,
        response: { 200: twoFactorStatusSchema, ...commonErrors },
      },
      handler: async (request) => twoFactorStatus(deps, callerOf(request)),
    });

    app.post('/users/me/two-factor/totp', {
      config: { access: 'account.update' },
      schema: {
        tags,
        summary: 'Start enrolling an authenticator app: its otpauth:// URI and secret',
        security: bearerAuth,
        response: { 200: totpEnrolmentSchema, ...errors },
      },
      handler: async (request) => startEnrolment(deps, callerOf(request)),
    });

    app.post('/users/me/two-factor/totp/confirm', {
      config: { access: 'account.update' },
      schema: {
        tags,
        summary: 'Confirm the authenticator with its first code; answers the ten recovery codes once',
        security: bearerAuth,
        body: confirmTotpBodySchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
      handler: async (request) => ({
        recoveryCodes: await confirmEnrolment(deps, callerOf(request), request.body.code, limitOf(request)),
      }),
    });

    app.post('/users/me/two-factor/totp/disable', {
      config: { access: 'account.update' },
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (the password and a code)',
        security: bearerAuth,
        body: disableTotpBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      handler: async (request) => {
        await disableTotp(deps, callerOf(request), request.body, limitOf(request));
        return { ok: true as const, message: 'Two-factor sign-in is off.' };
      },
    });
  };
}
