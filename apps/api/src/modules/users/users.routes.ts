import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '@casebridge/shared/schemas/auth';
import { languageBodySchema, profileDataSchema } from '@casebridge/shared/schemas/account';
import * as settingsContracts from '@casebridge/shared/contracts/user-settings';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readImageForm } from '../../lib/multipart-form.ts';
import { mailLanguage } from '../../lib/request-language.ts';
import { bearerAuth, commonErrors, multipartUpload } from '../../lib/route-schemas.ts';
import { updateLanguage, updateProfile, updateSettings } from './users.service.ts';

const tags = ['account'];
const multipartNote = 'multipart/form-data: a `data` field with JSON and an optional image file';

export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { storage, config } = deps;

  return async (app) => {
    app.put('/users/profile', {
      config: { access: 'account.update' },
      schema: {
        tags,
        summary: 'Update name, email and avatar',
        description: `${multipartNote} (files.avatar). An email change ends the session and asks to confirm the new address.`,
        ...multipartUpload('avatar', profileDataSchema),
        security: bearerAuth,
        response: { 200: z.object({ user: userSchema, emailChanged: z.boolean() }), ...commonErrors },
      },
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

    app.put('/users/language', {
      config: { access: 'account.update' },
      schema: {
        tags,
        summary: 'Change the interface and mail language',
        security: bearerAuth,
        body: languageBodySchema,
        response: { 200: userSchema, ...commonErrors },
      },
      handler: async (request) => updateLanguage(deps, callerOf(request), request.body.language),
    });
  };
}
