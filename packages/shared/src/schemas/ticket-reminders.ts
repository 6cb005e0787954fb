import { z } from 'zod';
import { REMINDER_FREQUENCIES, REMINDER_LEAD_DAYS } from './auth.ts';

/**
 * Ticket expiry reminders (issue 14 item 4). A digest holds three stages:
 * - `upcoming`: tickets expiring within the user's lead days after the digest's day;
 * - `expired`: tickets whose expiry day has come, less than a week ago (once per ticket);
 * - `overdue`: tickets still expired a week or more later (once per ticket).
 */
export const REMINDER_STAGES = ['upcoming', 'expired', 'overdue'] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number];

export const reminderTicketSchema = z.object({
  id: z.number(),
  key: z.string(),
  product: z.string(),
  /** YYYY-MM-DD (UTC). */
  licenceExpiry: z.string(),
  dealerName: z.string(),
});
export type ReminderTicket = z.infer<typeof reminderTicketSchema>;

const stageSchema = z.object({
  /** All tickets of the stage; `tickets` holds the first of them (by expiry), as the mail lists them. */
  count: z.number(),
  tickets: z.array(reminderTicketSchema),
});

/** The signed-in dealer user's next digest, as the job would send it on `nextDigestOn`. */
export const reminderPreviewSchema = z.object({
  enabled: z.boolean(),
  leadDays: z.union(REMINDER_LEAD_DAYS.map((days) => z.literal(days)) as [z.ZodLiteral<5>, ...z.ZodLiteral<number>[]]),
  frequency: z.enum(REMINDER_FREQUENCIES),
  /** YYYY-MM-DD (UTC): the day of the next digest; null while reminders are off. */
  nextDigestOn: z.string().nullable(),
  upcoming: stageSchema,
  expired: stageSchema,
  overdue: stageSchema,
});
export type ReminderPreview = z.infer<typeof reminderPreviewSchema>;
