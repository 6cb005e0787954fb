import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companySummarySchema } from '@casebridge/shared/schemas/auth';
import { landingPageDataSchema, millDetailSchema } from '@casebridge/shared/schemas/mill-admin';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import { requirePolicyApproval } from '@casebridge/shared/contracts/policies';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readImageForm } from '../../lib/multipart-form.ts';
import { bearerAuth, commonErrors, multipartUpload } from '../../lib/route-schemas.ts';
import { approvePolicies, askEveryMillToApprovePolicies, publicMill, updateLandingPage } from './mills.service.ts';

const tags = ['mills'];

/** What anyone may know of a mill: its public landing page. Staff see the policy flag too. */
const publicMillSchema = z.object({
  id: z.number(),
  company: companySummarySchema,
  landingPageHeader: z.string(),
  landingPageContent: z.string(),
  needPoliciesApproval: z.boolean().optional(),
});

export function millRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.put('/mills/:id', {
      config: { access: 'mill.update' },
      schema: {
        tags,
        summary: 'Update the landing page (multipart: data JSON with landingPageHeader and landingPageContent, files.logo)',
        ...multipartUpload('logo', landingPageDataSchema),
        security: bearerAuth,
        params: z.object({ id: idSchema }),
        response: { 200: millDetailSchema, ...commonErrors },
      },
      handler: async (request) => {
        const user = callerOf(request);
        const readForm = () => readImageForm(request, deps.storage, 'logo', 'logos', deps.config.maxImageBytes);
        return updateLandingPage(deps, user, request.params.id, readForm);
      },
    });

    app.get('/mills/:id', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A mill's public landing data",
        params: z.object({ id: idSchema }),
        response: { 200: publicMillSchema, ...commonErrors },
      },
      handler: async (request) => publicMill(deps, request.params.id),
    });

    app.get('/mills/:id/approval', {
      config: { access: 'mill.approvePolicies' },
      schema: {
        tags,
        summary: 'Record that the signed-in mill user accepted the policies for this mill',
        security: bearerAuth,
        params: z.object({ id: idSchema }),
        response: { 200: messageResponseSchema, ...commonErrors },
      },
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
