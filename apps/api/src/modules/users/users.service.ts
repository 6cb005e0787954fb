import { and, eq, ne, sql } from 'drizzle-orm';
import type { CompanyInfoData } from '@casebridge/shared/schemas/account';
import type { UserSettings } from '@casebridge/shared/schemas/auth';
import type { Company } from '@casebridge/shared/schemas/account';
import type { Language } from '@casebridge/shared/constants/languages';
import type { AppDeps } from '../../deps.ts';
import { companies } from '../../db/schema/companies.ts';
import { millMembers, mills } from '../../db/schema/mills.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/current-user.ts';
import type { UploadedImage } from '../../lib/multipart-form.ts';
import { findUserByEmail } from '../auth/auth.repository.ts';
import { issueToken } from '../auth/one-time-token.repository.ts';
import { sendAccountMail } from '../auth/account-mails.ts';
import { companyOf, fileUrl } from '../session/session.service.ts';

export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * An email change ends every session and leaves the account unconfirmed until the new address
 * is confirmed through the link we mail there: nobody takes over an account by typing an address.
 */
export async function updateProfile(
  deps: AppDeps,
  user: UserRow,
  input: ProfileInput,
  avatar: UploadedImage | null,
  language: Language,
): Promise<{ user: UserRow; emailChanged: boolean }> {
  const emailChanged = input.email !== user.email;
  if (emailChanged && (await findUserByEmail(deps.db, input.email))) {
    throw AppError.fields({ email: ['EMAIL_TAKEN'] });
  }
  const [updated] = await deps.db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      ...(avatar ? { avatarPath: avatar.key } : {}),
      ...(emailChanged ? { email: input.email, confirmed: false, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (avatar && user.avatarPath) await deps.storage.remove(user.avatarPath);
  if (emailChanged) {
    const token = await issueToken(deps.db, 'email-confirmation', user.id);
    await sendAccountMail(deps, 'confirmation', updated!, language, token);
  }
  return { user: updated!, emailChanged };
}

export async function updateSettings(deps: AppDeps, user: UserRow, patch: Partial<UserSettings>): Promise<void> {
  const settings = { ...user.settings, ...patch };
  await deps.db
    .update(users)
    .set({ settings, ...(patch.language ? { language: patch.language } : {}) })
    .where(eq(users.id, user.id));
}

export function toCompanyDto(company: typeof companies.$inferSelect): Company {
  const logo = fileUrl(company.logoPath);
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    web: company.web,
    contactPerson: company.contactPerson,
    vatNumber: company.vatNumber,
    taxId: company.taxId,
    logo: logo ? { url: logo.url, name: company.logoName ?? '' } : null,
    address: { country: company.country, state: company.state, street: company.street, city: company.city, zipCode: company.zipCode, phone: company.phone },
    companyInfoIsUpdated: company.companyInfoIsUpdated,
  };
}

/** Lab users edit their lab's company; on the mill side only a mill admin may. */
async function assertMayEditCompany(deps: AppDeps, user: UserRow): Promise<void> {
  if (user.roleType === 'lab' || user.roleType === 'dealer') return;
  if (user.roleType === 'mill') {
    const [admin] = await deps.db
      .select({ millId: millMembers.millId })
      .from(millMembers)
      .where(and(eq(millMembers.userId, user.id), eq(millMembers.millRole, 'admin')))
      .limit(1);
    if (admin) return;
  }
  throw AppError.forbidden('Only an administrator can change the company details');
}

export async function getCompanyInfo(deps: AppDeps, user: UserRow): Promise<Company> {
  const company = await companyOf(deps.db, user.companyId);
  if (!company) throw AppError.notFound('Company');
  return toCompanyDto(company);
}

export async function updateCompanyInfo(deps: AppDeps, user: UserRow, data: CompanyInfoData, logo: UploadedImage | null): Promise<Company> {
  await assertMayEditCompany(deps, user);
  const company = await companyOf(deps.db, user.companyId);
  if (!company) throw AppError.notFound('Company');
  // A paying mill's invoices depend on its country (VAT), so it cannot change it here.
  const [paying] = await deps.db.select({ id: mills.id }).from(mills).where(and(eq(mills.companyId, company.id), ne(mills.plan, 'basic'))).limit(1);
  if (paying && data.country !== company.country) throw AppError.fields({ country: ['FORBIDDEN'] }, 'The country cannot be changed on a paid plan');
  const [updated] = await deps.db
    .update(companies)
    .set({
      ...data,
      ...(logo ? { logoPath: logo.key, logoName: logo.name } : {}),
      companyInfoIsUpdated: true,
    })
    .where(eq(companies.id, company.id))
    .returning();
  if (logo && company.logoPath) await deps.storage.remove(company.logoPath);
  return toCompanyDto(updated!);
}
