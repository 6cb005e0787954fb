import { z } from 'zod';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import {
  addLicenceKeyBodySchema,
  licenceKeyListQuerySchema,
  licenceKeySchema,
  updateLicenceKeyBodySchema,
} from '../schemas/licence-keys.ts';
import { listResponseSchema } from '../schemas/paging.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/** Licence keys with the mill's data-collection consent; the spec's paths (`toolpass-data-collection-consents`) are kept. */
const tags = ['licence keys'] as const;
const keyParams = z.object({ id: idSchema });

export const listLicenceKeys = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/toolpass-data-collection-consents',
  summary: "The mill's licence keys",
  tags,
  access: 'licenceKeys.read',
  params: z.object({ millId: idSchema }),
  query: licenceKeyListQuerySchema,
  responses: { 200: listResponseSchema(licenceKeySchema), ...commonRefusals },
});

export const addLicenceKey = defineEndpoint({
  method: 'POST',
  path: '/toolpass-data-collection-consents',
  summary: 'Register a licence key for a mill',
  tags,
  access: 'licenceKeys.manage',
  body: addLicenceKeyBodySchema,
  // A key another mill (or this one) holds is a 400 naming the field (LICENCE_KEY_TAKEN), not a 409: the answer does not say who holds it.
  responses: { 200: licenceKeySchema, ...commonRefusals },
});

export const setLicenceKeyDataCollection = defineEndpoint({
  method: 'PUT',
  path: '/toolpass-data-collection-consents/:id',
  summary: 'Turn data collection on or off for a key',
  tags,
  access: 'licenceKeys.manage',
  params: keyParams,
  body: updateLicenceKeyBodySchema,
  responses: { 200: licenceKeySchema, ...commonRefusals },
});

export const removeLicenceKey = defineEndpoint({
  method: 'DELETE',
  path: '/toolpass-data-collection-consents/:id',
  summary: 'Remove a licence key from the mill',
  tags,
  access: 'licenceKeys.manage',
  params: keyParams,
  responses: { 200: messageResponseSchema, ...commonRefusals },
});
