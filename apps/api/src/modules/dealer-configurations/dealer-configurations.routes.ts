import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/dealer-configurations';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import {
  generateComponentsMetadata,
  publishConfiguration,
  readConfiguration,
  saveDraftConfiguration,
  testInstallation,
  verifyComponents,
} from './dealer-configurations.service.ts';

/** A configuration may be up to 1 MB of JSON, as text inside the JSON body. */
const CONFIGURATION_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * The installation configuration test about the dealer `{id}` whose configuration is tested (ADR 0013);
 * method, path, schemas and access come from the contracts (ADR 0022).
 */
export function dealerConfigurationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.getConfiguration),
      handler: async (request) => readConfiguration(deps, callerOf(request), request.params.id),
    });

    app.route({
      ...fromContract(contracts.saveDraft),
      bodyLimit: CONFIGURATION_BODY_LIMIT,
      handler: async (request) => saveDraftConfiguration(deps, callerOf(request), request.params.id, request.body.draftConfiguration),
    });

    app.route({
      ...fromContract(contracts.testInstallation),
      bodyLimit: CONFIGURATION_BODY_LIMIT,
      handler: async (request) => testInstallation(deps, callerOf(request), request.params.id, request.body),
    });

    app.route({
      ...fromContract(contracts.verifyComponents),
      handler: async (request) => verifyComponents(deps, callerOf(request), request.params.id, request.body),
    });

    app.route({
      ...fromContract(contracts.publishConfiguration),
      bodyLimit: CONFIGURATION_BODY_LIMIT,
      handler: async (request) => publishConfiguration(deps, callerOf(request), request.params.id, request.body.configJson),
    });

    app.route({
      ...fromContract(contracts.generateComponents),
      handler: async (request) => generateComponentsMetadata(deps, callerOf(request), request.params.id),
    });
  };
}
