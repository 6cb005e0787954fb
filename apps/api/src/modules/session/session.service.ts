/**
 * The session answer: what the directory (memberships, mills, the lab, the dealer) and the order
 * counts say about the caller. It sits above all of them (layers.json), so none of them needs to
 * know the others.
 */
import type { AuthResponse, Session } from '@casebridge/shared/schemas/auth';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { actionsInMill, actionsOnOwnTenant, authorize, ownTenantOf, type DealerTenancy, type OwnTenant } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { fileUrl } from '../../lib/file-url.ts';
import { confirmedMillsOfLab } from '../clients/clients.queries.ts';
import { type CompanyRow } from '../companies/companies.service.ts';
import { companiesById, companyById, labOfCompany } from '../companies/companies.queries.ts';
import { millsById } from '../mills/mills.queries.ts';
import { millMembershipsOf } from '../mill-users/mill-users.queries.ts';
import { labOrderCount, submittedOrderCount } from '../orders/orders.service.ts';
import { type UserRow } from '../users/users.service.ts';
import { userById, userDto } from '../users/users.queries.ts';

/** The answer of every call that signs in: the session and its JWT (user-sessions' `startSession`, or the caller's own). */
export async function sessionFor(deps: AppDeps, user: UserRow, jwt: string): Promise<AuthResponse> {
  return { ...(await sessionOf(deps.db, user.id)), jwt };
}

type SessionMill = Session['mills'][number];

/** Mill staff: the mills they work for, with their role and the mill's block state. */
async function staffMills(db: Db, userId: number): Promise<{ mills: SessionMill[]; ordersCount: number }> {
  const memberships = await millMembershipsOf(db, userId);
  const roles = new Map(memberships.map((m) => [m.millId, m.millRole]));
  const mills = await millsById(db, [...roles.keys()]);
  const companies = await companiesById(
    db,
    mills.map((mill) => mill.companyId),
  );
  return {
    mills: mills.map((mill) => ({
      id: mill.id,
      company: summaryOf(companies.get(mill.companyId)),
      millRole: roles.get(mill.id)!,
      actions: actionsInMill(roles.get(mill.id)!),
      isActive: !mill.blocked,
      needPoliciesApproval: mill.needPoliciesApproval,
      landingPageInfoIsUpdated: mill.landingPageInfoIsUpdated,
      blocked: mill.blocked,
      blockedBy: mill.blocked ? 'operator' : null,
      // The staff read the operator's message to their mill (spec §2), and may know what others are told.
      blockReason: mill.blocked ? mill.blockReason : null,
      blockedMillClientMessage: mill.blocked ? mill.blockedMillClientMessage : null,
    })),
    ordersCount: await submittedOrderCount(db, [...roles.keys()]),
  };
}

/** A lab: the mills it is a confirmed client of, and all its own orders (drafts included). */
async function labMills(db: Db, companyId: number | null): Promise<{ mills: SessionMill[]; ordersCount: number }> {
  const lab = await labOfCompany(db, companyId);
  if (!lab) return { mills: [], ordersCount: 0 };
  const relations = new Map((await confirmedMillsOfLab(db, lab.id)).map((relation) => [relation.millId, relation]));
  const mills = await millsById(db, [...relations.keys()]);
  const companies = await companiesById(
    db,
    mills.map((mill) => mill.companyId),
  );
  return {
    mills: mills.map((mill) => {
      const relation = relations.get(mill.id)!;
      const blockedBy = labBlocker(mill, relation);
      return {
        id: mill.id,
        company: summaryOf(companies.get(mill.companyId)),
        millRole: null,
        actions: actionsInMill('client'),
        isActive: blockedBy === null,
        needPoliciesApproval: false,
        landingPageInfoIsUpdated: mill.landingPageInfoIsUpdated,
        blocked: blockedBy !== null,
        blockedBy,
        // A lab reads the reason given to others only when the operator blocked the mill itself;
        // the operator's message to the mill is never the lab's to read.
        blockReason: blockedBy === 'operator' ? mill.blockReason : null,
        blockedMillClientMessage: null,
      };
    }),
    ordersCount: await labOrderCount(db, lab.id),
  };
}

/** The block that concerns the lab most: its own (by the mill, then by the system) before the mill's. */
function labBlocker(mill: { blocked: boolean }, relation: { blockedByMill: boolean; blockedBySystem: boolean }): SessionMill['blockedBy'] {
  if (relation.blockedByMill) return 'mill';
  if (relation.blockedBySystem) return 'system';
  return mill.blocked ? 'operator' : null;
}

function summaryOf(company: CompanyRow | undefined): SessionMill['company'] {
  return { id: company?.id ?? 0, name: company?.name ?? '', logo: fileUrl(company?.logoPath ?? null) };
}

/** A dealer user's dealer, from the tenancy the rule book read for the actions (no second membership read). */
async function dealerSummary(db: Db, dealer: DealerTenancy | undefined): Promise<Session['dealer']> {
  if (!dealer) return null;
  const company = await companyById(db, dealer.companyId);
  return {
    id: dealer.dealerId,
    name: company?.name ?? '',
    parentId: dealer.parentId,
    dealerRole: dealer.dealerRole,
  };
}

/**
 * What a signed-in browser needs to draw the shell: the user, their mills (as staff or as a
 * client), the order count that decides where they land (spec §2), their dealer, and the actions
 * they may take there (the rule book's names). `known`: the caller's own tenant as a grant already
 * resolved it, so a dealer user's membership is read once per answer.
 */
export async function sessionOf(db: Db, userId: number, known?: OwnTenant): Promise<Session> {
  const user = await userById(db, userId);
  if (!user) throw AppError.notFound('User');
  const side =
    user.roleType === 'mill'
      ? await staffMills(db, user.id)
      : user.roleType === 'lab'
        ? await labMills(db, user.companyId)
        : { mills: [], ordersCount: 0 };
  const own = known ?? (await ownTenantOf(db, user));
  return {
    user: await userDto(db, user),
    mills: side.mills,
    ordersCount: side.ordersCount,
    dealer: await dealerSummary(db, own?.dealer),
    actions: own ? actionsOnOwnTenant(user, own) : [],
  };
}

/** `GET /users/me`. */
export async function readSession(deps: AppDeps, user: SessionUser): Promise<Session> {
  const grant = await authorize(deps.db, user, 'account.read', {});
  return sessionOf(deps.db, user.id, grant);
}
