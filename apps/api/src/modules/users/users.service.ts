import type { Session, User, UserSettings } from '@casebridge/shared/schemas/auth';
import { profileDataSchema } from '@casebridge/shared/schemas/account';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@casebridge/shared/constants/languages';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { actionsOnOwnTenant, authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import { fileUrl } from '../../lib/file-url.ts';
import { useImageForm, type ImageFormReader } from '../../lib/multipart-form.ts';
import {
  companiesById,
  companyById,
  createLabCompany,
  deleteLabCompany,
  labOfCompany,
  type CompanyRow,
} from '../companies/companies.service.ts';
import { confirmedMillsOfLab } from '../clients/clients.service.ts';
import { dealerOfUser } from '../dealers/dealers.service.ts';
import { millsById } from '../mills/mills.service.ts';
import { millMembershipsOf } from '../mill-users/mill-users.service.ts';
import { labOrderCount, submittedOrderCount } from '../orders/orders.service.ts';
import {
  blockAccount,
  deleteUser as deleteUserRow,
  findUserByEmail as findByEmail,
  findUserById,
  findUsers,
  findUsersOfCompany,
  insertUser,
  markConfirmed,
  setEmail,
  setNamesAndEmail,
  setPassword as setPasswordRow,
  updateProfile as updateProfileRow,
  updateSettings as updateSettingsRow,
  type NewUser,
  type UserRow,
} from './users.repository.ts';

export type { UserRow };

/** What a user who never opened the settings gets; stored settings override it key by key. */
const DEFAULT_SETTINGS: UserSettings = {
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
  // Spec §2 dealer settings: 10 days ahead, weekly (on Mondays). On by default: an expiring
  // ticket is lost business for a dealer who was never told.
  ticketExpiryReminder: true,
  ticketExpiryReminderDays: 10,
  ticketExpiryReminderFrequency: 'weekly',
};

const ROLE_NAMES = { mill: 'Mill', lab: 'Lab', manager: 'Manager', dealer: 'Dealer' } as const;

export function languageOf(user: UserRow): Language {
  return isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
}

export function settingsOf(user: UserRow): UserSettings {
  return { ...DEFAULT_SETTINGS, ...user.settings, language: languageOf(user) };
}

/** Every response shows a user through this function, so no column (a password hash) leaks by accident. */
function toUserDto(user: UserRow, company: CompanyRow | null): User {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    language: languageOf(user),
    avatar: fileUrl(user.avatarPath),
    blocked: user.blocked,
    confirmed: user.confirmed,
    role: { type: user.roleType, name: ROLE_NAMES[user.roleType] },
    company: company ? { id: company.id, name: company.name, logo: fileUrl(company.logoPath) } : null,
    companyInfoIsUpdated: company?.companyInfoIsUpdated ?? true,
    userSettings: settingsOf(user),
  };
}

async function userDto(db: Db, user: UserRow): Promise<User> {
  return toUserDto(user, await companyById(db, user.companyId));
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

async function dealerSummary(db: Db, userId: number): Promise<Session['dealer']> {
  const dealer = await dealerOfUser(db, userId);
  if (!dealer) return null;
  const company = await companyById(db, dealer.companyId);
  return {
    id: dealer.id,
    name: company?.name ?? '',
    parentId: dealer.parentId,
    dealerRole: dealer.dealerRole,
    ownConfigurationsAllowed: dealer.ownConfigurationsAllowed,
  };
}

/**
 * What a signed-in browser needs to draw the shell: the user, their mills (as staff or as a
 * client), the order count that decides where they land (spec §2), their dealer, and the actions
 * they may take there (the rule book's names).
 */
export async function sessionOf(db: Db, userId: number): Promise<Session> {
  const user = await findUserById(db, userId);
  if (!user) throw AppError.notFound('User');
  const side =
    user.roleType === 'mill'
      ? await staffMills(db, user.id)
      : user.roleType === 'lab'
        ? await labMills(db, user.companyId)
        : { mills: [], ordersCount: 0 };
  return {
    user: await userDto(db, user),
    mills: side.mills,
    ordersCount: side.ordersCount,
    dealer: user.roleType === 'dealer' ? await dealerSummary(db, user.id) : null,
    actions: await actionsOnOwnTenant(db, user),
  };
}

/** `GET /users/me`. */
export async function readSession(deps: AppDeps, user: SessionUser): Promise<Session> {
  await authorize(deps.db, user, 'account.read', {});
  return sessionOf(deps.db, user.id);
}

/**
 * Name, email and avatar (multipart, read once the caller may). An email change ends every
 * session and leaves the account unconfirmed until the new address is confirmed through the link
 * we mail there: nobody takes over an account by typing an address.
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
          if (emailChanged) await deps.jobs.enqueue(tx, 'mail.account', { kind: 'confirmation', userId: user.id, language });
          return row;
        }),
      () => AppError.emailTaken(),
    );
  });
  const emailChanged = updated.email !== user.email;
  if (updated.avatarPath !== user.avatarPath && user.avatarPath) await deps.storage.remove(user.avatarPath);
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

export async function userById(db: Db, userId: number): Promise<UserRow | null> {
  return findUserById(db, userId);
}

/** Where and in which language a user's mail goes (null: no such user), for features that mail someone by id. */
export async function mailRecipient(db: Db, userId: number): Promise<{ email: string; language: Language } | null> {
  const user = await findUserById(db, userId);
  return user && { email: user.email, language: languageOf(user) };
}

export async function userByEmail(db: Db, email: string): Promise<UserRow | null> {
  return findByEmail(db, email);
}

export async function usersById(db: Db, ids: number[]): Promise<UserRow[]> {
  return findUsers(db, [...new Set(ids)]);
}

export async function labUsersOfCompany(db: Db, companyId: number): Promise<UserRow[]> {
  return findUsersOfCompany(db, companyId, 'lab');
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
import { bumpTokenVersion, setBlocked, setEmailEndingSessions } from './users.repository.ts';

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
