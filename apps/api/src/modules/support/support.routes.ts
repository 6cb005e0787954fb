import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSupportMessage } from '@casebridge/shared/contracts/support';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { contactSupport } from './support.service.ts';

/** Method, path, schemas and access come from the contract in packages/shared (ADR 0022). */
export function supportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(sendSupportMessage),
      handler: async (request) => {
        await contactSupport(deps, callerOf(request), request.params.millId, request.body);
        return { ok: true as const, message: 'Email sent' };
      },
    });
  };
}
