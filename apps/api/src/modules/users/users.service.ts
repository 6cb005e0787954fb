import type { User, UserSettings } from '@casebridge/shared/schemas/auth';
import { profileDataSchema } from '@casebridge/shared/schemas/account';
import type { Language } from '@casebridge/shared/constants/languages';
import type { AppDeps } from '../../deps.ts';
import { queueRemovals, removeQueued } from '../../platform/storage/removals.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import { useImageForm, type ImageFormReader } from '../../lib/multipart-form.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { createLabCompany, deleteLabCompany } from '../companies/companies.service.ts';
import {
  blockAccount,
  bumpTokenVersion,
  deleteUser as deleteUserRow,
  findUserByEmail as findByEmail,
  insertUser,
  markConfirmed,
  setBlocked,
  setEmail,
  setEmailEndingSessions,
  setNamesAndEmail,
  setPassword as setPasswordRow,
  updateProfile as updateProfileRow,
  updateSettings as updateSettingsRow,
  consumeToken,
  deleteTokensExpiredBefore,
  issueToken,
  peekToken,
  revokeTokens,
  deleteTokensOf,
  pseudonymiseUser,
  anotherManagerRemains,
  type NewUser,
  type UserRow,
  type OneTimeTokenRow,
  type TokenPurpose,
} from './users.repository.ts';
import { noticeRecipientOf, userDto } from './users.queries.ts';
import { securityNotice } from '../../platform/mail/security-notices.ts';

export type { TokenPurpose, UserRow };

/**
 * Name, email and avatar (multipart, read once the caller may). An email change needs the current
 * password (the address is how an account is recovered, so a borrowed session must not move it),
 * ends every session and leaves the account unconfirmed until the new address is confirmed through
 * the link we mail there: nobody takes over an account by typing an address.
 */
export async function updateProfile(
  deps: AppDeps,
  user: SessionUser,
  readForm: ImageFormReader,
  language: Language,
): Promise<{ user: User; emailChanged: boolean }> {
  await authorize(deps.db, user, 'account.update', {});
  const updated = await useImageForm(deps.storage, readForm, profileDataSchema, async (input, avatar) => {
    const emailChanged = input.email !== user.email;
    if (emailChanged && !(await verifyPassword(user.passwordHash, input.currentPassword ?? ''))) {
      throw AppError.fields({ currentPassword: ['WRONG_CURRENT_PASSWORD'] }, 'Changing the email address needs your current password');
    }
    if (emailChanged && (await findByEmail(deps.db, input.email))) throw AppError.fields({ email: ['EMAIL_TAKEN'] });
    // Two accounts moving to one address at once: the unique index lets one in.
    return unlessDuplicate(
      () =>
        deps.db.transaction(async (tx) => {
          const row = await updateProfileRow(tx, user.id, {
            firstName: input.firstName,
            lastName: input.lastName,
            avatarPath: avatar?.key,
            newEmail: emailChanged ? input.email : undefined,
          });
          // The confirmation mail (modules/auth sends it) leaves exactly when this change commits.
          if (emailChanged) {
            await deps.jobs.enqueue(tx, 'mail.account', { kind: 'confirmation', userId: user.id, language });
            // The old address hears of it: if someone else moved the account, its owner learns it there.
            await deps.jobs.enqueue(tx, 'mail.send', securityNotice(noticeRecipientOf(user), 'emailChanged', deps.config.publicUrl));
          }
          // The replaced avatar's bytes are queued with the change, so they are removed even if this process dies next.
          if (avatar && user.avatarPath) await queueRemovals(tx, [user.avatarPath]);
          return row;
        }),
      () => AppError.emailTaken(),
    );
  });
  const emailChanged = updated.email !== user.email;
  if (updated.avatarPath !== user.avatarPath && user.avatarPath) await removeQueued(deps.db, deps.storage, [user.avatarPath]);
  if (emailChanged) deps.realtime.endSessions(user.id);
  return { user: await userDto(deps.db, updated), emailChanged };
}

export async function updateSettings(deps: AppDeps, user: SessionUser, patch: Partial<UserSettings>): Promise<User> {
  await authorize(deps.db, user, 'account.update', {});
  const updated = await updateSettingsRow(deps.db, user.id, { ...user.settings, ...patch }, patch.language);
  return userDto(deps.db, updated);
}

/** The interface language is also the language of the user's mails. */
export async function updateLanguage(deps: AppDeps, user: SessionUser, language: Language): Promise<User> {
  return updateSettings(deps, user, { language });
}

// For other features, inside their transactions (`db` may be a transaction).

export async function userByEmail(db: Db, email: string): Promise<UserRow | null> {
  return findByEmail(db, email);
}

/** A new account; the unique email index decides between two created at once (callers map it to 409). */
export async function createUser(tx: Db, values: NewUser): Promise<UserRow> {
  return insertUser(tx, values);
}

export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<UserRow> {
  return setPasswordRow(db, userId, passwordHash);
}

export async function confirmUser(db: Db, userId: number): Promise<UserRow> {
  return markConfirmed(db, userId);
}

export async function moveUnusedAccount(db: Db, userId: number, email: string): Promise<void> {
  await setEmail(db, userId, email);
}

export async function deleteUser(tx: Db, userId: number): Promise<void> {
  await deleteUserRow(tx, userId);
}

// Needed by mill-users (engineer C): a mill admin edits and removes its staff.

/** Names, and the address of an account nobody accepted yet (the unique email index may refuse it). */
export async function updateStaffDetails(
  tx: Db,
  userId: number,
  values: { firstName: string; lastName: string; email: string },
): Promise<UserRow> {
  return setNamesAndEmail(tx, userId, values);
}

/** Someone who works for no mill any more: kept (what they wrote keeps its author), but blocked and signed out. */
export async function blockUser(tx: Db, userId: number): Promise<void> {
  await blockAccount(tx, userId);
}

/** An invited lab before it accepted: an account without password, with its own nameless company and lab. */
export async function createPlaceholderLab(
  tx: Db,
  input: { firstName: string; lastName: string; email: string; language: string },
): Promise<{ user: UserRow; labId: number }> {
  const { company, lab } = await createLabCompany(tx, input.email);
  const user = await insertUser(tx, { ...input, roleType: 'lab', companyId: company.id, confirmed: false });
  return { user, labId: lab.id };
}

/**
 * The account of an invitation nobody accepted (or that another, existing account accepted) goes
 * away whole: for a lab, with its placeholder company and lab.
 */
export async function deletePlaceholderAccount(tx: Db, user: UserRow): Promise<void> {
  await deleteUserRow(tx, user.id);
  if (user.roleType === 'lab' && user.companyId !== null) await deleteLabCompany(tx, user.companyId);
}

// Needed by dealers (reseller network, issue 13); `tx` may be a transaction.
/** A dealer's sign-in address follows the dealer's email (spec §4): the user is signed out. */
export async function changeEmailEndingSessions(tx: Db, userId: number, email: string): Promise<void> {
  await setEmailEndingSessions(tx, userId, email);
}

/** Block (ending every session at once) or unblock a dealer user. */
export async function setUserBlocked(tx: Db, userId: number, blocked: boolean): Promise<void> {
  await setBlocked(tx, userId, blocked);
}

export async function endAllSessions(tx: Db, userId: number): Promise<void> {
  await bumpTokenVersion(tx, userId);
}

// ---- One-time links of an account (`db` may be a transaction): auth mails and uses them,
// the invitation features revoke them when they invite again.

/** Issues a link token and returns the only copy of its plain value (for the mail). */
export async function issueAccountLink(
  db: Db,
  purpose: TokenPurpose,
  userId: number,
  extra: { millId?: number; email?: string } = {},
): Promise<string> {
  return issueToken(db, purpose, userId, extra);
}

/** Uses a link up in the statement that finds it: two requests cannot both use it. */
export async function consumeAccountLink(db: Db, token: string, purpose: TokenPurpose): Promise<OneTimeTokenRow | null> {
  return consumeToken(db, token, purpose);
}

export async function revokeAccountLinks(db: Db, userId: number, purpose: TokenPurpose): Promise<void> {
  await revokeTokens(db, userId, purpose);
}

export type InvitationToken = Pick<OneTimeTokenRow, 'userId' | 'millId'>;

/** An invitation link still usable, without using it up (to prefill the form). */
export async function peekInvitation(db: Db, token: string): Promise<InvitationToken | null> {
  return peekToken(db, token, 'invitation');
}

/** Uses an invitation link up, in the statement that finds it: two requests cannot both use it. */
export async function useInvitationToken(db: Db, token: string): Promise<InvitationToken | null> {
  return consumeToken(db, token, 'invitation');
}

/** After a newer invitation, or a corrected address, older invitation links stop working. */
export async function revokeInvitationLinks(db: Db, userId: number): Promise<void> {
  await revokeTokens(db, userId, 'invitation');
}

/** A dealer user invited again: the older links to choose a password stop working. */
export async function revokeDealerInvitationLinks(db: Db, userId: number): Promise<void> {
  await revokeTokens(db, userId, 'dealer-invitation');
}

/** Scheduled retention: tokens a day past their expiry can never be used and only take space. */
export async function purgeExpiredTokens(db: Db): Promise<void> {
  await deleteTokensExpiredBefore(db, '1 day');
}

// ---- Credentials

/** One message for unknown email and wrong password: the sign-in form must not reveal accounts. */
const BAD_CREDENTIALS = new AppError(400, 'INVALID_CREDENTIALS', 'Invalid email or password');
/** A blocked account's answer wherever it signs in. */
export const accountBlocked = () => new AppError(401, 'ACCOUNT_BLOCKED', 'Your account is blocked. Please contact support.');

/** The account behind an email and password, or the one answer for every failure. */
export async function checkCredentials(deps: AppDeps, email: string, password: string): Promise<UserRow> {
  const user = await userByEmail(deps.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) throw BAD_CREDENTIALS;
  if (user.blocked) throw accountBlocked();
  if (!user.confirmed) throw new AppError(401, 'EMAIL_NOT_CONFIRMED', 'Please confirm your email address first. We sent you a link.');
  return user;
}

// ---- Account deletion: the personal-data use case decided who may, inside its transaction.

/** A unique address no mail can reach (RFC 2606 reserves .invalid): the unique email index stays satisfied. */
export function deletedUserEmail(userId: number): string {
  return `deleted-user-${userId}@casebridge.invalid`;
}

/** The platform must keep a manager: the last one cannot delete their account (409 LAST_MANAGER). */
export async function assertNotLastManager(tx: Db, user: { id: number; roleType: string }): Promise<void> {
  if (user.roleType !== 'manager' || (await anotherManagerRemains(tx, user.id))) return;
  throw new AppError(409, 'LAST_MANAGER', 'You are the only manager of the platform: add another manager first');
}

/** Name, address, password, avatar, settings erased; answers the row as it was (null: no such user). */
export async function eraseUser(tx: Db, userId: number): Promise<UserRow | null> {
  return pseudonymiseUser(tx, userId, deletedUserEmail(userId));
}

/** Every link mailed to the account (confirmation, reset, invitations) goes with it. */
export async function deleteAccountLinks(tx: Db, userId: number): Promise<void> {
  await deleteTokensOf(tx, userId);
}
