import type { AppDeps } from './deps.ts';
import type { AuditJobDeps } from './platform/audit/audit-jobs.ts';
import { sendAccountMail } from './modules/auth/auth.mails.ts';
import { sendPasswordReset } from './modules/auth/auth.service.ts';
import { purgeExpiredTokens } from './modules/users/users.service.ts';
import { MAX_ATTEMPTS, runCustomerImport } from './modules/customer-imports/customer-imports.service.ts';
import { runFileRetention } from './modules/file-retention/file-retention.service.ts';
import { runTicketReminders } from './modules/ticket-reminders/ticket-reminders.service.ts';
import { RUN_CRON as TICKET_REMINDERS_CRON } from './modules/ticket-reminders/ticket-reminders.rules.ts';
import { applyPaymentEvent, receiveWebhook } from './modules/subscriptions/subscriptions.service.ts';
import { purgeUsageHistory } from './modules/usage/usage.service.ts';
import { pruneOldSessions } from './modules/user-sessions/user-sessions.service.ts';
import { buildDataExport, expireDataExports, mailDataExport } from './modules/personal-data/personal-data.service.ts';
import { MAX_ATTEMPTS as TICKET_IMPORT_ATTEMPTS, runTicketImport } from './modules/ticket-imports/ticket-imports.service.ts';
import { removeQueued } from './platform/storage/removals.ts';
import { sweepAbandonedUploads } from './modules/order-uploads/order-uploads.files.ts';
import { verifyAndAlert } from './platform/audit/audit-jobs.ts';
import { pruneAuditEntries } from './platform/audit/audit-prune.ts';
import { sealAuditEntries } from './platform/audit/audit-seal.ts';

/** Mail servers fail for minutes, not seconds: 8 tries over roughly 40 minutes. */
const MAIL_RETRIES = { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 };

/** The explicit list of background jobs and schedules, as routes.ts lists the routes. */
export function registerJobs(deps: AppDeps, log: AuditJobDeps['log']): void {
  const { jobs } = deps;
  jobs.handle('mail.send', (message) => deps.mailer.send(message), MAIL_RETRIES);
  jobs.handle('mail.account', (job) => sendAccountMail(deps, job), MAIL_RETRIES);
  jobs.handle('mail.password-reset', (job) => sendPasswordReset(deps, job), MAIL_RETRIES);
  // Removal normally follows its transaction at once; this catches what a failure or crash left.
  jobs.schedule('storage.remove-queued', '*/10 * * * *', async () => void (await removeQueued(deps.db, deps.storage)));
  // Payment events must not be lost: retried for about a day, as a provider retries its webhooks.
  jobs.handle('payments.apply-event', ({ event }) => applyPaymentEvent(deps, event), {
    retryLimit: 12,
    retryDelay: 30,
    retryBackoff: true,
  });
  const testPayments = deps.testPayments;
  if (testPayments) {
    jobs.handle(
      'payments.test-deliver',
      async ({ eventId }) => {
        const signed = await testPayments.signedEvent(eventId);
        if (signed) await receiveWebhook(deps, signed.rawBody, signed.signature);
      },
      { retryLimit: 12, retryDelay: 30, retryBackoff: true },
    );
    jobs.schedule('payments.test-renew', '*/5 * * * *', async () => void (await testPayments.renewDueSubscriptions()));
  }
  // Hourly: uploads nobody continued for a week go with their bytes (the bucket's lifecycle rule is the second net).
  jobs.schedule('uploads.sweep-abandoned', '47 * * * *', async () => void (await sweepAbandonedUploads(deps)), { expireInSeconds: 1800 });
  jobs.schedule('tokens.purge-expired', '17 3 * * *', () => purgeExpiredTokens(deps.db));
  // Daily: session rows ended or expired more than 90 days ago (ADR 0021).
  jobs.schedule('sessions.prune', '23 3 * * *', async () => void (await pruneOldSessions(deps.db)));
  // A user's data export (issue 28 part 4): built, then mailed; expired links lose their file hourly.
  jobs.handle('data-export.build', ({ exportId, language }) => buildDataExport(deps, exportId, language), {
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 900,
  });
  jobs.handle('mail.data-export', ({ exportId, language }) => mailDataExport(deps, exportId, language), MAIL_RETRIES);
  jobs.schedule('data-export.expire', '53 * * * *', async () => void (await expireDataExports(deps)));
  // Daily: files past their keep period go, a week after their warning. Batches commit as they go,
  // so a run cut short (an hour's expiry, a crash) is finished by the next; two processes share it.
  jobs.schedule('files.retention', '41 2 * * *', async () => void (await runFileRetention(deps)), { expireInSeconds: 3600 });
  // A retry resumes after the last committed batch; the last allowed run ends the import honestly.
  jobs.handle('customers.import', ({ importId }) => runCustomerImport(deps, importId), {
    retryLimit: MAX_ATTEMPTS - 1,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 600,
  });
  jobs.handle('tickets.import', ({ importId }) => runTicketImport(deps, importId), {
    retryLimit: TICKET_IMPORT_ATTEMPTS - 1,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 600,
  });
  jobs.schedule('usage.purge-hours', '27 3 * * *', async () => void (await purgeUsageHistory(deps.db)));
  // Daily: each dealer user's digest once per period of their frequency; the records make a second
  // run (a restart, another process) send nothing twice, and a missed day is caught up by the next.
  jobs.schedule('tickets.expiry-reminders', TICKET_REMINDERS_CRON, async () => void (await runTicketReminders(deps)), {
    expireInSeconds: 600,
  });
  // The audit chain (ADR 0019): entries are chained a minute after their commit at most; the
  // daily check alerts the operator on a break; pruning keeps the last pruned hash as anchor.
  jobs.schedule('audit.seal', '* * * * *', async () => void (await sealAuditEntries(deps.db)));
  jobs.schedule('audit.verify', '7 4 * * *', async () => void (await verifyAndAlert({ ...deps, log })), { expireInSeconds: 3600 });
  jobs.schedule('audit.prune', '37 3 * * *', async () => void (await pruneAuditEntries(deps.db, deps.config.auditRetentionDays)), {
    expireInSeconds: 3600,
  });
}
