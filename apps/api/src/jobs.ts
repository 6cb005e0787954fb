import type { AppDeps } from './deps.ts';
import { sendAccountMail } from './modules/auth/auth.mails.ts';
import { purgeExpiredTokens, sendPasswordReset } from './modules/auth/auth.service.ts';
import { removeQueued } from './platform/storage/removals.ts';

/** Mail servers fail for minutes, not seconds: 8 tries over roughly 40 minutes. */
const MAIL_RETRIES = { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 };

/** The explicit list of background jobs and schedules, as routes.ts lists the routes. */
export function registerJobs(deps: AppDeps): void {
  const { jobs } = deps;
  jobs.handle('mail.send', (message) => deps.mailer.send(message), MAIL_RETRIES);
  jobs.handle('mail.account', (job) => sendAccountMail(deps, job), MAIL_RETRIES);
  jobs.handle('mail.password-reset', (job) => sendPasswordReset(deps, job), MAIL_RETRIES);
  // Removal normally follows its transaction at once; this catches what a failure or crash left.
  jobs.schedule('storage.remove-queued', '*/10 * * * *', async () => void (await removeQueued(deps.db, deps.storage)));
  jobs.schedule('tokens.purge-expired', '17 3 * * *', () => purgeExpiredTokens(deps.db));
}
