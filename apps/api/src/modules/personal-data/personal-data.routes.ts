import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/personal-data';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { limitFailures } from '../../lib/rate-limit-guard.ts';
import { mailLanguage } from '../../lib/request-language.ts';
import { attachmentHeader } from '../../platform/storage/storage.ts';
import { dataExportState, deleteAccount, downloadDataExport, requestDataExport, type FailureLimit } from './personal-data.service.ts';

/** Method, path, schemas and access come from the contracts in packages/shared (ADR 0022). */
export function personalDataRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  /** Wrong passwords and codes count per user and per address, as the second factor's checks do (ADR 0020). */
  const limitOf =
    (request: FastifyRequest): FailureLimit =>
    (userId, attempt) =>
      limitFailures(deps.rateLimitStore, 'account-deletion', deps.rateLimits.secondFactor, request, `user:${userId}`, attempt);

  return async (app) => {
    app.route({
      ...fromContract(contracts.dataExportState),
      handler: async (request) => dataExportState(deps, callerOf(request)),
    });

    app.route({
      ...fromContract(contracts.requestDataExport),
      handler: async (request) => {
        const user = callerOf(request);
        return requestDataExport(deps, user, mailLanguage(request, user.language));
      },
    });

    // The mailed link opens the web app's page, which fetches this with the signed-in user's token:
    // the link alone downloads nothing, and another user's session cannot use it (docs/privacy.md).
    app.route({
      ...fromContract(contracts.downloadDataExport),
      handler: async (request, reply) => {
        const file = await downloadDataExport(deps, callerOf(request), request.params.token);
        reply
          .header('cache-control', 'no-store')
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentHeader(file.filename))
          .header('content-length', file.size);
        return reply.send(file.stream);
      },
    });

    app.route({
      ...fromContract(contracts.deleteAccount),
      handler: async (request) => {
        await deleteAccount(deps, callerOf(request), request.body, limitOf(request));
        return { ok: true as const, message: 'Your account is deleted. Goodbye.' };
      },
    });
  };
}
