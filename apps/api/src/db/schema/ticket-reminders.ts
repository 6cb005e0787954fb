import { boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { licenceTickets } from './dealers.ts';
import { users } from './users.ts';

/**
 * Ticket expiry reminders (issue 14 item 4): what the reminder job has sent, so it never sends it
 * twice. The unique keys are the guarantee, not a check before sending: two processes (or a run
 * after a restart) insert the same key, the second waits for the first's commit and inserts
 * nothing, and only rows a transaction did insert are mailed, in that transaction.
 *
 * One digest per user and period of the user's frequency (its first UTC day). The counts say
 * what that digest held; a period whose digest was empty is recorded too, so the period is spent
 * and the preview knows the next digest comes with the next period.
 */
export const ticketReminderDigests = pgTable(
  'ticket_reminder_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    frequency: text('frequency').notNull(),
    upcoming: integer('upcoming').notNull().default(0),
    expired: integer('expired').notNull().default(0),
    overdue: integer('overdue').notNull().default(0),
    /** False when the digest had nothing to report (no mail went). */
    mailed: boolean('mailed').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodStart] }), index('ticket_reminder_digests_period_idx').on(t.periodStart)],
);

/**
 * Stages 2 (the ticket expired) and 3 (still expired a week later): at most once per ticket, user
 * and expiry date. The expiry date is part of the key because a renewed ticket (its expiry moved
 * later) starts over: when its new date comes, that is news again.
 */
export const ticketReminderStages = pgTable(
  'ticket_reminder_stages',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => licenceTickets.id, { onDelete: 'cascade' }),
    stage: smallint('stage').notNull(),
    expiry: date('expiry').notNull(),
    periodStart: date('period_start').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ticketId, t.stage, t.expiry] }), index('ticket_reminder_stages_ticket_idx').on(t.ticketId)],
);
