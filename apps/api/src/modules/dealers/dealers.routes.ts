import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/dealers';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { mailLanguage } from '../../lib/request-language.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { dealerConfigFile, removeDealerLogo, replaceDealerConfigFile, replaceDealerLogo, type FileReader } from './dealers.files.ts';
import { readFileForm, readImageForm } from '../../lib/multipart-form.ts';
import { createDealer, INVITATION_SENT, inviteDealer, listBranch, listDealers, readDealer, updateDealer } from './dealers.service.ts';

/** The largest configuration file accepted: generous for a JSON the installer reads. */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

function logoReader(deps: AppDeps, request: FastifyRequest): FileReader {
  return async () => (await readImageForm(request, deps.storage, 'logo', 'logos', deps.config.maxImageBytes)).image;
}

function configFileReader(deps: AppDeps, request: FastifyRequest): FileReader {
  return async () =>
    (
      await readFileForm(request, deps.storage, {
        field: 'fixedConfigFile',
        prefix: 'dealer-configs',
        maxBytes: MAX_CONFIG_FILE_BYTES,
        // Only the name can be told from the first bytes; the whole file is parsed once stored.
        sniff: (_head, filename) => (/\.json$/i.test(filename) ? 'application/json' : null),
        typeMessage: 'Please choose one .json file',
      })
    ).file;
}

/** The reseller tree (spec manager-dealer §7 Dealers); method, path, schemas and access come from the contracts (ADR 0022). */
export function dealerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.listDealers),
      handler: async (request) => {
        const q = request.query;
        return listDealers(deps, callerOf(request), { start: q._start, limit: q._limit, sort: q._sort, search: q._q });
      },
    });

    app.route({
      ...fromContract(contracts.createDealer),
      handler: async (request) => createDealer(deps, callerOf(request), request.body),
    });

    app.route({
      ...fromContract(contracts.getDealer),
      handler: async (request) => readDealer(deps, callerOf(request), request.params.id),
    });

    app.route({
      ...fromContract(contracts.updateDealer),
      handler: async (request) => updateDealer(deps, callerOf(request), request.params.id, request.body),
    });

    app.route({
      ...fromContract(contracts.replaceDealerLogo),
      handler: async (request) => replaceDealerLogo(deps, callerOf(request), request.params.id, logoReader(deps, request)),
    });

    app.route({
      ...fromContract(contracts.removeDealerLogo),
      handler: async (request) => removeDealerLogo(deps, callerOf(request), request.params.id),
    });

    app.route({
      ...fromContract(contracts.replaceDealerConfigFile),
      handler: async (request) => replaceDealerConfigFile(deps, callerOf(request), request.params.id, configFileReader(deps, request)),
    });

    app.route({
      ...fromContract(contracts.dealerConfigFile),
      handler: async (request, reply) => {
        const file = await dealerConfigFile(deps, callerOf(request), request.params.id);
        // Sent as stored (a JSON text with its name), not re-serialized.
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
          .send(file.text);
      },
    });

    app.route({
      ...fromContract(contracts.dealerBranch),
      handler: async (request) => listBranch(deps, callerOf(request), request.params.id),
    });

    app.route({
      ...fromContract(contracts.inviteDealer),
      handler: async (request) => {
        const user = callerOf(request);
        const { signedOut } = await inviteDealer(deps, user, request.params.id, request.body, mailLanguage(request, null));
        return { ok: true as const, message: INVITATION_SENT, signedOut };
      },
    });
  };
}
