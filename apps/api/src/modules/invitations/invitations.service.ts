import { eq, sql } from 'drizzle-orm';
import type { Language } from '@casebridge/shared/constants/languages';
import type { AppDeps } from '../../deps.ts';
import { companies } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/current-user.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { findUserByEmail, findUserById } from '../auth/auth.repository.ts';
import { checkNewPassword } from '../auth/auth.service.ts';
import { sendAccountMail } from '../auth/account-mails.ts';
import { consumeToken, issueToken, peekToken, revokeTokens, type OneTimeTokenRow } from '../auth/one-time-token.repository.ts';
import { confirmClient, createInvitedLab, deletePlaceholderLab, labOfCompany, upsertClient } from './invitations.repository.ts';

const INVALID_INVITATION = new AppError(400, 'TOKEN_INVALID', 'This invitation link is invalid, used or expired. Ask your mill for a new one.');

export interface InviteLabInput {
  firstName: string;
  lastName: string;
  email: string;
  activationMessage: string;
}

/**
 * A mill invites a lab. An address that already belongs to a confirmed lab account becomes a
 * confirmed client at once; otherwise the lab gets an invitation link (7 days, one use).
 */
export async function inviteLab(
  deps: AppDeps,
  millId: number,
  input: InviteLabInput,
  language: Language,
): Promise<{ userId: number; confirmed: boolean }> {
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && existing.confirmed) {
    const lab = await labOfCompany(deps.db, existing.companyId);
    if (existing.roleType !== 'lab' || !lab) throw AppError.fields({ email: ['EMAIL_TAKEN'] });
    await upsertClient(deps.db, { millId, labId: lab.id, userId: existing.id, confirmed: true, activationMessage: input.activationMessage });
    return { userId: existing.id, confirmed: true };
  }
  const invited: UserRow =
    existing ?? (await deps.db.transaction((tx) => createInvitedLab(tx, { ...input, language }))).user;
  const lab = await labOfCompany(deps.db, invited.companyId);
  if (!lab) throw AppError.fields({ email: ['EMAIL_TAKEN'] });
  await upsertClient(deps.db, { millId, labId: lab.id, userId: invited.id, confirmed: false, activationMessage: input.activationMessage });
  await sendInvitation(deps, invited, millId, language);
  return { userId: invited.id, confirmed: false };
}

export async function sendInvitation(deps: AppDeps, user: UserRow, millId: number, language: Language): Promise<void> {
  const token = await issueToken(deps.db, 'invitation', user.id, { millId, email: user.email });
  await sendAccountMail(deps, user.roleType === 'mill' ? 'staffInvitation' : 'invitation', user, language, token, millId);
}

async function invitationFor(deps: AppDeps, token: string, millId?: number): Promise<OneTimeTokenRow> {
  const row = await peekToken(deps.db, token, 'invitation');
  if (!row || (millId !== undefined && row.millId !== millId)) throw INVALID_INVITATION;
  return row;
}

/** The invited address, and whether a lab (asked for its company name) or mill staff is invited. */
export async function emailByToken(deps: AppDeps, token: string): Promise<{ email: string; roleType: UserRow['roleType'] }> {
  const row = await invitationFor(deps, token);
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw INVALID_INVITATION;
  return { email: user.email, roleType: user.roleType };
}

/** Uses the invitation up, checking it was issued for this very mill. */
async function useInvitation(deps: AppDeps, token: string, millId: number): Promise<{ invited: UserRow; millId: number }> {
  const row = await consumeToken(deps.db, token, 'invitation');
  if (!row || row.millId !== millId) throw INVALID_INVITATION;
  const invited = await findUserById(deps.db, row.userId);
  if (!invited) throw INVALID_INVITATION;
  return { invited, millId };
}

export interface AccountCreationInput {
  identifier: string;
  password: string;
  companyName?: string;
  confirmationToken: string;
  millId: number;
}

/** The invited lab sets its password and company name; the client relation becomes confirmed. */
export async function createAccountFromInvitation(deps: AppDeps, input: AccountCreationInput): Promise<UserRow> {
  checkNewPassword(input.password);
  const row = await invitationFor(deps, input.confirmationToken, input.millId);
  const invited = await findUserById(deps.db, row.userId);
  if (!invited) throw INVALID_INVITATION;
  if (invited.email !== input.identifier) {
    // The address differs from the invited one: the flow continues by mail (resend-confirmation-email).
    throw AppError.fields({ identifier: ['VALIDATION_FAILED'] }, 'Use "Send confirmation email" to continue with another address');
  }
  if (invited.confirmed) throw AppError.fields({ identifier: ['EMAIL_TAKEN'] });
  const passwordHash = await hashPassword(input.password);
  const { millId } = await useInvitation(deps, input.confirmationToken, input.millId);
  const [user] = await deps.db
    .update(users)
    .set({ passwordHash, confirmed: true, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, invited.id))
    .returning();
  // Only an invited lab names its (new) company; invited mill staff join the mill's company as it is.
  if (input.companyName && invited.roleType === 'lab' && invited.companyId !== null) {
    await deps.db.update(companies).set({ name: input.companyName }).where(eq(companies.id, invited.companyId));
  }
  const lab = await labOfCompany(deps.db, invited.companyId);
  if (lab) await confirmClient(deps.db, millId, lab.id);
  return user!;
}

/**
 * The lab wants to accept with another address than the invited one: the invitation moves to
 * that address (older links stop working) and a new mail goes there.
 */
export async function resendConfirmation(deps: AppDeps, token: string, email: string, language: Language): Promise<void> {
  const row = await invitationFor(deps, token);
  const invited = await findUserById(deps.db, row.userId);
  if (!invited || invited.confirmed) throw INVALID_INVITATION;
  if (email !== invited.email) {
    if (await findUserByEmail(deps.db, email)) throw AppError.fields({ email: ['EMAIL_TAKEN'] });
    await deps.db.update(users).set({ email }).where(eq(users.id, invited.id));
  }
  await revokeTokens(deps.db, invited.id, 'invitation');
  await sendInvitation(deps, { ...invited, email }, row.millId!, language);
}

/** A signed-in lab accepts an invitation with its existing account. */
export async function linkToAccount(deps: AppDeps, user: UserRow, token: string, millId: number): Promise<void> {
  if (user.roleType !== 'lab') throw AppError.forbidden('Only a lab account can become a client of a mill');
  const lab = await labOfCompany(deps.db, user.companyId);
  if (!lab) throw AppError.forbidden('Only a lab account can become a client of a mill');
  const { invited } = await useInvitation(deps, token, millId);
  await deps.db.transaction(async (tx) => {
    await upsertClient(tx, { millId, labId: lab.id, userId: user.id, confirmed: true });
    if (invited.id !== user.id && !invited.confirmed) await deletePlaceholderLab(tx, invited);
  });
}
