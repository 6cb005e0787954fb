import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Session, User, UserSettings } from '@casebridge/shared/schemas/auth';
import { DEFAULT_LANGUAGE, isLanguage } from '@casebridge/shared/constants/languages';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { dealerMembers, dealers } from '../../db/schema/dealers.ts';
import { labs, millClients } from '../../db/schema/labs.ts';
import { millMembers, mills } from '../../db/schema/mills.ts';
import { projects } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import type { UserRow } from '../../lib/current-user.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Builds what a signed-in user's browser needs to draw the shell: the user, their mills
 * (as staff or as a client), the order count for routing, and their dealer. Every response
 * goes through these DTO functions, so no column is exposed by accident.
 */
export const DEFAULT_SETTINGS: UserSettings = {
  language: DEFAULT_LANGUAGE,
  pageSize: 10,
  notificationOnNewMessageReceived: true,
  sendEmailOnNewMessageReceived: false,
  notificationOnNewProjectIsCreated: true,
  sendEmailOnNewProjectIsCreated: false,
  notificationOnOrderProcessStart: true,
  notificationOnOrderProcessCompleted: true,
  projectDownloadFolderStructure: 'hierarchical',
  reportDateFormat: 'de',
};

export function fileUrl(key: string | null): { url: string } | null {
  return key ? { url: `/api/uploads/${key}` } : null;
}

const ROLE_NAMES = { mill: 'Mill', lab: 'Lab', manager: 'Manager', dealer: 'Dealer' } as const;

export function toUserDto(user: UserRow, company: typeof companies.$inferSelect | null): User {
  const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    language,
    avatar: fileUrl(user.avatarPath),
    blocked: user.blocked,
    confirmed: user.confirmed,
    role: { type: user.roleType, name: ROLE_NAMES[user.roleType] },
    company: company ? { id: company.id, name: company.name, logo: fileUrl(company.logoPath) } : null,
    companyInfoIsUpdated: company?.companyInfoIsUpdated ?? true,
    userSettings: { ...DEFAULT_SETTINGS, ...user.settings, language },
  };
}

async function millsOfStaff(db: Db, userId: number): Promise<Session['mills']> {
  const rows = await db
    .select({ mill: mills, company: companies, millRole: millMembers.millRole })
    .from(millMembers)
    .innerJoin(mills, eq(mills.id, millMembers.millId))
    .innerJoin(companies, eq(companies.id, mills.companyId))
    .where(eq(millMembers.userId, userId))
    .orderBy(mills.id);
  return rows.map(({ mill, company, millRole }) => ({
    id: mill.id,
    company: { id: company.id, name: company.name, logo: fileUrl(company.logoPath) },
    millRole,
    isActive: !mill.blocked,
    needPoliciesApproval: mill.needPoliciesApproval,
    landingPageInfoIsUpdated: mill.landingPageInfoIsUpdated,
    blocked: mill.blocked,
    blockReason: mill.blockReason,
    blockedMillClientMessage: mill.blockedMillClientMessage,
  }));
}

async function millsOfLab(db: Db, companyId: number | null): Promise<Session['mills']> {
  if (companyId === null) return [];
  const rows = await db
    .select({ mill: mills, company: companies, client: millClients })
    .from(millClients)
    .innerJoin(labs, eq(labs.id, millClients.labId))
    .innerJoin(mills, eq(mills.id, millClients.millId))
    .innerJoin(companies, eq(companies.id, mills.companyId))
    .where(and(eq(labs.companyId, companyId), eq(millClients.confirmed, true)))
    .orderBy(mills.id);
  return rows.map(({ mill, company, client }) => ({
    id: mill.id,
    company: { id: company.id, name: company.name, logo: fileUrl(company.logoPath) },
    millRole: null,
    isActive: !client.blockedByMill && !client.blockedBySystem && !mill.blocked,
    needPoliciesApproval: false,
    landingPageInfoIsUpdated: mill.landingPageInfoIsUpdated,
    blocked: mill.blocked || client.blockedByMill || client.blockedBySystem,
    // A lab is told the mill's message for clients, never the mill's internal block reason.
    blockReason: null,
    blockedMillClientMessage: mill.blocked || client.blockedByMill || client.blockedBySystem ? (mill.blockedMillClientMessage ?? '') : null,
  }));
}

async function dealerOf(db: Db, userId: number): Promise<Session['dealer']> {
  const [row] = await db
    .select({ dealer: dealers, company: companies, dealerRole: dealerMembers.dealerRole })
    .from(dealerMembers)
    .innerJoin(dealers, eq(dealers.id, dealerMembers.dealerId))
    .innerJoin(companies, eq(companies.id, dealers.companyId))
    .where(eq(dealerMembers.userId, userId))
    .limit(1);
  return row ? { id: row.dealer.id, name: row.company.name, parentId: row.dealer.parentId, dealerRole: row.dealerRole } : null;
}

export async function companyOf(db: Db, companyId: number | null) {
  if (companyId === null) return null;
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  return company ?? null;
}

/** Decides where a user lands after sign-in (spec §2): mills with orders go to their orders. */
async function ordersCountOf(db: Db, userId: number, roleType: string, companyId: number | null): Promise<number> {
  if (roleType === 'mill') {
    const [row] = await db.select({ n: count() }).from(projects).innerJoin(millMembers, eq(millMembers.millId, projects.millId)).where(and(eq(millMembers.userId, userId), isNotNull(projects.submittedAt)));
    return row?.n ?? 0;
  }
  if (roleType === 'lab' && companyId !== null) {
    const [row] = await db.select({ n: count() }).from(projects).innerJoin(labs, eq(labs.id, projects.labId)).where(eq(labs.companyId, companyId));
    return row?.n ?? 0;
  }
  return 0;
}

export async function buildSession(db: Db, userId: number): Promise<Session> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound('User');
  const company = await companyOf(db, user.companyId);
  const userMills =
    user.roleType === 'mill' ? await millsOfStaff(db, user.id) : user.roleType === 'lab' ? await millsOfLab(db, user.companyId) : [];
  return {
    user: toUserDto(user, company),
    mills: userMills,
    ordersCount: await ordersCountOf(db, user.id, user.roleType, user.companyId),
    dealer: user.roleType === 'dealer' ? await dealerOf(db, user.id) : null,
  };
}
