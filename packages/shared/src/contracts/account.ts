import { z } from 'zod';
import { languageBodySchema, profileDataSchema } from '../schemas/account.ts';
import { userSchema } from '../schemas/auth.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema, uploadRefusals } from './core.ts';

/** One's own account: name, address, avatar and language (the settings are in user-settings.ts). */
const tags = ['account'] as const;

export const updateProfile = defineEndpoint({
  method: 'PUT',
  path: '/users/profile',
  summary: 'Update name, email and avatar (an email change ends the session and asks to confirm the new address)',
  tags,
  access: 'account.update',
  multipart: { file: 'avatar', data: profileDataSchema },
  // 409: the new address is taken (also the losers of a race for it).
  responses: { 200: z.object({ user: userSchema, emailChanged: z.boolean() }), ...uploadRefusals, 409: errorResponseSchema },
});

export const updateLanguage = defineEndpoint({
  method: 'PUT',
  path: '/users/language',
  summary: 'Change the interface and mail language',
  tags,
  access: 'account.update',
  body: languageBodySchema,
  responses: { 200: userSchema, ...commonRefusals },
});
