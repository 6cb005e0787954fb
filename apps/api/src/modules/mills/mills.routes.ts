import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as landingPage from '@casebridge/shared/contracts/landing-page';
import { approvePolicies as approvePoliciesContract, requirePolicyApproval } from '@casebridge/shared/contracts/policies';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readImageForm } from '../../lib/multipart-form.ts';
import { approvePolicies, askEveryMillToApprovePolicies, publicMill, updateLandingPage } from './mills.service.ts';

/** The landing page and policy routes come from their contracts in packages/shared (ADR 0022). */
export function millRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(landingPage.updateLandingPage),
      handler: async (request) => {
        const user = callerOf(request);
        const readForm = () => readImageForm(request, deps.storage, 'logo', 'logos', deps.config.maxImageBytes);
        return updateLandingPage(deps, user, request.params.id, readForm);
      },
    });

    app.route({ ...fromContract(landingPage.getPublicMill), handler: async (request) => publicMill(deps, request.params.id) });

    app.route({
      ...fromContract(approvePoliciesContract),
      handler: async (request) => {
        await approvePolicies(deps, callerOf(request), request.params.id);
        return { ok: true as const, message: 'Thank you. Your consent is recorded.' };
      },
    });

    // Every mill's policy consent is the mills feature's; the manager asks for it again after new documents.
    app.route({
      ...fromContract(requirePolicyApproval),
      handler: async (request) => ({
        ok: true as const,
        mills: await askEveryMillToApprovePolicies(deps, callerOf(request)),
      }),
    });
  };
}
