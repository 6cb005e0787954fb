import { reminderPreviewSchema } from '../schemas/ticket-reminders.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/** Ticket expiry reminders (issue 14 item 4): the dealer settings page's preview of the next digest. */
export const previewReminders = defineEndpoint({
  method: 'GET',
  path: '/ticket-reminders/preview',
  summary: "The signed-in dealer user's next expiry reminder: its day and the tickets of each stage it would hold",
  tags: ['licence tickets'],
  access: 'ticketReminders.preview',
  responses: { 200: reminderPreviewSchema, ...commonRefusals },
});
