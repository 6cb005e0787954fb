/**
 * Use case (ADR 0016, 0020): who must sign in with a second factor, and an administrator's reset of a
 * lost one. It reads the directory (who is whose staff) and writes through two-factor; the reset is
 * published as `auth.secondFactorReset`, the hook for the audit trail, and ends the user's sessions.
 */
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { dealerOfUser } from '../dealers/dealers.queries.ts';
import { millMembershipsOf, staffUserIdsOf } from '../mill-users/mill-users.queries.ts';
import {
  notEnrolledAmong,
  queueFactorNotice,
  removeSecondFactorOf,
  requirementOf,
  setRequirementOf,
} from '../two-factor/two-factor.service.ts';
import type { MillTwoFactorRequirement } from '@casebridge/shared/schemas/two-factor';

export interface SecondFactorReset {
  userId: number;
  resetBy: number;
  /** The tenant the administrator acted for. */
  millId: number | null;
  dealerId: number | null;
}

declare module '../../platform/events/domain-events.ts' {
  interface DomainEvents {
    /** An administrator reset a user's second factor (published in the reset's transaction). */
    'auth.secondFactorReset': SecondFactorReset;
  }
}

/** `GET /mills/:millId/two-factor-requirement`, with the staff who would be asked to enrol at their next sign-in. */
export async function readMillRequirement(deps: AppDeps, user: SessionUser, millId: number): Promise<MillTwoFactorRequirement> {
  await authorize(deps.db, user, 'mill.requireTwoFactor', { millId });
  return millRequirement(deps, millId);
}

async function millRequirement(deps: AppDeps, millId: number): Promise<MillTwoFactorRequirement> {
  const [required, notEnrolled] = await Promise.all([
    requirementOf(deps.db, millId),
    staffUserIdsOf(deps.db, millId).then((ids) => notEnrolledAmong(deps.db, ids)),
  ]);
  return { required, notEnrolled };
}

/** `PUT /mills/:millId/two-factor-requirement`: from the next sign-in on, staff without a second factor must enrol one. */
export async function setMillRequirement(deps: AppDeps, user: SessionUser, millId: number, required: boolean) {
  await authorize(deps.db, user, 'mill.requireTwoFactor', { millId });
  await setRequirementOf(deps.db, millId, required, user.id);
  return millRequirement(deps, millId);
}

/** `GET /two-factor-requirement`: the managers' and dealer users' duty. */
export async function readPlatformRequirement(deps: AppDeps, user: SessionUser): Promise<{ required: boolean }> {
  await authorize(deps.db, user, 'platform.requireTwoFactor', {});
  return { required: await requirementOf(deps.db, null) };
}

export async function setPlatformRequirement(deps: AppDeps, user: SessionUser, required: boolean) {
  await authorize(deps.db, user, 'platform.requireTwoFactor', {});
  await setRequirementOf(deps.db, null, required, user.id);
  return { required };
}

/** `POST /mills/:millId/users/:id/two-factor-reset`: someone who is not the mill's staff looks missing. */
export async function resetMillStaffFactor(deps: AppDeps, user: SessionUser, millId: number, userId: number): Promise<void> {
  await authorize(deps.db, user, 'millUsers.resetSecondFactor', { millId });
  const memberships = await millMembershipsOf(deps.db, userId);
  if (!memberships.some((membership) => membership.millId === millId)) throw AppError.notFound('User');
  await reset(deps, { userId, resetBy: user.id, millId, dealerId: null }, user.ip);
}

/** `POST /dealer-users/:id/two-factor-reset`: the manager's; the dealer user's dealer is the tenant. */
export async function resetDealerUserFactor(deps: AppDeps, user: SessionUser, userId: number): Promise<void> {
  const dealer = await dealerOfUser(deps.db, userId);
  if (!dealer) throw AppError.notFound('User');
  await authorize(deps.db, user, 'dealerUsers.resetSecondFactor', { dealerId: dealer.id });
  await reset(deps, { userId, resetBy: user.id, millId: null, dealerId: dealer.id }, user.ip);
}

async function reset(deps: AppDeps, event: SecondFactorReset, ip: string | undefined): Promise<void> {
  if (event.userId === event.resetBy) throw AppError.forbidden('Turn your own second factor off on your account page');
  const afterCommit = await deps.db.transaction(async (tx) => {
    if (!(await removeSecondFactorOf(tx, event.userId)))
      throw AppError.conflict('This user has no second factor to reset', 'NO_SECOND_FACTOR');
    // Recorded in the tenant's trail, so the mill admin (or the manager) sees who reset whom (issue 28).
    const tenant = event.millId ? { kind: 'mill' as const, id: event.millId } : { kind: 'platform' as const, id: null };
    await deps.audit.append(tx, {
      actor: { userId: event.resetBy, tenant, ip },
      action: 'auth.secondFactor.reset',
      object: { kind: 'user', id: event.userId },
      scope: { millId: event.millId, dealerId: event.dealerId },
    });
    await queueFactorNotice(deps, tx, event.userId, 'secondFactorReset');
    return deps.events.publish(tx, 'auth.secondFactorReset', event);
  });
  await afterCommit();
}
