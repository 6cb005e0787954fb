import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { companyInfoDataSchema, companySchema } from '@casebridge/shared/schemas/account';
import { labSchema, shippingBodySchema } from '@casebridge/shared/schemas/mill-admin';
import { idSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { labs, millClients } from '../../db/schema/labs.ts';
import { millMembers } from '../../db/schema/mills.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadCurrentUser, type UserRow } from '../../lib/current-user.ts';
import { readImageForm } from '../../lib/multipart-form.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { companyOf } from '../session/session.service.ts';
import { parseFormData } from '../users/form-data.ts';
import { toCompanyDto, updateCompanyInfo } from '../users/users.service.ts';

const tags = ['companies'];

/** A company is visible to its own people and to the mills the company's lab is a client of. */
async function mayRead(db: Db, user: UserRow, companyId: number): Promise<boolean> {
  if (user.companyId === companyId) return true;
  if (user.roleType !== 'mill') return false;
  const [row] = await db
    .select({ labId: labs.id })
    .from(labs)
    .innerJoin(millClients, eq(millClients.labId, labs.id))
    .innerJoin(millMembers, and(eq(millMembers.millId, millClients.millId), eq(millMembers.userId, user.id)))
    .where(eq(labs.companyId, companyId))
    .limit(1);
  return row !== undefined;
}

function toLabDto(lab: typeof labs.$inferSelect, companyName: string) {
  return {
    id: lab.id,
    company: { id: lab.companyId, name: companyName },
    shippingAtSameAddress: lab.shippingAtSameAddress,
    shippingAddress: { street: lab.shippingStreet, city: lab.shippingCity, zipCode: lab.shippingZipCode, phone: lab.shippingPhone },
  };
}

export function companyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  async function readableLab(request: Parameters<typeof loadCurrentUser>[0], where: { id?: number; companyId?: number }) {
    const user = await loadCurrentUser(request, deps.db);
    const [lab] = await deps.db.select().from(labs).where(where.id !== undefined ? eq(labs.id, where.id) : eq(labs.companyId, where.companyId!));
    if (!lab || !(await mayRead(deps.db, user, lab.companyId))) throw AppError.notFound('Lab');
    return { user, lab };
  }

  return async (app) => {
    app.get('/companies/:id', {
      schema: { tags, summary: 'A company (own, or a client lab of one of your mills)', security: bearerAuth, params: z.object({ id: idSchema }), response: { 200: companySchema, ...commonErrors } },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        const company = await companyOf(deps.db, request.params.id);
        if (!company || !(await mayRead(deps.db, user, company.id))) throw AppError.notFound('Company');
        return toCompanyDto(company);
      },
    });

    app.put('/companies/:id', {
      schema: { tags, summary: 'Update your company (multipart: data JSON, files.logo)', security: bearerAuth, params: z.object({ id: idSchema }), response: { 200: companySchema, ...commonErrors } },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        if (user.companyId !== request.params.id) throw AppError.notFound('Company');
        const form = await readImageForm(request, deps.storage, 'logo', 'logos', deps.config.maxImageBytes);
        try {
          return await updateCompanyInfo(deps, user, parseFormData(companyInfoDataSchema, form.data), form.image);
        } catch (error) {
          if (form.image) await deps.storage.remove(form.image.key);
          throw error;
        }
      },
    });

    app.get('/labs/:id', {
      schema: { tags, summary: 'A lab with its shipping address', security: bearerAuth, params: z.object({ id: idSchema }), response: { 200: labSchema, ...commonErrors } },
      handler: async (request) => {
        const { lab } = await readableLab(request, { id: request.params.id });
        return toLabDto(lab, (await companyOf(deps.db, lab.companyId))?.name ?? '');
      },
    });

    app.get('/labs/companies/:id', {
      schema: { tags, summary: 'The lab of a company', security: bearerAuth, params: z.object({ id: idSchema }), response: { 200: labSchema, ...commonErrors } },
      handler: async (request) => {
        const { lab } = await readableLab(request, { companyId: request.params.id });
        return toLabDto(lab, (await companyOf(deps.db, lab.companyId))?.name ?? '');
      },
    });

    app.put('/labs/:id', {
      schema: { tags, summary: "Update the own lab's shipping address", security: bearerAuth, params: z.object({ id: idSchema }), body: shippingBodySchema, response: { 200: labSchema, ...commonErrors } },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        const [lab] = await deps.db.select().from(labs).where(eq(labs.id, request.params.id));
        if (!lab || lab.companyId !== user.companyId || user.roleType !== 'lab') throw AppError.notFound('Lab');
        const { shippingAtSameAddress, shippingAddress: a } = request.body;
        const [updated] = await deps.db
          .update(labs)
          .set({ shippingAtSameAddress, shippingStreet: a.street, shippingCity: a.city, shippingZipCode: a.zipCode, shippingPhone: a.phone })
          .where(eq(labs.id, lab.id))
          .returning();
        return toLabDto(updated!, (await companyOf(deps.db, lab.companyId))?.name ?? '');
      },
    });
  };
}
