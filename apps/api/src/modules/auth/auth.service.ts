import type { FastifyBaseLogger } from 'fastify';
import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import type { Language } from '@casebridge/shared/constants/languages';
import type { ErrorCode } from '@casebridge/shared/errors';
import { LICENCE_KEY_PATTERN, normaliseLicenceKey } from '@casebridge/shared/constants/licence-key';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { UserRow } from '../../lib/current-user.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import { buildSession } from '../session/session.service.ts';
import { findUserByEmail, createMillAccount, lockTicket, markConfirmed, setPassword } from './auth.repository.ts';
import { consumeToken, issueToken, revokeTokens } from './one-time-token.repository.ts';
import { sendAccountMail } from './account-mails.ts';

export async function sessionFor(deps: AppDeps, user: UserRow): Promise<AuthResponse> {
  const session = await buildSession(deps.db, user.id);
  return { ...session, jwt: deps.signJwt(user) };
}

/** One message for unknown email and wrong password: the sign-in form must not reveal accounts. */
const BAD_CREDENTIALS = new AppError(400, 'INVALID_CREDENTIALS', 'Invalid email or password');

export async function signIn(deps: AppDeps, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(deps.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) throw BAD_CREDENTIALS;
  if (user.blocked) throw new AppError(401, 'ACCOUNT_BLOCKED', 'Your account is blocked. Please contact support.');
  if (!user.confirmed) throw new AppError(401, 'EMAIL_NOT_CONFIRMED', 'Please confirm your email address first. We sent you a link.');
  return user;
}

export function checkNewPassword(password: string, confirmation?: string): void {
  const errors: Record<string, ErrorCode[]> = {};
  const problem = passwordProblem(password);
  if (problem) errors.password = [problem];
  if (confirmation !== undefined && confirmation !== password) errors.passwordConfirmation = ['PASSWORDS_DO_NOT_MATCH'];
  if (Object.keys(errors).length) throw AppError.fields(errors);
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

/** Sign-up with an activation key (an unused licence ticket). The account starts unconfirmed. */
export async function register(deps: AppDeps, input: RegisterInput): Promise<void> {
  checkNewPassword(input.password);
  const key = normaliseLicenceKey(input.activationKey);
  const errors: Record<string, ErrorCode[]> = {};
  if (!LICENCE_KEY_PATTERN.test(key)) errors.activationKey = ['ACTIVATION_KEY_INVALID'];
  if (await findUserByEmail(deps.db, input.email)) errors.email = ['EMAIL_TAKEN'];
  if (Object.keys(errors).length) throw AppError.fields(errors);

  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, key);
    if (!ticket) throw AppError.fields({ activationKey: ['ACTIVATION_KEY_UNKNOWN'] });
    if (ticket.usedByMillId !== null) throw AppError.fields({ activationKey: ['ACTIVATION_KEY_USED'] });
    return createMillAccount(tx, { ...input, email: input.email, passwordHash, ticketId: ticket.id }).catch((error: unknown) => {
      // Two sign-ups racing for one email: the unique index decides, the loser gets the field error.
      if (isUniqueViolation(error)) throw AppError.fields({ email: ['EMAIL_TAKEN'] });
      throw error;
    });
  });
  const token = await issueToken(deps.db, 'email-confirmation', user.id);
  await sendAccountMail(deps, 'confirmation', user, input.language, token);
}

export async function confirmEmail(deps: AppDeps, token: string): Promise<UserRow> {
  const row = await consumeToken(deps.db, token, 'email-confirmation');
  if (!row) throw new AppError(400, 'TOKEN_INVALID', 'This confirmation link is invalid, used or expired.');
  return markConfirmed(deps.db, row.userId);
}

/**
 * Always answers the same way and returns before any mail work, so neither the answer nor its
 * timing tells whether the address has an account.
 */
export function forgotPassword(deps: AppDeps, email: string, language: (user: UserRow) => Language, log: FastifyBaseLogger): void {
  setImmediate(() => {
    void (async () => {
      const user = await findUserByEmail(deps.db, email);
      if (!user || user.blocked || !user.passwordHash) return;
      const token = await issueToken(deps.db, 'password-reset', user.id);
      await sendAccountMail(deps, 'reset', user, language(user), token);
    })().catch((error: unknown) => log.error({ err: error }, 'password reset mail failed'));
  });
}

export async function resetPassword(deps: AppDeps, code: string, password: string, confirmation: string): Promise<UserRow> {
  checkNewPassword(password, confirmation);
  const row = await consumeToken(deps.db, code, 'password-reset');
  if (!row) throw new AppError(400, 'TOKEN_INVALID', 'This reset link is invalid, used or expired. Please ask for a new one.');
  const user = await setPassword(deps.db, row.userId, await hashPassword(password));
  await revokeTokens(deps.db, user.id, 'password-reset');
  if (user.blocked) throw new AppError(401, 'ACCOUNT_BLOCKED', 'Your account is blocked. Please contact support.');
  return user;
}

export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  input: { currentPassword: string; password: string; passwordConfirmation: string },
): Promise<UserRow> {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw AppError.fields({ currentPassword: ['WRONG_CURRENT_PASSWORD'] }, 'The current password is wrong');
  }
  checkNewPassword(input.password, input.passwordConfirmation);
  return setPassword(deps.db, user.id, await hashPassword(input.password));
}
