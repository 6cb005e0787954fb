import { signOut } from '@casebridge/shared/contracts/user-sessions';
import { Api } from '../lib/api.ts';
import type { Command, Context } from '../lib/command.ts';
import { readConfig, removeToken } from '../lib/config.ts';

export const logoutCommand: Command = {
  name: 'logout',
  summary: 'Sign out: end the session on the portal and forget it here',
  synopsis: 'casebridge logout',
  description:
    'Ends the session on the portal (POST /api/auth/sign-out), so the token stops working everywhere, then removes it from ' +
    'the configuration file; the portal URL and email stay as defaults for the next login. An unreachable portal still ' +
    'lets the token go here (it expires after 7 days).',
  options: {},
  positionals: { min: 0, max: 0 },
  run: async (ctx: Context) => {
    const config = await readConfig(ctx.configFile);
    if (config?.token) {
      // Best effort: a portal that is down, or a session already ended, must not keep the token here.
      await new Api(config.url, config.token).call(signOut, {}).catch(() => undefined);
    }
    ctx.out((await removeToken(ctx.configFile)) ? 'Signed out.' : 'Not signed in.');
    return 0;
  },
};
