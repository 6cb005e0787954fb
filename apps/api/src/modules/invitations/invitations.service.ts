import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import type { SignInAnswer } from '@casebridge/shared/schemas/two-factor';
import type { Language } from '@casebridge/shared/constants/languages';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import { checkNewPassword, hashPassword } from '../../lib/passwords.ts';
import type { AuditActor, AuditEntry } from '../../platform/audit/audit-trail.ts';
import type { InvitationDetails } from '../../platform/mail/templates.ts';
import { sessionFor } from '../session/session.service.ts';
import { challengeIfNeeded } from '../two-factor/two-factor.service.ts';
import type { SignInOrigin } from '../../lib/sign-in-origin.ts';
import { startSession } from '../user-sessions/user-sessions.service.ts';
import { clientOrNotFound, clientRelation, confirmClientRelation, saveClientRelation } from '../clients/clients.service.ts';
import { renameCompany } from '../companies/companies.service.ts';
import { companyById, labOfCompany } from '../companies/companies.queries.ts';
import { millsById } from '../mills/mills.queries.ts';
import { tellingPlanLimits } from '../plans/plans.service.ts';
import { assertClientRoom } from '../subscriptions/subscriptions.service.ts';
import {
  checkCredentials,
  createPlaceholderLab,
  deletePlaceholderAccount,
  moveUnusedAccount,
  peekInvitation,
  revokeInvitationLinks,
  setPassword,
  useInvitationToken,
  userByEmail,
  type InvitationToken,
  type UserRow,
} from '../users/users.service.ts';
import { languageOf, userById } from '../users/users.queries.ts';

/**
 * Invitations: a mill invites a lab (or a new staff member) by address; the invited person accepts
 * by creating the account, or, with an existing lab account, by signing in (link-to-account).
 * The invitation is a one-time link (modules/auth) naming the invited account and the mill.
 */
const INVALID_INVITATION = new AppError(
  400,
  'INVITATION_INVALID',
  'This invitation link is invalid, used or expired. Ask your mill for a new one.',
);

export interface InviteLabInput {
  firstName: string;
  lastName: string;
  email: string;
  activationMessage: string;
}

/**
 * A mill invites a lab by address (the clients feature calls this after its access check).
 * Nothing of an existing lab account becomes visible to the mill until that lab agrees: the mill
 * gets an unconfirmed client showing the name and address it typed, and the lab gets an invitation
 * to connect, accepted by signing in (link-to-account). A new address gets a placeholder account
 * and the account-creation invitation. Either way the mail is queued in the same transaction as
 * the client relation.
 */
async function inviteLab(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  input: InviteLabInput,
  language: Language,
): Promise<{ userId: number; confirmed: boolean }> {
  // The same new address sent twice at once: both find nobody, the unique email lets one in.
  return unlessDuplicate(
    () =>
      deps.db.transaction(async (tx) => {
        const existing = await userByEmail(tx, input.email);
        const invited = existing ?? (await createPlaceholderLab(tx, { ...input, language })).user;
        // Only a lab account can become a client: an address of mill staff or a dealer is taken.
        const lab = invited.roleType === 'lab' ? await labOfCompany(tx, invited.companyId) : null;
        if (!lab) throw AppError.fields({ email: ['EMAIL_TAKEN'] });
        const relation = await clientRelation(tx, millId, lab.id);
        if (relation?.confirmed) throw new AppError(409, 'LAB_ALREADY_CLIENT', 'This lab is already your client');
        // Inviting again is no new client; a new one needs room in the mill's plan.
        if (!relation) await assertClientRoom(tx, millId);
        await saveClientRelation(tx, {
          millId,
          labId: lab.id,
          userId: invited.id,
          confirmed: false,
          activationMessage: input.activationMessage,
          invited: { firstName: input.firstName, lastName: input.lastName, email: input.email },
        });
        if (relation) await revokeInvitationLinks(tx, invited.id);
        const sent = { email: input.email, newAccount: !existing, again: Boolean(relation) };
        await deps.audit.append(tx, invitationAudit(millActor(user, millId), millId, lab.id, 'client.invitation.sent', sent));
        // The invitee's language: an existing lab's own, a new address the one the mill invited it in.
        await queueInvitation(deps, tx, invited, millId, languageOf(invited));
        return { userId: invited.id, confirmed: false };
      }),
    () => AppError.emailTaken(),
  );
}

/**
 * Queues the invitation mail (lab or mill staff) in the caller's transaction: it leaves exactly
 * when the invitation commits. The auth feature's mail job issues the link when it sends.
 */
async function queueInvitation(deps: AppDeps, tx: Db, user: UserRow, millId: number, language: Language): Promise<void> {
  if (user.roleType === 'mill') {
    await deps.jobs.enqueue(tx, 'mail.account', { kind: 'staffInvitation', userId: user.id, language, millId });
    return;
  }
  await deps.jobs.enqueue(tx, 'mail.account', {
    kind: 'invitation',
    userId: user.id,
    language,
    millId,
    invitation: await labInvitationDetails(tx, user, millId),
  });
}

/** The mill's name and the message it wrote when it invited this lab (the add-client form says it is part of the invitation). */
async function labInvitationDetails(tx: Db, user: UserRow, millId: number): Promise<InvitationDetails> {
  const lab = await labOfCompany(tx, user.companyId);
  const relation = lab ? await clientRelation(tx, millId, lab.id) : null;
  const [mill] = await millsById(tx, [millId]);
  const company = mill ? await companyById(tx, mill.companyId) : null;
  return { millName: company?.name ?? '', message: relation?.activationMessage ?? '' };
}

/** A usable invitation and its invited account; with `millId`, only one issued for that mill. */
async function openInvitation(db: Db, token: string, millId?: number): Promise<{ row: InvitationToken; invited: UserRow }> {
  const row = await peekInvitation(db, token);
  if (!row || (millId !== undefined && row.millId !== millId)) throw INVALID_INVITATION;
  const invited = await userById(db, row.userId);
  if (!invited) throw INVALID_INVITATION;
  return { row, invited };
}

/** Uses the invitation up, checking it was issued for this very mill. */
async function useInvitation(db: Db, token: string, millId: number): Promise<UserRow> {
  const row = await useInvitationToken(db, token);
  if (!row || row.millId !== millId) throw INVALID_INVITATION;
  const invited = await userById(db, row.userId);
  if (!invited) throw INVALID_INVITATION;
  return invited;
}

/** `POST /auth/user-email-by-token` (public): the invited address, and whether a lab (asked for its company name) or mill staff is invited. */
export async function emailByToken(
  deps: AppDeps,
  token: string,
): Promise<{ email: string; roleType: UserRow['roleType']; accountExists: boolean }> {
  const { invited } = await openInvitation(deps.db, token);
  return { email: invited.email, roleType: invited.roleType, accountExists: invited.confirmed };
}

export interface AccountCreationInput {
  identifier: string;
  password: string;
  companyName?: string;
  confirmationToken: string;
  millId: number;
}

/** `POST /auth/account-creation` (public): the invited person sets a password (a lab also its company name) and is signed in. */
export async function createAccountFromInvitation(deps: AppDeps, input: AccountCreationInput, origin: SignInOrigin): Promise<AuthResponse> {
  await checkNewPassword(input.password);
  const { invited } = await openInvitation(deps.db, input.confirmationToken, input.millId);
  // The invited person's own words, known from the invitation before it is used.
  await checkNewPassword(input.password, undefined, invited);
  if (invited.email !== input.identifier) {
    // The address differs from the invited one: the flow continues by mail (resend-confirmation-email).
    throw AppError.fields({ identifier: ['INVITATION_OTHER_EMAIL'] }, 'Use "Send confirmation email" to continue with another address');
  }
  if (invited.confirmed) throw AppError.fields({ identifier: ['EMAIL_TAKEN'] });
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    // Used up with the rest: a failure below leaves the link usable.
    await useInvitation(tx, input.confirmationToken, input.millId);
    const updated = await setPassword(tx, invited.id, passwordHash);
    // Only an invited lab names its (new) company; invited mill staff join the mill's company as it is.
    const lab = invited.roleType === 'lab' ? await labOfCompany(tx, invited.companyId) : null;
    if (lab && input.companyName) await renameCompany(tx, lab.companyId, input.companyName);
    if (lab) await confirmClientRelation(tx, input.millId, lab.id);
    const actor = { userId: invited.id, tenant: lab && { kind: 'lab' as const, id: lab.id }, ip: origin.ip };
    if (lab) await deps.audit.append(tx, invitationAudit(actor, input.millId, lab.id, 'client.invitation.accepted', { newAccount: true }));
    return updated;
  });
  return sessionFor(deps, user, await startSession(deps, user, origin, 'invitation'));
}

/**
 * `POST /auth/resend-confirmation-email` (public): the lab wants to accept with another address
 * than the invited one. The invitation moves to that address (older links stop working) and a
 * new mail goes there.
 */
export async function resendConfirmation(deps: AppDeps, token: string, email: string, language: Language): Promise<void> {
  const { row, invited } = await openInvitation(deps.db, token);
  if (invited.confirmed) throw INVALID_INVITATION;
  if (email !== invited.email && (await userByEmail(deps.db, email))) throw AppError.fields({ email: ['EMAIL_TAKEN'] });
  await unlessDuplicate(
    () =>
      deps.db.transaction(async (tx) => {
        if (email !== invited.email) await moveUnusedAccount(tx, invited.id, email);
        await revokeInvitationLinks(tx, invited.id);
        await queueInvitation(deps, tx, invited, row.millId!, language);
      }),
    () => AppError.fields({ email: ['EMAIL_TAKEN'] }),
  );
}

const ONLY_LABS = 'Only a lab account can become a client of a mill';

/**
 * Accepts an invitation with an existing lab account (rule book: invitation.accept, labs only).
 * The placeholder account the invitation created goes away.
 */
async function acceptWithAccount(deps: AppDeps, user: UserRow, token: string, millId: number, ip: string | undefined): Promise<void> {
  await authorize(deps.db, user, 'invitation.accept', {}).catch((error: unknown) => {
    // The rule book's bare 403, said plainly: this account is not a lab's.
    throw error instanceof AppError && error.statusCode === 403 ? AppError.forbidden(ONLY_LABS, 'ONLY_LABS_CAN_BE_CLIENTS') : error;
  });
  const lab = await labOfCompany(deps.db, user.companyId);
  if (!lab) throw AppError.forbidden(ONLY_LABS, 'ONLY_LABS_CAN_BE_CLIENTS');
  await tellingPlanLimits(deps, { millId, limit: 'clients', triedBy: user.id }, () =>
    deps.db.transaction(async (tx) => {
      // Used up with the rest: a refusal below (a full plan) leaves the link usable.
      const invited = await useInvitation(tx, token, millId);
      // The placeholder's relation goes first, so that it does not count against the plan.
      if (invited.id !== user.id && !invited.confirmed) await deletePlaceholderAccount(tx, invited);
      // The invitation's relation was with the placeholder's lab: this lab is a new client.
      if (!(await clientRelation(tx, millId, lab.id))) await assertClientRoom(tx, millId);
      await saveClientRelation(tx, { millId, labId: lab.id, userId: user.id, confirmed: true });
      const actor = { userId: user.id, tenant: { kind: 'lab' as const, id: lab.id }, ip };
      await deps.audit.append(tx, invitationAudit(actor, millId, lab.id, 'client.invitation.accepted', { newAccount: false }));
    }),
  );
}

/** `POST /mills/{millId}/link-to-account`: the signed-in lab accepts the invitation. */
export async function linkToAccount(
  deps: AppDeps,
  user: SessionUser,
  token: string,
  millId: number,
  sessionId: string,
): Promise<AuthResponse> {
  await acceptWithAccount(deps, user, token, millId, user.ip);
  return sessionFor(deps, user, deps.signJwt({ userId: user.id, tokenVersion: user.tokenVersion, sessionId }));
}

/** `POST /auth/local` with `linkToAnExistingAccount` (public): sign in and accept the invitation in one step. */
export async function signInAndLink(
  deps: AppDeps,
  credentials: { identifier: string; password: string },
  invitation: { token: string; millId: number },
  origin: SignInOrigin,
): Promise<SignInAnswer> {
  const user = await checkCredentials(deps, credentials.identifier, credentials.password);
  // A second factor comes first (ADR 0020): the invitation waits, to be accepted once signed in.
  const challenge = await challengeIfNeeded(deps, user);
  if (challenge) return challenge;
  await acceptWithAccount(deps, user, invitation.token, invitation.millId, origin.ip);
  return sessionFor(deps, user, await startSession(deps, user, origin, 'password'));
}

// ---- A mill invites its client labs (the clients pages; the client rows are the clients feature's).

/**
 * By address: the lab is invited (modules/invitations) and shows as an unconfirmed client until it
 * accepts. A new client needs room in the mill's plan (409 PLAN_LIMIT_REACHED).
 */
export async function addClient(deps: AppDeps, user: SessionUser, millId: number, input: InviteLabInput, language: Language) {
  await authorize(deps.db, user, 'clients.manage', { millId });
  const result = await tellingPlanLimits(deps, { millId, limit: 'clients', triedBy: user.id }, () =>
    inviteLab(deps, user, millId, input, language),
  );
  return { user: await clientOrNotFound(deps.db, millId, result.userId), confirmed: result.confirmed };
}

/**
 * Mails the invitation again, in the invitee's language (not the sender's); only the newest link
 * works, so a forwarded old mail is of no use.
 */
export async function resendInvitation(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  userId: number,
): Promise<{ landingPageInfoIsUpdated: boolean }> {
  const grant = await authorize(deps.db, user, 'clients.manage', { millId });
  const client = await clientOrNotFound(deps.db, millId, userId);
  if (client.confirmed) throw new AppError(409, 'CLIENT_ALREADY_CONFIRMED', 'This client has already accepted the invitation');
  const invited = await userById(deps.db, userId);
  if (!invited) throw AppError.notFound('Client');
  await deps.db.transaction(async (tx) => {
    await revokeInvitationLinks(tx, invited.id);
    await queueInvitation(deps, tx, invited, millId, languageOf(invited));
    const sent = { email: invited.email, newAccount: false, again: true };
    await deps.audit.append(tx, invitationAudit(millActor(user, millId), millId, client.labId, 'client.invitation.sent', sent));
  });
  return { landingPageInfoIsUpdated: grant.mill!.landingPageInfoIsUpdated };
}

/** The mill's staff acting for the mill. */
const millActor = (user: SessionUser, millId: number): AuditActor => ({
  userId: user.id,
  tenant: { kind: 'mill', id: millId },
  ip: user.ip,
});

/** An audit entry about a mill's invitation of a lab: the mill's and the lab's trail (issue 28: client invitations). */
function invitationAudit(actor: AuditActor, millId: number, labId: number, action: string, after: Record<string, unknown>): AuditEntry {
  return { actor, action, object: { kind: 'lab', id: labId }, after, scope: { millId, labId } };
}
