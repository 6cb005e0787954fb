import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionSchema } from '@casebridge/shared/schemas/auth';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { readSession } from './session.service.ts';

const tags = ['account'];

export function sessionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/me', {
      config: { access: 'account.read' },
      schema: {
        tags,
        summary: 'The signed-in user, their mills and dealer',
        security: bearerAuth,
        response: { 200: sessionSchema, ...commonErrors },
      },
      handler: async (request) => readSession(deps, callerOf(request)),
    });
  };
}
