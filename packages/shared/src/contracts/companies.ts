import { z } from 'zod';
import { idSchema } from '../schemas/common.ts';
import { labSchema, shippingBodySchema } from '../schemas/mill-admin.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/**
 * A lab company's lab record and its shipping address. A lab the caller may not see answers 404
 * like a missing one, so the answer does not tell that it exists.
 */
const tags = ['companies'] as const;
const idParams = z.object({ id: idSchema });

export const getLab = defineEndpoint({
  method: 'GET',
  path: '/labs/:id',
  summary: 'A lab with its shipping address',
  tags,
  access: 'company.read',
  params: idParams,
  responses: { 200: labSchema, ...commonRefusals },
});

export const getLabOfCompany = defineEndpoint({
  method: 'GET',
  path: '/labs/companies/:id',
  summary: 'The lab of a company',
  tags,
  access: 'company.read',
  params: idParams,
  responses: { 200: labSchema, ...commonRefusals },
});

export const updateLabShipping = defineEndpoint({
  method: 'PUT',
  path: '/labs/:id',
  summary: "Update the own lab's shipping address",
  tags,
  access: 'company.update',
  params: idParams,
  body: shippingBodySchema,
  responses: { 200: labSchema, ...commonRefusals },
});
