import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/licence-keys';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { addLicenceKey, listLicenceKeys, removeLicenceKey, setLicenceKeyDataCollection } from './licence-keys.service.ts';

/** Method, path, schemas and access come from the contracts in packages/shared (ADR 0022). */
export function licenceKeyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.listLicenceKeys),
      handler: async (request) => {
        const { _start, _limit, _sort, _q } = request.query;
        const user = callerOf(request);
        return listLicenceKeys(deps, user, request.params.millId, { start: _start, limit: _limit, sort: _sort, key: _q });
      },
    });

    app.route({
      ...fromContract(contracts.addLicenceKey),
      handler: async (request) => addLicenceKey(deps, callerOf(request), request.body),
    });

    app.route({
      ...fromContract(contracts.setLicenceKeyDataCollection),
      handler: async (request) =>
        setLicenceKeyDataCollection(deps, callerOf(request), request.params.id, request.body.enableDataCollection),
    });

    app.route({
      ...fromContract(contracts.removeLicenceKey),
      handler: async (request) => {
        await removeLicenceKey(deps, callerOf(request), request.params.id);
        return { ok: true as const, message: 'Licence key deleted' };
      },
    });
  };
}
