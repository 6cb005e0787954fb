import { sessionSchema } from '../schemas/auth.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/** The signed-in user with their mills and dealer: what the web app and the command-line client start from. */
export const currentSession = defineEndpoint({
  method: 'GET',
  path: '/users/me',
  summary: 'The signed-in user, their mills and dealer',
  tags: ['account'],
  access: 'account.read',
  responses: { 200: sessionSchema, ...commonRefusals },
});
