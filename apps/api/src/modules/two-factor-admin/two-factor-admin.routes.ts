import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import { twoFactorRequirementSchema } from '@casebridge/shared/schemas/two-factor';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors, errorResponseSchema } from '../../lib/route-schemas.ts';
import {
  readMillRequirement,
  readPlatformRequirement,
  resetDealerUserFactor,
  resetMillStaffFactor,
  setMillRequirement,
  setPlatformRequirement,
} from './two-factor-admin.service.ts';

const tags = ['two-factor'];
const errors = { ...commonErrors, 409: errorResponseSchema };
const millParams = z.object({ millId: idSchema });
const resetDone = { ok: true as const, message: 'The second factor is reset: the user enrols again at the next sign-in.' };

export function twoFactorAdminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/mills/:millId/two-factor-requirement', {
      config: { access: 'mill.requireTwoFactor' },
      schema: {
        tags,
        summary: 'Whether the mill’s staff must sign in with a second factor',
        security: bearerAuth,
        params: millParams,
        response: { 200: twoFactorRequirementSchema, ...commonErrors },
      },
      handler: async (request) => readMillRequirement(deps, callerOf(request), request.params.millId),
    });

    app.put('/mills/:millId/two-factor-requirement', {
      config: { access: 'mill.requireTwoFactor' },
      schema: {
        tags,
        summary: 'Require (or stop requiring) a second factor of the mill’s staff',
        security: bearerAuth,
        params: millParams,
        body: twoFactorRequirementSchema,
        response: { 200: twoFactorRequirementSchema, ...commonErrors },
      },
      handler: async (request) => setMillRequirement(deps, callerOf(request), request.params.millId, request.body.required),
    });

    app.get('/two-factor-requirement', {
      config: { access: 'platform.requireTwoFactor' },
      schema: {
        tags,
        summary: 'Whether managers and dealer users must sign in with a second factor',
        security: bearerAuth,
        response: { 200: twoFactorRequirementSchema, ...commonErrors },
      },
      handler: async (request) => readPlatformRequirement(deps, callerOf(request)),
    });

    app.put('/two-factor-requirement', {
      config: { access: 'platform.requireTwoFactor' },
      schema: {
        tags,
        summary: 'Require (or stop requiring) a second factor of managers and dealer users',
        security: bearerAuth,
        body: twoFactorRequirementSchema,
        response: { 200: twoFactorRequirementSchema, ...commonErrors },
      },
      handler: async (request) => setPlatformRequirement(deps, callerOf(request), request.body.required),
    });

    app.post('/mills/:millId/users/:id/two-factor-reset', {
      config: { access: 'millUsers.resetSecondFactor' },
      schema: {
        tags,
        summary: 'Reset the second factor of a staff member who lost it',
        security: bearerAuth,
        params: z.object({ millId: idSchema, id: idSchema }),
        response: { 200: messageResponseSchema, ...errors },
      },
      handler: async (request) => {
        await resetMillStaffFactor(deps, callerOf(request), request.params.millId, request.params.id);
        return resetDone;
      },
    });

    app.post('/dealer-users/:id/two-factor-reset', {
      config: { access: 'dealerUsers.resetSecondFactor' },
      schema: {
        tags,
        summary: 'Reset the second factor of a dealer user who lost it (the manager)',
        security: bearerAuth,
        params: z.object({ id: idSchema }),
        response: { 200: messageResponseSchema, ...errors },
      },
      handler: async (request) => {
        await resetDealerUserFactor(deps, callerOf(request), request.params.id);
        return resetDone;
      },
    });
  };
}
