import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { companySummarySchema } from '@casebridge/shared/schemas/auth';
import { landingPageDataSchema, millDetailSchema, onboardingSchema } from '@casebridge/shared/schemas/mill-admin';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { companies } from '../../db/schema/companies.ts';
import { millMembers, mills, policyConsents } from '../../db/schema/mills.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadCurrentUser } from '../../lib/current-user.ts';
import { requireMillStaff } from '../../lib/mill-access.ts';
import { readImageForm } from '../../lib/multipart-form.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { fileUrl } from '../session/session.service.ts';
import { parseFormData } from '../users/form-data.ts';
import { onboardingOf, updateLandingPage } from './mills.service.ts';
import { activeDocumentIds } from '../policies/policies.service.ts';

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
      schema: {
        tags,
        summary: 'Update the landing page (multipart: data JSON with landingPageHeader and landingPageContent, files.logo)',
        security: bearerAuth,
        params: z.object({ id: idSchema }),
        response: { 200: millDetailSchema, ...commonErrors },
      },
      handler: async (request) => {
        const access = await requireMillStaff(request, deps.db, request.params.id, { adminOnly: true, write: true });
        const form = await readImageForm(request, deps.storage, 'logo', 'logos', deps.config.maxImageBytes);
        try {
          return await updateLandingPage(deps, access, parseFormData(landingPageDataSchema, form.data), form.image);
        } catch (error) {
          if (form.image) await deps.storage.remove(form.image.key);
          throw error;
        }
      },
    });

    app.get('/mills/:id/onboarding', {
      schema: { tags, summary: "A new mill's first steps and which are done", security: bearerAuth, params: z.object({ id: idSchema }), response: { 200: onboardingSchema, ...commonErrors } },
      handler: async (request) => onboardingOf(deps, await requireMillStaff(request, deps.db, request.params.id)),
    });

    app.get('/mills/:id', {
      schema: { tags, summary: "A mill's public landing data", params: z.object({ id: idSchema }), response: { 200: publicMillSchema, ...commonErrors } },
      handler: async (request) => {
        const [row] = await deps.db
          .select({ mill: mills, company: companies })
          .from(mills)
          .innerJoin(companies, eq(companies.id, mills.companyId))
          .where(eq(mills.id, request.params.id));
        if (!row) throw AppError.notFound('Mill');
        return {
          id: row.mill.id,
          company: { id: row.company.id, name: row.company.name, logo: fileUrl(row.company.logoPath) },
          landingPageHeader: row.mill.landingPageHeader,
          landingPageContent: row.mill.landingPageContent,
        };
      },
    });

    app.get('/mills/:id/approval', {
      schema: {
        tags,
        summary: 'Record that the signed-in mill user accepted the policies for this mill',
        security: bearerAuth,
        params: z.object({ id: idSchema }),
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        const [member] = await deps.db
          .select()
          .from(millMembers)
          .where(and(eq(millMembers.millId, request.params.id), eq(millMembers.userId, user.id)));
        // Someone else's mill answers exactly like a missing one.
        if (!member) throw AppError.notFound('Mill');
        await deps.db.transaction(async (tx) => {
          await tx.insert(policyConsents).values({ millId: member.millId, userId: user.id, documentIds: await activeDocumentIds(deps) });
          await tx.update(mills).set({ needPoliciesApproval: false }).where(eq(mills.id, member.millId));
        });
        return { ok: true as const, message: 'Thank you. Your consent is recorded.' };
      },
    });
  };
}
