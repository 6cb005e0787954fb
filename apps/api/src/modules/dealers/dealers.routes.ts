import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@casebridge/shared/schemas/common';
import {
  dealerBodySchema,
  dealerInvitationBodySchema,
  dealerListQuerySchema,
  dealerSchema,
  dealerSummarySchema,
} from '@casebridge/shared/schemas/dealers';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { mailLanguage } from '../../lib/request-language.ts';
import { bearerAuth, commonErrors, localeQuerySchema, multipartUpload } from '../../lib/route-schemas.ts';
import { dealerConfigFile, removeDealerLogo, replaceDealerConfigFile, replaceDealerLogo, type FileReader } from './dealers.files.ts';
import { readFileForm, readImageForm } from '../../lib/multipart-form.ts';
import { createDealer, INVITATION_SENT, inviteDealer, listBranch, listDealers, readDealer, updateDealer } from './dealers.service.ts';

const tags = ['dealers'];

/** The largest configuration file accepted: generous for a JSON the installer reads. */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

function logoReader(deps: AppDeps, request: FastifyRequest): FileReader {
  return async () => (await readImageForm(request, deps.storage, 'logo', 'logos', deps.config.maxImageBytes)).image;
}

function configFileReader(deps: AppDeps, request: FastifyRequest): FileReader {
  return async () =>
    (
      await readFileForm(request, deps.storage, {
        field: 'fixedConfigFile',
        prefix: 'dealer-configs',
        maxBytes: MAX_CONFIG_FILE_BYTES,
        // Only the name can be told from the first bytes; the whole file is parsed once stored.
        sniff: (_head, filename) => (/\.json$/i.test(filename) ? 'application/json' : null),
        typeMessage: 'Please choose one .json file',
      })
    ).file;
}
const params = z.object({ id: idSchema });
const invitationResponse = z.object({ ok: z.literal(true), message: z.string(), signedOut: z.boolean() });

/** The reseller tree (spec manager-dealer §7 Dealers): the manager sees all, a dealer user its subtree. */
export function dealerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dealers', {
      config: { access: 'dealers.list' },
      schema: {
        tags,
        summary: 'Dealers one sees, searchable and paged',
        security: bearerAuth,
        querystring: dealerListQuerySchema,
        response: { 200: listResponseSchema(dealerSummarySchema), ...commonErrors },
      },
      handler: async (request) => {
        const q = request.query;
        return listDealers(deps, callerOf(request), {
          start: q._start,
          limit: q._limit,
          sort: q._sort,
          search: q._q,
        });
      },
    });

    app.post('/dealers', {
      config: { access: 'dealer.create' },
      schema: {
        tags,
        summary: 'Create a root dealer (manager) or a sub-dealer',
        security: bearerAuth,
        body: dealerBodySchema,
        response: { 200: dealerSchema, ...commonErrors },
      },
      handler: async (request) => createDealer(deps, callerOf(request), request.body),
    });

    app.get('/dealers/:id', {
      config: { access: 'dealer.read' },
      schema: { tags, summary: 'One dealer', security: bearerAuth, params, response: { 200: dealerSchema, ...commonErrors } },
      handler: async (request) => readDealer(deps, callerOf(request), request.params.id),
    });

    app.put('/dealers/:id', {
      config: { access: 'dealer.update' },
      schema: {
        tags,
        summary: 'Change a dealer (the locks of spec §5 apply; a changed configuration section needs dealer.configure)',
        security: bearerAuth,
        params,
        body: dealerBodySchema,
        response: { 200: dealerSchema, ...commonErrors },
      },
      handler: async (request) => updateDealer(deps, callerOf(request), request.params.id, request.body),
    });

    app.put('/dealers/:id/logo', {
      config: { access: 'dealer.update' },
      schema: {
        tags,
        summary: "Replace the dealer's logo (multipart: files.logo, an image)",
        ...multipartUpload('logo'),
        security: bearerAuth,
        params,
        response: { 200: dealerSchema, ...commonErrors },
      },
      handler: async (request) => replaceDealerLogo(deps, callerOf(request), request.params.id, logoReader(deps, request)),
    });

    app.delete('/dealers/:id/logo', {
      config: { access: 'dealer.update' },
      schema: { tags, summary: "Remove the dealer's logo", security: bearerAuth, params, response: { 200: dealerSchema, ...commonErrors } },
      handler: async (request) => removeDealerLogo(deps, callerOf(request), request.params.id),
    });

    app.put('/dealers/:id/configuration-file', {
      config: { access: 'dealer.configure' },
      schema: {
        tags,
        summary: "Replace the dealer's fixed configuration file (multipart: files.fixedConfigFile, one .json)",
        ...multipartUpload('fixedConfigFile'),
        security: bearerAuth,
        params,
        response: { 200: dealerSchema, ...commonErrors },
      },
      handler: async (request) => replaceDealerConfigFile(deps, callerOf(request), request.params.id, configFileReader(deps, request)),
    });

    app.get('/dealers/:id/configuration-file', {
      config: { access: 'dealer.read' },
      schema: {
        tags,
        summary: "The dealer's fixed configuration file, as stored",
        security: bearerAuth,
        params,
        response: { 200: z.string(), ...commonErrors },
      },
      handler: async (request, reply) => {
        const file = await dealerConfigFile(deps, callerOf(request), request.params.id);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
          .send(file.text);
      },
    });

    app.get('/dealers/:id/branch', {
      config: { access: 'dealer.read' },
      schema: {
        tags,
        summary: 'The sub-dealers below a dealer, at any depth',
        security: bearerAuth,
        params,
        response: { 200: z.array(dealerSummarySchema), ...commonErrors },
      },
      handler: async (request) => listBranch(deps, callerOf(request), request.params.id),
    });

    app.post('/dealers/:id/invitation', {
      config: { access: 'dealer.invite' },
      schema: {
        tags,
        summary: "Invite the dealer's user (again)",
        security: bearerAuth,
        params,
        querystring: localeQuerySchema,
        body: dealerInvitationBodySchema,
        response: { 200: invitationResponse, ...commonErrors },
      },
      handler: async (request) => {
        const user = callerOf(request);
        const { signedOut } = await inviteDealer(deps, user, request.params.id, request.body, mailLanguage(request, null));
        return { ok: true as const, message: INVITATION_SENT, signedOut };
      },
    });
  };
}
