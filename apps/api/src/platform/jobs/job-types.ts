import type { MailMessage } from '../mail/mailer.ts';
import type { ProviderEvent } from '../payments/payment-provider.ts';

/**
 * Every job type and the data it carries: one interface, so a producer and its handler cannot
 * disagree on the shape. A feature whose job carries a type of its own adds it to this interface
 * from its own file (declaration merging), so the platform never imports a feature. Data is JSON in the database: ids and plain values, never secrets (a mail's
 * one-time token is made by the job itself, so no usable link sits in the queue's tables).
 */
export interface JobTypes {
  /** A rendered mail to one recipient. */
  'mail.send': MailMessage;
  /** Scheduled: bytes queued for removal that an earlier attempt did not remove. */
  'storage.remove-queued': Record<string, never>;
  /** A verified webhook event of the payment provider, applied once. */
  'payments.apply-event': { event: ProviderEvent };
  /** The test payment provider delivers one of its events to the webhook receiver. */
  'payments.test-deliver': { eventId: string };
  /** Scheduled: the test payment provider renews or ends subscriptions whose period ended. */
  'payments.test-renew': Record<string, never>;
  /** Scheduled: one-time tokens long past their expiry. */
  'tokens.purge-expired': Record<string, never>;
  'sessions.prune': Record<string, never>;
  /** Scheduled: hourly usage roll-ups older than their retention (issue 12). */
  'usage.purge-hours': Record<string, never>;
  /** Scheduled: unfinished resumable uploads past their expiry go, with their parts (order-uploads). */
  'uploads.sweep-abandoned': Record<string, never>;
  /** Scheduled: files past their mill's keep period go, after a warning a week before. */
  'files.retention': Record<string, never>;
  /** Scheduled: ticket expiry reminders, one digest per dealer user and period (issue 14). */
  'tickets.expiry-reminders': Record<string, never>;
  /** A customer CSV import: reads its file from storage, resuming after the import's checkpoint. */
  'customers.import': { importId: number };
  'tickets.import': { importId: number };
  /** Scheduled: chains the audit entries committed since the last run (ADR 0019). */
  'audit.seal': Record<string, never>;
  /** Scheduled: checks the audit chain and alerts the operator when it is broken. */
  'audit.verify': Record<string, never>;
  /** Scheduled: removes audit entries past the retention, keeping the chain verifiable. */
  'audit.prune': Record<string, never>;
}

export type JobName = keyof JobTypes;
