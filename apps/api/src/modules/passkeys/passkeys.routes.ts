import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPasskey as addPasskeyContract,
  listPasskeys as listPasskeysContract,
  passkeyRegistrationOptions,
  passkeySignIn,
  passkeySignInOptions,
  removePasskey as removePasskeyContract,
  renamePasskey as renamePasskeyContract,
} from '@casebridge/shared/contracts/passkeys';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { enforceRateLimit, limitFailures } from '../../lib/rate-limit-guard.ts';
import { signInOrigin } from '../../lib/sign-in-origin.ts';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInOptions,
  signInWithPasskey,
  type PasskeyLimit,
} from './passkeys.service.ts';

export function passkeysRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  /** Wrong passwords and failed registrations count per user, as wrong second-factor codes do (ADR 0020). */
  const limitOf =
    (request: FastifyRequest): PasskeyLimit =>
    (userId, attempt) =>
      limitFailures(deps.rateLimitStore, 'passkey', deps.rateLimits.secondFactor, request, `user:${userId}`, attempt);

  return async (app) => {
    app.route({ ...fromContract(listPasskeysContract), handler: async (request) => listPasskeys(deps, callerOf(request)) });

    app.route({
      ...fromContract(passkeyRegistrationOptions),
      handler: async (request) => registrationOptions(deps, callerOf(request), request.body.password, limitOf(request)),
    });

    app.route({
      ...fromContract(addPasskeyContract),
      handler: async (request) => addPasskey(deps, callerOf(request), request.body, limitOf(request)),
    });

    app.route({
      ...fromContract(renamePasskeyContract),
      handler: async (request) => renamePasskey(deps, callerOf(request), request.params.passkeyId, request.body.name),
    });

    app.route({
      ...fromContract(removePasskeyContract),
      handler: async (request) => {
        await removePasskey(deps, callerOf(request), request.params.passkeyId);
        return { ok: true as const, message: 'The passkey is removed.' };
      },
    });

    app.route({
      ...fromContract(passkeySignInOptions),
      handler: async (request) => {
        // Anyone may ask; each answer is a row, so asking is limited like a link's token.
        await enforceRateLimit(deps.rateLimitStore, 'passkey-options', deps.rateLimits.token, request, null);
        return signInOptions(deps);
      },
    });

    app.route({
      ...fromContract(passkeySignIn),
      handler: async (request) => {
        const { response } = request.body;
        // Failures count per address and per credential, as wrong passwords count per address and email.
        return limitFailures(deps.rateLimitStore, 'passkey-sign-in', deps.rateLimits.signIn, request, response.id, () =>
          signInWithPasskey(deps, response, signInOrigin(request)),
        );
      },
    });
  };
}
