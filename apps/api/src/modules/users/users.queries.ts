import type { User, UserSettings } from '@casebridge/shared/schemas/auth';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@casebridge/shared/constants/languages';
import type { Db } from '../../db/client.ts';
import { fileUrl } from '../../lib/file-url.ts';
import type { CompanyRow } from '../companies/companies.service.ts';
import { companyById } from '../companies/companies.queries.ts';
import { findUserById, findUsers, findUsersOfCompany, type UserRow } from './users.repository.ts';

/**
 * The users module's read-only queries for the modules above it (ADR 0016): they take a database
 * handle and check no caller, so they write nothing (architecture.test.ts checks it); and the pure
 * helpers (language, settings) that they share with the users service.
 */

export function languageOf(user: UserRow): Language {
  return isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
}

/** Who hears of a change to how the account signs in (platform/mail/security-notices.ts): by default its own address. */
export function noticeRecipientOf(user: UserRow, to = user.email): { to: string; name: string; language: Language } {
  return { to, name: user.firstName, language: languageOf(user) };
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

/** The user as every response shows it, with their company. */
export async function userDto(db: Db, user: UserRow): Promise<User> {
  return toUserDto(user, await companyById(db, user.companyId));
}

export async function userById(db: Db, userId: number): Promise<UserRow | null> {
  return findUserById(db, userId);
}

/** Where and in which language a user's mail goes (null: no such user), for features that mail someone by id. */
export async function mailRecipient(db: Db, userId: number): Promise<{ email: string; language: Language } | null> {
  const user = await findUserById(db, userId);
  return user && { email: user.email, language: languageOf(user) };
}

export async function usersById(db: Db, ids: number[]): Promise<UserRow[]> {
  return findUsers(db, [...new Set(ids)]);
}

export async function labUsersOfCompany(db: Db, companyId: number): Promise<UserRow[]> {
  return findUsersOfCompany(db, companyId, 'lab');
}

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

export function settingsOf(user: UserRow): UserSettings {
  return { ...DEFAULT_SETTINGS, ...user.settings, language: languageOf(user) };
}
