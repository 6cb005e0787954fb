import type { Language } from '@casebridge/shared/constants/languages';
import type { MillRole } from '@casebridge/shared/constants/roles';
import type { MillUser } from '@casebridge/shared/schemas/mill-users';
import type { AppDeps } from '../../deps.ts';
import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../db/client.ts';
import { authorize, type Grant } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import { blockUser, createUser, deleteUser, revokeInvitationLinks, updateStaffDetails, userByEmail } from '../users/users.service.ts';
import {
  deleteMember,
  deleteMembershipsOf,
  findMember,
  millsOnlyAdministeredBy,
  insertMember,
  listMembers,
  membershipsOf,
  setMemberRole,
  type MillUserListQuery,
} from './mill-users.repository.ts';

export type { MillUserListQuery };

export interface MillUserInput {
  firstName: string;
  lastName: string;
  email: string;
  millRole: MillRole;
}

const ALREADY_MEMBER = 'This person is already a user of the mill';

/** The mill's staff. Only its admins see and manage them (rule book: millUsers.*), never on their own row. */
export async function listMillUsers(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  query: MillUserListQuery,
): Promise<{ count: number; data: MillUser[] }> {
  await authorize(deps.db, user, 'millUsers.read', { millId });
  return listMembers(deps.db, millId, query);
}

async function memberOrNotFound(db: Db, millId: number, userId: number): Promise<MillUser> {
  const member = await findMember(db, millId, userId);
  if (!member) throw AppError.notFound('User');
  return member;
}

/** One's own row is changed on one's account page: an admin cannot demote or remove themselves here. */
function notOwnRow(grant: Grant, userId: number): void {
  if (grant.user.id === userId)
    throw AppError.forbidden('You cannot change or delete your own user here; use your account page.', 'OWN_USER_LOCKED');
}

/**
 * A new address gets an account without password and an invitation to choose one, in one
 * transaction; a person already working for another mill simply joins this one too (the mill
 * selector). The same address added twice at once: the unique email lets one in, the other gets 409.
 */
export async function addMillUser(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  input: MillUserInput,
  language: Language,
): Promise<MillUser> {
  const grant = await authorize(deps.db, user, 'millUsers.manage', { millId });
  const existing = await userByEmail(deps.db, input.email);
  if (existing && existing.roleType !== 'mill') throw AppError.fields({ email: ['EMAIL_TAKEN'] });
  if (existing) {
    const added = await deps.db.transaction(async (tx) => {
      if (!(await insertMember(tx, { millId, userId: existing.id, millRole: input.millRole }))) return false;
      await deps.audit.append(tx, memberAudit(user, millId, existing.id, 'millUser.added', null, { millRole: input.millRole }));
      return true;
    });
    if (!added) throw AppError.emailTaken(ALREADY_MEMBER);
    return memberOrNotFound(deps.db, millId, existing.id);
  }
  const created = await unlessDuplicate(
    () =>
      deps.db.transaction(async (tx) => {
        const invited = await createUser(tx, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          roleType: 'mill',
          companyId: grant.mill!.companyId,
          language,
          confirmed: false,
        });
        await insertMember(tx, { millId, userId: invited.id, millRole: input.millRole });
        await deps.audit.append(
          tx,
          memberAudit(user, millId, invited.id, 'millUser.added', null, { millRole: input.millRole, email: input.email }),
        );
        await queueStaffInvitation(deps, tx, invited.id, millId, language);
        return invited;
      }),
    () => AppError.emailTaken(ALREADY_MEMBER),
  );
  return memberOrNotFound(deps.db, millId, created.id);
}

/** Names and role; the address only while the person has not accepted (then it is theirs to change). */
export async function updateMillUser(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  userId: number,
  input: MillUserInput,
  language: Language,
): Promise<MillUser> {
  const grant = await authorize(deps.db, user, 'millUsers.manage', { millId });
  notOwnRow(grant, userId);
  const member = await memberOrNotFound(deps.db, millId, userId);
  const emailChanged = input.email !== member.email;
  if (emailChanged && member.confirmed)
    throw AppError.fields({ email: ['EMAIL_CHANGE_LOCKED'] }, 'Only the user can change their own address once they accepted');
  if (emailChanged && (await userByEmail(deps.db, input.email))) throw AppError.fields({ email: ['EMAIL_TAKEN'] });
  await unlessDuplicate(
    () =>
      deps.db.transaction(async (tx) => {
        const updated = await updateStaffDetails(tx, userId, { firstName: input.firstName, lastName: input.lastName, email: input.email });
        await setMemberRole(tx, millId, userId, input.millRole);
        const before = { millRole: member.millRole, firstName: member.firstName, lastName: member.lastName, email: member.email };
        const after = { millRole: input.millRole, firstName: input.firstName, lastName: input.lastName, email: input.email };
        await deps.audit.append(tx, memberAudit(user, millId, userId, 'millUser.changed', before, after));
        if (!emailChanged) return;
        // The invitation follows the corrected address; a link mailed to the old one stops working.
        await revokeInvitationLinks(tx, userId);
        await queueStaffInvitation(deps, tx, updated.id, millId, language);
      }),
    () => AppError.emailTaken(),
  );
  return memberOrNotFound(deps.db, millId, userId);
}

/**
 * Removes the person from this mill. Someone who belongs to no mill any more is blocked rather
 * than deleted, so what they authored keeps its author; a never-accepted invitation is deleted.
 */
export async function removeMillUser(deps: AppDeps, user: SessionUser, millId: number, userId: number): Promise<void> {
  const grant = await authorize(deps.db, user, 'millUsers.manage', { millId });
  notOwnRow(grant, userId);
  const member = await memberOrNotFound(deps.db, millId, userId);
  const sessionEnded = await deps.db.transaction(async (tx) => {
    await deleteMember(tx, millId, userId);
    await deps.audit.append(tx, memberAudit(user, millId, userId, 'millUser.removed', { millRole: member.millRole }, null));
    if ((await membershipsOf(tx, userId)).length > 0) return false;
    if (member.confirmed) await blockUser(tx, userId);
    else await deleteUser(tx, userId);
    return true;
  });
  // Open live connections end with the session, not at the next reconnect.
  if (sessionEnded) deps.realtime.endSessions(userId);
}

/** An audit entry of a mill admin about the mill's staff (issue 28: members and roles). */
function memberAudit(
  user: SessionUser,
  millId: number,
  userId: number,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditEntry {
  const actor = { userId: user.id, tenant: { kind: 'mill' as const, id: millId }, ip: user.ip };
  return { actor, action, object: { kind: 'user', id: userId }, before, after, scope: { millId } };
}

// For other features (`db` may be a transaction).

/** Sign-up: the signer becomes the new mill's admin. */
export async function addMillMember(tx: Db, millId: number, userId: number, millRole: MillRole): Promise<void> {
  await insertMember(tx, { millId, userId, millRole });
}

// Needed by orders (the orders area's engineer): the responsible person of an order is one of the mill's staff.

/**
 * The invitation mail to mill staff, queued in the caller's transaction so it leaves exactly when
 * the member commits; the auth feature's mail job issues the link when it sends.
 */
async function queueStaffInvitation(deps: AppDeps, tx: Db, userId: number, millId: number, language: Language): Promise<void> {
  await deps.jobs.enqueue(tx, 'mail.account', { kind: 'staffInvitation', userId, language, millId });
}

// Needed by personal-data (account deletion), inside its transaction.

/** The mills whose only administrator (not blocked) this user is; their admin rows stay locked until the commit. */
export async function millsLeftWithoutAdmin(tx: Db, userId: number): Promise<number[]> {
  return millsOnlyAdministeredBy(tx, userId);
}

/** A deleted account works for no mill any more: its memberships go (what it did keeps its user id). */
export async function leaveEveryMill(tx: Db, userId: number): Promise<{ millId: number; millRole: MillRole }[]> {
  return deleteMembershipsOf(tx, userId);
}
