import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reminderPreviewSchema } from '@casebridge/shared/schemas/ticket-reminders';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { previewReminders } from './ticket-reminders.service.ts';

const tags = ['licence tickets'];

/** Ticket expiry reminders (issue 14 item 4): the dealer settings page's preview of the next digest. */
export function ticketReminderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/ticket-reminders/preview', {
      config: { access: 'ticketReminders.preview' },
      schema: {
        tags,
        summary: "The signed-in dealer user's next expiry reminder: its day and the tickets of each stage it would hold",
        security: bearerAuth,
        response: { 200: reminderPreviewSchema, ...commonErrors },
      },
      handler: async (request) => previewReminders(deps, callerOf(request)),
    });
  };
}
