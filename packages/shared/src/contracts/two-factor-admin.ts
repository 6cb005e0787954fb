import { z } from 'zod';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import { millTwoFactorRequirementSchema, twoFactorRequirementSchema } from '../schemas/two-factor.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/** Who must sign in with a second factor, and an administrator's reset of a lost one (ADR 0020). */
const tags = ['two-factor'] as const;
const millParams = z.object({ millId: idSchema });

export const readMillRequirement = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/two-factor-requirement',
  summary: 'Whether the mill’s staff must sign in with a second factor, and how many have none yet',
  tags,
  access: 'mill.requireTwoFactor',
  params: millParams,
  responses: { 200: millTwoFactorRequirementSchema, ...commonRefusals },
});

export const setMillRequirement = defineEndpoint({
  method: 'PUT',
  path: '/mills/:millId/two-factor-requirement',
  summary: 'Require (or stop requiring) a second factor of the mill’s staff',
  tags,
  access: 'mill.requireTwoFactor',
  params: millParams,
  body: twoFactorRequirementSchema,
  responses: { 200: millTwoFactorRequirementSchema, ...commonRefusals },
});

export const readPlatformRequirement = defineEndpoint({
  method: 'GET',
  path: '/two-factor-requirement',
  summary: 'Whether managers and dealer users must sign in with a second factor',
  tags,
  access: 'platform.requireTwoFactor',
  responses: { 200: twoFactorRequirementSchema, ...commonRefusals },
});

export const setPlatformRequirement = defineEndpoint({
  method: 'PUT',
  path: '/two-factor-requirement',
  summary: 'Require (or stop requiring) a second factor of managers and dealer users',
  tags,
  access: 'platform.requireTwoFactor',
  body: twoFactorRequirementSchema,
  responses: { 200: twoFactorRequirementSchema, ...commonRefusals },
});

export const resetMillStaffFactor = defineEndpoint({
  method: 'POST',
  path: '/mills/:millId/users/:id/two-factor-reset',
  summary: 'Reset the second factor of a staff member who lost it',
  tags,
  access: 'millUsers.resetSecondFactor',
  params: z.object({ millId: idSchema, id: idSchema }),
  // 409: the member has no second factor to reset.
  responses: { 200: messageResponseSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const resetDealerUserFactor = defineEndpoint({
  method: 'POST',
  path: '/dealer-users/:id/two-factor-reset',
  summary: 'Reset the second factor of a dealer user who lost it (the manager)',
  tags,
  access: 'dealerUsers.resetSecondFactor',
  params: z.object({ id: idSchema }),
  // 409: the user has no second factor to reset.
  responses: { 200: messageResponseSchema, ...commonRefusals, 409: errorResponseSchema },
});
