import type { Command, Context } from '../lib/command.ts';
import { removeToken } from '../lib/config.ts';

export const logoutCommand: Command = {
  name: 'logout',
  summary: 'Forget the stored session',
  synopsis: 'casebridge logout',
  description: 'Removes the session token from the configuration file; the portal URL and email stay as defaults for the next login.',
  options: {},
  positionals: { min: 0, max: 0 },
  run: async (ctx: Context) => {
    ctx.out((await removeToken(ctx.configFile)) ? 'Signed out.' : 'Not signed in.');
    return 0;
  },
};
