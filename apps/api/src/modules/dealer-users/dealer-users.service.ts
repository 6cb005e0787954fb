import type { Language } from '@casebridge/shared/constants/languages';
import type { DealerUser, DealerUserBody } from '@casebridge/shared/schemas/dealers';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize, type Grant } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { networkActor, type AuditEntry } from '../../platform/audit/audit-trail.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import { addDealerMember, moveDealerMember, queueDealerInvitation, subtreeOf } from '../dealers/dealers.service.ts';
import { dealerById, dealerIsInSubtree } from '../dealers/dealers.queries.ts';
import {
  createUser,
  endAllSessions,
  revokeDealerInvitationLinks,
  setUserBlocked,
  updateStaffDetails,
  userByEmail,
} from '../users/users.service.ts';
import { findDealerUser, listDealerUsers as listRows, type DealerUserListQuery } from './dealer-users.repository.ts';

/**
 * Dealer users (spec manager-dealer §2 dealer user management, §3 Dealer user): the manager
 * manages every dealer's users, a dealer manager those of its subtree. A new user is invited by
 * mail to choose a password; a blocked user is signed out everywhere at once.
 */
export type DealerUserQuery = Omit<DealerUserListQuery, 'within'>;

const NOT_OWN_ROW = 'You cannot change or block your own user here; use your account page.';

export async function listDealerUsers(
  deps: AppDeps,
  user: SessionUser,
  query: DealerUserQuery,
): Promise<{ count: number; data: DealerUser[] }> {
  const grant = await authorize(deps.db, user, 'dealerUsers.list', {});
  const within = subtreeOf(grant);
  // A filter on a dealer outside one's subtree finds nothing, like any other tenant's id.
  if (query.dealerId !== undefined && within !== null && !(await dealerIsInSubtree(deps.db, within, query.dealerId)))
    throw AppError.notFound('Dealer');
  return listRows(deps.db, { ...query, within });
}

async function userOrNotFound(db: Db, userId: number): Promise<DealerUser> {
  const found = await findDealerUser(db, userId);
  if (!found) throw AppError.notFound('User');
  return found;
}

export async function addDealerUser(deps: AppDeps, user: SessionUser, body: DealerUserBody, language: Language): Promise<DealerUser> {
  const grant = await authorize(deps.db, user, 'dealerUsers.manage', { dealerId: body.dealerId });
  const dealer = await dealerById(deps.db, body.dealerId);
  if (!dealer) throw AppError.notFound('Dealer');
  if (await userByEmail(deps.db, body.email)) throw AppError.emailTaken();
  const created = await unlessDuplicate(
    () =>
      deps.db.transaction(async (tx) => {
        const invited = await createUser(tx, {
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          roleType: 'dealer',
          companyId: dealer.companyId,
          language,
          confirmed: false,
        });
        await addDealerMember(tx, dealer.id, invited.id, body.role);
        if (body.blocked) await setUserBlocked(tx, invited.id, true);
        await queueDealerInvitation(deps, tx, invited.id, language);
        await deps.audit.append(tx, dealerUserAudit(user, grant, invited.id, body.dealerId, 'dealerUser.added', null, fieldsOf(body)));
        return invited;
      }),
    () => AppError.emailTaken(),
  );
  return userOrNotFound(deps.db, created.id);
}

/**
 * Names, role, dealer, address and the blocked flag. A changed address of a user who already chose
 * a password signs them out (they sign in with the new one); one not yet accepted gets a new
 * invitation there. Blocking ends every session at once (token version and live connections).
 */
export async function updateDealerUser(
  deps: AppDeps,
  user: SessionUser,
  userId: number,
  body: DealerUserBody,
  language: Language,
): Promise<DealerUser> {
  const existing = await userOrNotFound(deps.db, userId);
  const grant = await authorize(deps.db, user, 'dealerUsers.manage', { dealerId: existing.dealerId });
  if (body.dealerId !== existing.dealerId) await authorize(deps.db, user, 'dealerUsers.manage', { dealerId: body.dealerId });
  if (userId === user.id) throw AppError.forbidden(NOT_OWN_ROW, 'OWN_USER_LOCKED');
  const emailChanged = body.email !== existing.email;
  if (emailChanged && (await userByEmail(deps.db, body.email))) throw AppError.emailTaken();
  await unlessDuplicate(
    () =>
      deps.db.transaction(async (tx) => {
        await updateStaffDetails(tx, userId, { firstName: body.firstName, lastName: body.lastName, email: body.email });
        await moveDealerMember(tx, userId, body.dealerId, body.role);
        if (body.blocked !== existing.blocked) await setUserBlocked(tx, userId, body.blocked);
        const [before, after] = [fieldsOf(existing), fieldsOf(body)];
        const changed = AUDITED.filter((field) => before[field] !== after[field]);
        const pick = (fields: Record<string, unknown>) => Object.fromEntries(changed.map((field) => [field, fields[field]]));
        if (changed.length)
          await deps.audit.append(tx, dealerUserAudit(user, grant, userId, body.dealerId, 'dealerUser.changed', pick(before), pick(after)));
        if (emailChanged && existing.confirmed) await endAllSessions(tx, userId);
        if (emailChanged && !existing.confirmed) {
          await revokeDealerInvitationLinks(tx, userId);
          await queueDealerInvitation(deps, tx, userId, language);
        }
      }),
    () => AppError.emailTaken(),
  );
  // Open live connections end with the session, not at the next reconnect.
  if (body.blocked || (emailChanged && existing.confirmed)) deps.realtime.endSessions(userId);
  return userOrNotFound(deps.db, userId);
}

const AUDITED = ['firstName', 'lastName', 'email', 'role', 'dealerId', 'blocked'] as const;

function fieldsOf(row: Pick<DealerUserBody, (typeof AUDITED)[number]>): Record<string, unknown> {
  return Object.fromEntries(AUDITED.map((field) => [field, row[field]]));
}

/**
 * An audit entry about a dealer's user (issue 28: dealer users), in the trail of the dealer the
 * user belongs to (after a move, the new one): the dealers above it read it through their subtree.
 */
function dealerUserAudit(
  user: SessionUser,
  grant: Grant,
  userId: number,
  dealerId: number,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): AuditEntry {
  return { actor: networkActor(user, grant), action, object: { kind: 'user', id: userId }, before, after, scope: { dealerId } };
}
