import { companyInfoDataSchema, type Company } from '@casebridge/shared/schemas/account';
import type { AppDeps } from '../../deps.ts';
import { queueRemovals, removeQueued } from '../../platform/storage/removals.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { fileUrl } from '../../lib/file-url.ts';
import { useImageForm, type ImageFormReader } from '../../lib/multipart-form.ts';
import { updateCompanyInfo, type CompanyRow } from '../companies/companies.service.ts';
import { companyById } from '../companies/companies.queries.ts';
import { companyHasPaidMill } from '../subscriptions/subscriptions.service.ts';

/**
 * The company page: the record of the directory's company, and the one rule the contract adds
 * (a paying mill keeps its country). It sits above both (layers.json), so the directory does not
 * need to know the contract.
 */
async function toCompanyDto(db: Db, company: CompanyRow): Promise<Company> {
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
    address: {
      country: company.country,
      state: company.state,
      street: company.street,
      city: company.city,
      zipCode: company.zipCode,
      phone: company.phone,
    },
    companyInfoIsUpdated: company.companyInfoIsUpdated,
    countryLocked: await companyHasPaidMill(db, company.id),
  };
}

/** A company of one's own, or the lab company of a confirmed client of one's mill (rule book: company.read). */
export async function readCompany(deps: AppDeps, user: SessionUser, companyId: number): Promise<Company> {
  await authorize(deps.db, user, 'company.read', { companyId });
  const company = await companyById(deps.db, companyId);
  if (!company) throw AppError.notFound('Company');
  return toCompanyDto(deps.db, company);
}

/** `/users/companyInfo`: the caller's own company; someone without one (the manager) has none to read. */
export async function readOwnCompany(deps: AppDeps, user: SessionUser): Promise<Company> {
  if (user.companyId === null) throw AppError.notFound('Company');
  return readCompany(deps, user, user.companyId);
}

/**
 * Changes the own company record (multipart: data and an optional logo, read only once the caller
 * may; on the mill side only an administrator may, ADR 0004). One rule beyond the rule book: a
 * paying mill keeps its country, because its invoices' VAT depends on it.
 */
export async function updateOwnCompany(
  deps: AppDeps,
  user: SessionUser,
  companyId: number | null,
  readForm: ImageFormReader,
): Promise<Company> {
  if (companyId === null) throw AppError.notFound('Company');
  await authorize(deps.db, user, 'company.update', { companyId });
  const company = await companyById(deps.db, companyId);
  if (!company) throw AppError.notFound('Company');
  const updated = await useImageForm(deps.storage, readForm, companyInfoDataSchema, async (data, logo) => {
    if (data.country !== company.country && (await companyHasPaidMill(deps.db, company.id))) {
      throw AppError.fields({ country: ['COUNTRY_LOCKED_ON_PAID_PLAN'] }, 'The country cannot be changed on a paid plan');
    }
    return deps.db.transaction(async (tx) => {
      // The replaced logo's bytes are queued with the change, so they are removed even if this process dies next.
      if (logo && company.logoPath) await queueRemovals(tx, [company.logoPath]);
      return updateCompanyInfo(tx, company.id, {
        ...data,
        ...(logo ? { logoPath: logo.key, logoName: logo.name } : {}),
        companyInfoIsUpdated: true,
      });
    });
  });
  if (updated.logoPath !== company.logoPath && company.logoPath) await removeQueued(deps.db, deps.storage, [company.logoPath]);
  return toCompanyDto(deps.db, updated);
}
