import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/ticket-reminders';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { previewReminders } from './ticket-reminders.service.ts';

/** Ticket expiry reminders (issue 14 item 4): the dealer settings page's preview of the next digest. */
export function ticketReminderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.previewReminders),
      handler: async (request) => previewReminders(deps, callerOf(request)),
    });
  };
}
