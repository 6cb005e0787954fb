import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyInfoDataSchema, companySchema } from '@casebridge/shared/schemas/account';
import { idSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readImageForm } from '../../lib/multipart-form.ts';
import { bearerAuth, commonErrors, multipartUpload } from '../../lib/route-schemas.ts';
import { readCompany, readOwnCompany, updateOwnCompany } from './company-profile.service.ts';

const tags = ['companies'];
const accountTags = ['account'];
const params = z.object({ id: idSchema });

export function companyProfileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/companies/:id', {
      config: { access: 'company.read' },
      schema: {
        tags,
        summary: 'A company (own, or a client lab of one of your mills)',
        security: bearerAuth,
        params,
        response: { 200: companySchema, ...commonErrors },
      },
      handler: async (request) => readCompany(deps, callerOf(request), request.params.id),
    });

    app.put('/companies/:id', {
      config: { access: 'company.update' },
      schema: {
        tags,
        summary: 'Update your company (multipart: data JSON, files.logo)',
        ...multipartUpload('logo', companyInfoDataSchema),
        security: bearerAuth,
        params,
        response: { 200: companySchema, ...commonErrors },
      },
      handler: async (request) => {
        const user = callerOf(request);
        const readForm = () => readImageForm(request, deps.storage, 'logo', 'logos', deps.config.maxImageBytes);
        return updateOwnCompany(deps, user, request.params.id, readForm);
      },
    });

    app.get('/users/companyInfo', {
      config: { access: 'company.read' },
      schema: {
        tags: accountTags,
        summary: "The signed-in user's company",
        security: bearerAuth,
        response: { 200: companySchema, ...commonErrors },
      },
      handler: async (request) => readOwnCompany(deps, callerOf(request)),
    });

    app.put('/users/companyInfo', {
      config: { access: 'company.update' },
      schema: {
        tags: accountTags,
        summary: 'Update the company details',
        description: 'multipart/form-data: a `data` field with JSON and an optional image file (files.logo)',
        ...multipartUpload('logo', companyInfoDataSchema),
        security: bearerAuth,
        response: { 200: companySchema, ...commonErrors },
      },
      handler: async (request) => {
        const user = callerOf(request);
        const readForm = () => readImageForm(request, deps.storage, 'logo', 'logos', deps.config.maxImageBytes);
        return updateOwnCompany(deps, user, user.companyId, readForm);
      },
    });
  };
}
