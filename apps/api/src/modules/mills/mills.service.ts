import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { landingPageDataSchema, millDetailSchema, onboardingSchema } from '@casebridge/shared/schemas/mill-admin';
import type { AppDeps } from '../../deps.ts';
import { companies } from '../../db/schema/companies.ts';
import { millClients } from '../../db/schema/labs.ts';
import { licenceKeys } from '../../db/schema/licence-keys.ts';
import { mills } from '../../db/schema/mills.ts';
import type { MillAccess } from '../../lib/mill-access.ts';
import type { UploadedImage } from '../../lib/multipart-form.ts';
import { companyOf, fileUrl } from '../session/session.service.ts';

export async function millDetail(deps: AppDeps, millId: number): Promise<z.infer<typeof millDetailSchema>> {
  const [row] = await deps.db.select({ mill: mills, company: companies }).from(mills).innerJoin(companies, eq(companies.id, mills.companyId)).where(eq(mills.id, millId));
  const { mill, company } = row!;
  return {
    id: mill.id,
    company: { id: company.id, name: company.name, logo: fileUrl(company.logoPath) },
    landingPageHeader: mill.landingPageHeader,
    landingPageContent: mill.landingPageContent,
    landingPageInfoIsUpdated: mill.landingPageInfoIsUpdated,
    needPoliciesApproval: mill.needPoliciesApproval,
    publicUrl: `${deps.config.publicUrl}/${mill.id}`,
  };
}

export async function updateLandingPage(
  deps: AppDeps,
  access: MillAccess,
  data: z.infer<typeof landingPageDataSchema>,
  logo: UploadedImage | null,
) {
  await deps.db.update(mills).set({ ...data, landingPageInfoIsUpdated: true }).where(eq(mills.id, access.millId));
  if (logo) {
    const company = await companyOf(deps.db, access.mill.companyId);
    await deps.db.update(companies).set({ logoPath: logo.key, logoName: logo.name }).where(eq(companies.id, access.mill.companyId));
    if (company?.logoPath) await deps.storage.remove(company.logoPath);
  }
  return millDetail(deps, access.millId);
}

export async function onboardingOf(deps: AppDeps, access: MillAccess): Promise<z.infer<typeof onboardingSchema>> {
  const company = await companyOf(deps.db, access.mill.companyId);
  const [clients] = await deps.db.select({ n: count() }).from(millClients).where(eq(millClients.millId, access.millId));
  const [keys] = await deps.db.select({ n: count() }).from(licenceKeys).where(eq(licenceKeys.millId, access.millId));
  return {
    companyDetails: company?.companyInfoIsUpdated ?? false,
    landingPage: access.mill.landingPageInfoIsUpdated,
    firstClientInvited: (clients?.n ?? 0) > 0,
    licenceKeys: (keys?.n ?? 0) > 0,
    desktopAppAvailable: Boolean(deps.config.desktopAppUrl),
  };
}
