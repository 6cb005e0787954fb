import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onboardingSchema } from '@casebridge/shared/schemas/mill-admin';
import { idSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { onboardingOf } from './onboarding.service.ts';

const tags = ['mills'];

export function onboardingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/mills/:id/onboarding', {
      config: { access: 'mill.onboarding' },
      schema: {
        tags,
        summary: "A new mill's first steps and which are done",
        security: bearerAuth,
        params: z.object({ id: idSchema }),
        response: { 200: onboardingSchema, ...commonErrors },
      },
      handler: async (request) => onboardingOf(deps, callerOf(request), request.params.id),
    });
  };
}
