import { z } from 'zod';
import { addOnSchema, contractTypeSchema, contractTypesResponseSchema, PLAN_KEYS, planUpdateBodySchema } from '../schemas/billing.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/** The catalogue of plans and add-ons (spec §7 contract-types, add-ons), and the manager's price list. */
const tags = ['plans'] as const;

export const listContractTypes = defineEndpoint({
  method: 'GET',
  path: '/contract-types',
  summary: 'The plans with their prices and limits, and the running promotions',
  tags,
  access: 'signedIn',
  responses: { 200: contractTypesResponseSchema, ...commonRefusals },
});

export const listAddOns = defineEndpoint({
  method: 'GET',
  path: '/add-ons',
  summary: 'The file-retention add-ons with their monthly prices',
  tags,
  access: 'signedIn',
  responses: { 200: z.object({ data: z.array(addOnSchema) }), ...commonRefusals },
});

export const updateContractType = defineEndpoint({
  method: 'PUT',
  path: '/contract-types/:id',
  summary: "Change a plan's price and limits (manager); they apply at once",
  tags,
  access: 'plans.manage',
  params: z.object({ id: z.enum(PLAN_KEYS) }),
  body: planUpdateBodySchema,
  responses: { 200: contractTypeSchema, ...commonRefusals },
});
