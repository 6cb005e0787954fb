import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as accountContracts from '@casebridge/shared/contracts/account';
import * as settingsContracts from '@casebridge/shared/contracts/user-settings';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readImageForm } from '../../lib/multipart-form.ts';
import { mailLanguage } from '../../lib/request-language.ts';
import { updateLanguage, updateProfile, updateSettings } from './users.service.ts';

export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { storage, config } = deps;

  return async (app) => {
    app.route({
      ...fromContract(accountContracts.updateProfile),
      handler: async (request) => {
        const user = callerOf(request);
        const readForm = () => readImageForm(request, storage, 'avatar', 'avatars', config.maxImageBytes);
        return updateProfile(deps, user, readForm, mailLanguage(request, user.language));
      },
    });

    app.route({
      ...fromContract(settingsContracts.updateUserSettings),
      handler: async (request) => updateSettings(deps, callerOf(request), request.body),
    });

    app.route({
      ...fromContract(accountContracts.updateLanguage),
      handler: async (request) => updateLanguage(deps, callerOf(request), request.body.language),
    });
  };
}
