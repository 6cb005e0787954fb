import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import type { SignInAnswer } from '@casebridge/shared/schemas/two-factor';
import type { Language } from '@casebridge/shared/constants/languages';
import type { ErrorCode } from '@casebridge/shared/errors';
import { LICENCE_KEY_PATTERN, normaliseLicenceKey } from '@casebridge/shared/constants/licence-key';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import { checkNewPassword, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createCompany } from '../companies/companies.service.ts';
import { lockTicketForSignUp, markTicketUsed } from '../licence-tickets/licence-tickets.service.ts';
import { createBasicMill, recordPolicyConsent } from '../mills/mills.service.ts';
import { addMillMember } from '../mill-users/mill-users.service.ts';
import {
  confirmUser,
  consumeAccountLink,
  createUser,
  revokeAccountLinks,
  setPassword,
  userByEmail,
  accountBlocked,
  checkCredentials,
} from '../users/users.service.ts';
import { languageOf, noticeRecipientOf } from '../users/users.queries.ts';
import { securityNotice } from '../../platform/mail/security-notices.ts';
import { sessionFor } from '../session/session.service.ts';
import { signInAnswer } from '../two-factor/two-factor.service.ts';
import type { SignInOrigin } from '../../lib/sign-in-origin.ts';
import { startSession } from '../user-sessions/user-sessions.service.ts';
import { sendAccountMail } from './auth.mails.ts';

/**
 * `POST /auth/local` (public): the session, or the second factor's challenge first (modules/two-factor).
 * Both outcomes go to the audit trail (issue 28): a refusal names the address that was tried and the
 * reason's code, never the password; a password that opens only a challenge is recorded as such.
 */
export async function signIn(
  deps: AppDeps,
  credentials: { identifier: string; password: string },
  origin: SignInOrigin,
): Promise<SignInAnswer> {
  let user;
  try {
    user = await checkCredentials(deps, credentials.identifier, credentials.password);
  } catch (error) {
    if (error instanceof AppError) {
      const object = { kind: 'sign-in', id: credentials.identifier.trim().toLowerCase() };
      await deps.audit.append(deps.db, {
        actor: { userId: null, ip: origin.ip },
        action: 'auth.signIn.refused',
        object,
        after: { code: error.code },
      });
    }
    throw error;
  }
  const answer = await signInAnswer(deps, user, origin, 'password');
  await deps.audit.append(deps.db, {
    actor: { userId: user.id, ip: origin.ip },
    action: 'challenge' in answer ? 'auth.signIn.challenged' : 'auth.signIn.succeeded',
    object: { kind: 'user', id: user.id },
  });
  return answer;
}

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  activationKey: string;
  promotionsOptOut: boolean;
  language: Language;
}

/**
 * Sign-up with an activation key (an unused licence ticket): a company, its mill on the basic
 * plan and the signer as its admin, all in one transaction that holds the ticket's row lock, so
 * one key creates one mill. The account starts unconfirmed; the confirmation mail commits with it.
 */
export async function register(deps: AppDeps, input: RegisterInput): Promise<void> {
  await checkNewPassword(input.password, undefined, input);
  const key = normaliseLicenceKey(input.activationKey);
  const errors: Record<string, ErrorCode[]> = {};
  if (!LICENCE_KEY_PATTERN.test(key)) errors.activationKey = ['ACTIVATION_KEY_INVALID'];
  if (await userByEmail(deps.db, input.email)) errors.email = ['EMAIL_TAKEN'];
  if (Object.keys(errors).length) throw AppError.fields(errors);

  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const ticket = await lockTicketForSignUp(tx, key);
    if (!ticket) throw AppError.fields({ activationKey: ['ACTIVATION_KEY_UNKNOWN'] });
    if (ticket.used) throw AppError.fields({ activationKey: ['ACTIVATION_KEY_USED'] });
    const company = await createCompany(tx, { name: `${input.firstName} ${input.lastName}`, email: input.email });
    const mill = await createBasicMill(tx, company.id);
    // Two sign-ups racing for one email: the unique index decides, the loser gets the field error.
    const user = await unlessDuplicate(
      () =>
        createUser(tx, {
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          roleType: 'mill',
          companyId: company.id,
          language: input.language,
          promotionsOptOut: input.promotionsOptOut,
          confirmed: false,
        }),
      () => AppError.fields({ email: ['EMAIL_TAKEN'] }),
    );
    await addMillMember(tx, mill.id, user.id, 'admin');
    // The sign-up form demands both agreements (its schema refuses anything else): they are the
    // approval of the documents in force, so the consent dialog does not ask again after confirming.
    await recordPolicyConsent(tx, mill.id, user.id);
    await markTicketUsed(tx, ticket.id, mill.id);
    await deps.jobs.enqueue(tx, 'mail.account', { kind: 'confirmation', userId: user.id, language: input.language });
  });
}

/**
 * The link of the confirmation mail: confirms the address and signs in. An address change sends
 * it to an account that may have a second factor; the mailbox is none, so that account answers
 * the challenge first, as after a password reset.
 */
export async function confirmEmail(deps: AppDeps, token: string, origin: SignInOrigin): Promise<SignInAnswer> {
  const row = await consumeAccountLink(deps.db, token, 'email-confirmation');
  if (!row) throw new AppError(400, 'TOKEN_INVALID', 'This confirmation link is invalid, used or expired.');
  const user = await confirmUser(deps.db, row.userId);
  return signInAnswer(deps, user, origin, 'confirmation-link');
}

/**
 * Always answers the same way, after the same work (one queued job), so neither the answer nor
 * its timing tells whether the address has an account; the job looks the address up.
 */
export async function forgotPassword(deps: AppDeps, email: string, requestLanguage: Language | null): Promise<void> {
  await deps.jobs.enqueue(deps.db, 'mail.password-reset', { email, requestLanguage });
}

export interface PasswordResetJob {
  email: string;
  requestLanguage: Language | null;
}

declare module '../../platform/jobs/job-types.ts' {
  interface JobTypes {
    /** A forgotten password: the job looks the address up, so the answer never depends on it. */
    'mail.password-reset': PasswordResetJob;
  }
}

/** The job behind forgotPassword: only an active account with a password gets a link. */
export async function sendPasswordReset(deps: AppDeps, job: PasswordResetJob): Promise<void> {
  const user = await userByEmail(deps.db, job.email);
  if (!user || user.blocked || !user.passwordHash) return;
  await sendAccountMail(deps, { kind: 'reset', userId: user.id, language: job.requestLanguage ?? languageOf(user) });
}

/** The reset link sets a new password once; every older session and reset link stops working. */
export async function resetPassword(
  deps: AppDeps,
  input: { code: string; password: string; passwordConfirmation: string },
  origin: SignInOrigin,
): Promise<SignInAnswer> {
  await checkNewPassword(input.password, input.passwordConfirmation);
  // A dealer user's invitation link sets the first password the same way (setPassword confirms the address).
  const reset = await consumeAccountLink(deps.db, input.code, 'password-reset');
  const row = reset ?? (await consumeAccountLink(deps.db, input.code, 'dealer-invitation'));
  if (!row) throw new AppError(400, 'TOKEN_INVALID', 'This reset link is invalid, used or expired. Please ask for a new one.');
  const passwordHash = await hashPassword(input.password);
  // A first password chosen from an invitation is no change to tell anyone about; a reset is.
  const user = await deps.db.transaction(async (tx) => {
    const updated = await setPassword(tx, row.userId, passwordHash);
    if (reset)
      await deps.jobs.enqueue(tx, 'mail.send', securityNotice(noticeRecipientOf(updated), 'passwordChanged', deps.config.publicUrl));
    return updated;
  });
  await revokeAccountLinks(deps.db, user.id, 'password-reset');
  await revokeAccountLinks(deps.db, user.id, 'dealer-invitation');
  deps.realtime.endSessions(user.id);
  if (user.blocked) throw accountBlocked();
  // The mailbox is no second factor: a user with one (or who must enrol one) is asked for it now.
  return signInAnswer(deps, user, origin, 'reset-link');
}

/** `PUT /auth/password`: needs the current password; ends every session and starts a new one here. */
export async function changePassword(
  deps: AppDeps,
  user: SessionUser,
  input: { currentPassword: string; password: string; passwordConfirmation: string },
  origin: SignInOrigin,
): Promise<AuthResponse> {
  await authorize(deps.db, user, 'account.update', {});
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw AppError.fields({ currentPassword: ['WRONG_CURRENT_PASSWORD'] }, 'The current password is wrong');
  }
  await checkNewPassword(input.password, input.passwordConfirmation, user);
  const passwordHash = await hashPassword(input.password);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await setPassword(tx, user.id, passwordHash);
    await deps.jobs.enqueue(tx, 'mail.send', securityNotice(noticeRecipientOf(row), 'passwordChanged', deps.config.publicUrl));
    return row;
  });
  deps.realtime.endSessions(user.id);
  return sessionFor(deps, updated, await startSession(deps, updated, origin, 'password'));
}

/** The spec's explicit uniqueness check (public, rate limited by its route). */
export async function isEmailTaken(deps: AppDeps, email: string): Promise<boolean> {
  return (await userByEmail(deps.db, email)) !== null;
}
