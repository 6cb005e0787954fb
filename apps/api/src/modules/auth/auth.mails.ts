import type { Language } from '@casebridge/shared/constants/languages';
import type { AppDeps } from '../../deps.ts';
import { renderMail, type InvitationDetails, type MailKind } from '../../platform/mail/templates.ts';
import { issueAccountLink, type TokenPurpose } from '../users/users.service.ts';
import { userById } from '../users/users.queries.ts';

/**
 * Account mails (confirmation, reset, invitations) travel through the job queue: a feature
 * enqueues `mail.account` in the transaction of its change, and this job sends it.
 * What the queue keeps: who, which mail, which language; the link is made when it is sent.
 */
export interface AccountMailJob {
  kind: MailKind;
  userId: number;
  language: Language;
  /** For invitations: the mill the invited person joins. */
  millId?: number;
  /** For a lab's invitation: the mill's name and its message to this lab. */
  invitation?: InvitationDetails;
}

declare module '../../platform/jobs/job-types.ts' {
  interface JobTypes {
    /** An account mail (confirmation, reset, invitation) whose link the job issues. */
    'mail.account': AccountMailJob;
  }
}

const PURPOSE: Record<MailKind, TokenPurpose> = {
  confirmation: 'email-confirmation',
  reset: 'password-reset',
  invitation: 'invitation',
  staffInvitation: 'invitation',
  dealerInvitation: 'dealer-invitation',
};

function linkFor(deps: AppDeps, kind: MailKind, token: string, millId?: number): string {
  const base = deps.config.publicUrl;
  if (kind === 'confirmation') return `${base}/?confirmation=${token}`;
  // A dealer user chooses a first password in the reset-password form: no account form to fill.
  if (kind === 'reset' || kind === 'dealerInvitation') return `${base}/?code=${token}`;
  // Lab and staff invitations share the account-creation flow of the home page.
  return `${base}/?activation=${token}&millId=${millId}`;
}

/**
 * The job: issues the one-time token now (so no usable link waits in the queue's tables) and
 * sends. A retry after a failed send issues a fresh token; the unused one simply expires.
 */
export async function sendAccountMail(deps: AppDeps, job: AccountMailJob): Promise<void> {
  const user = await userById(deps.db, job.userId);
  if (!user) return; // The account went away meanwhile (a declined invitation): nothing to send.
  const token = await issueAccountLink(
    deps.db,
    PURPOSE[job.kind],
    user.id,
    job.millId === undefined ? {} : { millId: job.millId, email: user.email },
  );
  const mail = renderMail(job.kind, job.language, user.firstName, linkFor(deps, job.kind, token, job.millId), job.invitation);
  await deps.mailer.send({ to: user.email, ...mail });
}
