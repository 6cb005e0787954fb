import { z } from 'zod';
import { idSchema } from '../schemas/common.ts';
import {
  dealerConfigurationSchema,
  draftBodySchema,
  installationResultSchema,
  installationTestBodySchema,
  publishBodySchema,
  verifyBodySchema,
  verifyResultSchema,
} from '../schemas/dealer-configurations.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/**
 * The installation configuration test (spec manager-dealer §7: `/v1/dealers-informations/test/installation/config`,
 * `…/components/verify`, `…/push/config/to/production`, `…/components/xml`) in our REST shape, about
 * the dealer `{id}` whose configuration is tested (ADR 0013).
 */
const tags = ['dealer configuration test'] as const;
const dealerParams = z.object({ id: idSchema });

export const getConfiguration = defineEndpoint({
  method: 'GET',
  path: '/dealers/:id/configuration-test',
  summary: 'The dealer’s draft and production configuration, its component metadata, and what the caller may do',
  tags,
  access: 'dealerConfig.test',
  params: dealerParams,
  responses: { 200: dealerConfigurationSchema, ...commonRefusals },
});

export const saveDraft = defineEndpoint({
  method: 'PUT',
  path: '/dealers/:id/configuration-test/draft',
  summary: 'Save the draft configuration (any text; validating is a separate step)',
  tags,
  access: 'dealerConfig.edit',
  params: dealerParams,
  body: draftBodySchema,
  responses: { 200: dealerConfigurationSchema, ...commonRefusals },
});

export const testInstallation = defineEndpoint({
  method: 'POST',
  path: '/dealers/:id/configuration-test/installation',
  summary: 'What the installer would receive for a ticket of the dealer’s subtree (spec: test/installation/config)',
  description:
    'The ticket’s dealer, the configuration that applies (own or root’s, by the permissions; FixedJson, FixedFile ' +
    'or DynamicUrl), the draft in test mode or production, for the initial call or an update. `configJson` ' +
    'is the page’s unsaved draft of this dealer.',
  tags,
  access: 'dealerConfig.test',
  params: dealerParams,
  body: installationTestBodySchema,
  // 400 TICKET_FORMAT_INVALID or INVALID_JSON (the page's draft); 404: no such ticket in the dealer's subtree.
  responses: { 200: installationResultSchema, ...commonRefusals },
});

export const verifyComponents = defineEndpoint({
  method: 'POST',
  path: '/dealers/:id/configuration-test/verify',
  summary: 'Check mandatory, optional and mandatory-then-optional component ids against the dealer’s component metadata',
  tags,
  access: 'dealerConfig.test',
  params: dealerParams,
  body: verifyBodySchema,
  responses: { 200: verifyResultSchema, ...commonRefusals },
});

export const publishConfiguration = defineEndpoint({
  method: 'POST',
  path: '/dealers/:id/configuration-test/production',
  summary:
    'Ready for production: the JSON becomes the production configuration, and the draft (FixedJson only; dealer managers and the manager)',
  tags,
  access: 'dealerConfig.publish',
  params: dealerParams,
  body: publishBodySchema,
  // 409 CONFIGURATION_PUSH_UNAVAILABLE: the dealer's configuration is not FixedJson.
  responses: { 200: dealerConfigurationSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const generateComponents = defineEndpoint({
  method: 'POST',
  path: '/dealers/:id/components-metadata',
  summary: 'Generate or refresh the component metadata from `<components base URL>/components.json` (spec: components/xml)',
  tags,
  access: 'dealerConfig.edit',
  params: dealerParams,
  // 409 COMPONENT_BASE_URL_MISSING; 422: the URL is refused or its list is not one; 502: it could not be fetched.
  responses: {
    200: dealerConfigurationSchema,
    ...commonRefusals,
    409: errorResponseSchema,
    422: errorResponseSchema,
    502: errorResponseSchema,
  },
});
