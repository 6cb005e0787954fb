import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionSchema, userSchema } from '@casebridge/shared/schemas/auth';
import { companyInfoDataSchema, companySchema, languageBodySchema, profileDataSchema, settingsBodySchema } from '@casebridge/shared/schemas/account';
import type { AppDeps } from '../../deps.ts';
import { loadCurrentUser } from '../../lib/current-user.ts';
import { readImageForm } from '../../lib/multipart-form.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { mailLanguage } from '../auth/account-mails.ts';
import { buildSession } from '../session/session.service.ts';
import { parseFormData } from './form-data.ts';
import { getCompanyInfo, updateCompanyInfo, updateProfile, updateSettings } from './users.service.ts';

const tags = ['account'];
const multipartNote = 'multipart/form-data: a `data` field with JSON and an optional image file';

export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/me', {
      schema: { tags, summary: 'The signed-in user, their mills and dealer', security: bearerAuth, response: { 200: sessionSchema, ...commonErrors } },
      handler: async (request) => buildSession(deps.db, (await loadCurrentUser(request, deps.db)).id),
    });

    app.put('/users/profile', {
      schema: {
        tags,
        summary: 'Update name, email and avatar',
        description: `${multipartNote} (files.avatar). An email change ends the session and asks to confirm the new address.`,
        security: bearerAuth,
        response: { 200: z.object({ user: userSchema, emailChanged: z.boolean() }), ...commonErrors },
      },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        const form = await readImageForm(request, deps.storage, 'avatar', 'avatars', deps.config.maxImageBytes);
        try {
          const input = parseFormData(profileDataSchema, form.data);
          const result = await updateProfile(deps, user, input, form.image, mailLanguage(request, user.language));
          const session = await buildSession(deps.db, user.id);
          return { user: session.user, emailChanged: result.emailChanged };
        } catch (error) {
          if (form.image) await deps.storage.remove(form.image.key);
          throw error;
        }
      },
    });

    app.put('/users/settings', {
      schema: { tags, summary: 'Update notification, paging and download settings', security: bearerAuth, body: settingsBodySchema, response: { 200: userSchema, ...commonErrors } },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        await updateSettings(deps, user, request.body);
        return (await buildSession(deps.db, user.id)).user;
      },
    });

    app.put('/users/language', {
      schema: { tags, summary: 'Change the interface and mail language', security: bearerAuth, body: languageBodySchema, response: { 200: userSchema, ...commonErrors } },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        await updateSettings(deps, user, { language: request.body.language });
        return (await buildSession(deps.db, user.id)).user;
      },
    });

    app.get('/users/companyInfo', {
      schema: { tags, summary: "The signed-in user's company", security: bearerAuth, response: { 200: companySchema, ...commonErrors } },
      handler: async (request) => getCompanyInfo(deps, await loadCurrentUser(request, deps.db)),
    });

    app.put('/users/companyInfo', {
      schema: { tags, summary: 'Update the company details', description: `${multipartNote} (files.logo)`, security: bearerAuth, response: { 200: companySchema, ...commonErrors } },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        const form = await readImageForm(request, deps.storage, 'logo', 'logos', deps.config.maxImageBytes);
        try {
          return await updateCompanyInfo(deps, user, parseFormData(companyInfoDataSchema, form.data), form.image);
        } catch (error) {
          if (form.image) await deps.storage.remove(form.image.key);
          throw error;
        }
      },
    });
  };
}
