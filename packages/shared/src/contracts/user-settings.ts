import { settingsBodySchema } from '../schemas/account.ts';
import { userSchema } from '../schemas/auth.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/** The signed-in user's own settings (paging, notifications, downloads, language: spec manager-dealer §3). */
export const updateUserSettings = defineEndpoint({
  method: 'PUT',
  path: '/users/settings',
  summary: 'Update notification, paging and download settings',
  tags: ['account'],
  access: 'account.update',
  body: settingsBodySchema,
  responses: { 200: userSchema, ...commonRefusals },
});
