import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@casebridge/shared/schemas/common';
import {
  dealerConfigurationSchema,
  draftBodySchema,
  installationResultSchema,
  installationTestBodySchema,
  publishBodySchema,
  verifyBodySchema,
  verifyResultSchema,
} from '@casebridge/shared/schemas/dealer-configurations';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors, errorResponseSchema } from '../../lib/route-schemas.ts';
import {
  generateComponentsMetadata,
  publishConfiguration,
  readConfiguration,
  saveDraftConfiguration,
  testInstallation,
  verifyComponents,
} from './dealer-configurations.service.ts';

const tags = ['dealer configuration test'];
const params = z.object({ id: idSchema });
const withConflict = { ...commonErrors, 409: errorResponseSchema };

/**
 * The installation configuration test (spec manager-dealer §7: `/v1/dealers-informations/test/installation/config`,
 * `…/components/verify`, `…/push/config/to/production`, `…/components/xml`) in our REST shape, about
 * the dealer `{id}` whose configuration is tested (ADR 0013).
 */
export function dealerConfigurationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dealers/:id/configuration-test', {
      config: { access: 'dealerConfig.test' },
      schema: {
        tags,
        summary: 'The dealer’s draft and production configuration, its component metadata, and what the caller may do',
        security: bearerAuth,
        params,
        response: { 200: dealerConfigurationSchema, ...commonErrors },
      },
      handler: async (request) => readConfiguration(deps, callerOf(request), request.params.id),
    });

    app.put('/dealers/:id/configuration-test/draft', {
      config: { access: 'dealerConfig.edit' },
      schema: {
        tags,
        summary: 'Save the draft configuration (any text; validating is a separate step)',
        security: bearerAuth,
        params,
        body: draftBodySchema,
        response: { 200: dealerConfigurationSchema, ...withConflict },
      },
      // A configuration may be up to 1 MB of JSON, as text inside the JSON body.
      bodyLimit: 3 * 1024 * 1024,
      handler: async (request) => saveDraftConfiguration(deps, callerOf(request), request.params.id, request.body.draftConfiguration),
    });

    app.post('/dealers/:id/configuration-test/installation', {
      config: { access: 'dealerConfig.test' },
      schema: {
        tags,
        summary: 'What the installer would receive for a ticket of the dealer’s subtree (spec: test/installation/config)',
        description:
          'The ticket’s dealer, the configuration that applies (own or root’s, by the permissions; FixedJson, FixedFile ' +
          'or DynamicUrl), the draft in test mode or production, for the initial call or an update. `configJson` ' +
          'is the page’s unsaved draft of this dealer.',
        security: bearerAuth,
        params,
        body: installationTestBodySchema,
        response: { 200: installationResultSchema, ...commonErrors },
      },
      bodyLimit: 3 * 1024 * 1024,
      handler: async (request) => testInstallation(deps, callerOf(request), request.params.id, request.body),
    });

    app.post('/dealers/:id/configuration-test/verify', {
      config: { access: 'dealerConfig.test' },
      schema: {
        tags,
        summary: 'Check mandatory, optional and mandatory-then-optional component ids against the dealer’s component metadata',
        security: bearerAuth,
        params,
        body: verifyBodySchema,
        response: { 200: verifyResultSchema, ...commonErrors },
      },
      handler: async (request) => verifyComponents(deps, callerOf(request), request.params.id, request.body),
    });

    app.post('/dealers/:id/configuration-test/production', {
      config: { access: 'dealerConfig.publish' },
      schema: {
        tags,
        summary:
          'Ready for production: the JSON becomes the production configuration, and the draft (FixedJson only; dealer managers and the manager)',
        security: bearerAuth,
        params,
        body: publishBodySchema,
        response: { 200: dealerConfigurationSchema, ...withConflict },
      },
      bodyLimit: 3 * 1024 * 1024,
      handler: async (request) => publishConfiguration(deps, callerOf(request), request.params.id, request.body.configJson),
    });

    app.post('/dealers/:id/components-metadata', {
      config: { access: 'dealerConfig.edit' },
      schema: {
        tags,
        summary: 'Generate or refresh the component metadata from `<components base URL>/components.json` (spec: components/xml)',
        security: bearerAuth,
        params,
        response: { 200: dealerConfigurationSchema, ...withConflict, 422: errorResponseSchema, 502: errorResponseSchema },
      },
      handler: async (request) => generateComponentsMetadata(deps, callerOf(request), request.params.id),
    });
  };
}
