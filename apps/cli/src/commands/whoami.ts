import { currentSession } from '@casebridge/shared/contracts/session';
import { Api } from '../lib/api.ts';
import type { Command, Context } from '../lib/command.ts';
import { requireSession } from '../lib/config.ts';

export const whoamiCommand: Command = {
  name: 'whoami',
  summary: 'Show who you are signed in as, and your mills',
  synopsis: 'casebridge whoami',
  description:
    'Asks the portal for the signed-in user (GET /api/users/me) and lists the mills with their ids, as `send --mill` and `pull --mill` take them.',
  options: {},
  positionals: { min: 0, max: 0 },
  run: async (ctx: Context) => {
    const session = await requireSession(ctx.io);
    const me = await new Api(session.url, session.token).call(currentSession, {});
    const { user } = me;
    ctx.out(`${user.email} — ${user.firstName} ${user.lastName}, ${user.role.type} user${user.company ? ` of ${user.company.name}` : ''}`);
    ctx.out(`portal: ${session.url}`);
    if (me.mills.length === 0) ctx.out('mills: none');
    for (const mill of me.mills) ctx.out(`  mill ${mill.id}: ${mill.company.name}${mill.millRole ? ` (${mill.millRole})` : ''}`);
    return 0;
  },
};
