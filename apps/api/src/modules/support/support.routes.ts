import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { supportContactBodySchema } from '@casebridge/shared/schemas/mill-admin';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { contactSupport } from './support.service.ts';

const tags = ['support'];

export function supportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/mills/:millId/support/contact/send-email', {
      config: { access: 'mill.support' },
      schema: {
        tags,
        summary: 'Write to the operator support, with the sender named',
        security: bearerAuth,
        params: z.object({ millId: idSchema }),
        body: supportContactBodySchema,
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await contactSupport(deps, callerOf(request), request.params.millId, request.body);
        return { ok: true as const, message: 'Email sent' };
      },
    });
  };
}
