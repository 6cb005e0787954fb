import type { z } from 'zod';
import { landingPageDataSchema, type millDetailSchema } from '@casebridge/shared/schemas/mill-admin';
import type { AppDeps } from '../../deps.ts';
import { queueRemovals, removeQueued } from '../../platform/storage/removals.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { fileUrl } from '../../lib/file-url.ts';
import { useImageForm, type ImageFormReader } from '../../lib/multipart-form.ts';
import { setCompanyLogo, type CompanyRow } from '../companies/companies.service.ts';
import { companyById } from '../companies/companies.queries.ts';
import { activeDocumentIds } from '../policies/policies.service.ts';
import {
  findMill,
  insertMill,
  insertPolicyConsent,
  requirePoliciesApprovalOfAll,
  setLandingPage,
  setNeedPoliciesApproval,
  type MillRow,
} from './mills.repository.ts';

export type { MillRow };
type MillDetail = z.infer<typeof millDetailSchema>;

/** What anyone may know of a mill: its public landing page. */
export interface PublicMill {
  id: number;
  company: { id: number; name: string; logo: { url: string } | null };
  landingPageHeader: string;
  landingPageContent: string;
}

function toPublicMill(mill: MillRow, company: CompanyRow | null): PublicMill {
  return {
    id: mill.id,
    company: { id: mill.companyId, name: company?.name ?? '', logo: fileUrl(company?.logoPath ?? null) },
    landingPageHeader: mill.landingPageHeader,
    landingPageContent: mill.landingPageContent,
  };
}

function toMillDetail(deps: AppDeps, mill: MillRow, company: CompanyRow | null): MillDetail {
  return {
    ...toPublicMill(mill, company),
    landingPageInfoIsUpdated: mill.landingPageInfoIsUpdated,
    needPoliciesApproval: mill.needPoliciesApproval,
    publicUrl: `${deps.config.publicUrl}/${mill.id}`,
  };
}

/** Public: the landing page a lab sees before it signs in or up. */
export async function publicMill(deps: AppDeps, millId: number): Promise<PublicMill> {
  const mill = await findMill(deps.db, millId);
  if (!mill) throw AppError.notFound('Mill');
  return toPublicMill(mill, await companyById(deps.db, mill.companyId));
}

/**
 * The landing page's texts and, optionally, a new logo (the mill company's logo). The form is read
 * only once the caller may change the page, so nothing is stored for anyone else; a refused form
 * leaves no file behind.
 */
export async function updateLandingPage(deps: AppDeps, user: SessionUser, millId: number, readForm: ImageFormReader): Promise<MillDetail> {
  const grant = await authorize(deps.db, user, 'mill.update', { millId });
  const companyId = grant.mill!.companyId;
  const { mill, company, replaced } = await useImageForm(deps.storage, readForm, landingPageDataSchema, (page, logo) =>
    deps.db.transaction(async (tx) => {
      const previousLogo = (await companyById(tx, companyId))?.logoPath ?? null;
      const replaced = logo && previousLogo ? previousLogo : null;
      // The replaced logo's bytes are queued with the change, so they are removed even if this process dies next.
      if (replaced) await queueRemovals(tx, [replaced]);
      return {
        mill: await setLandingPage(tx, millId, page),
        company: logo ? await setCompanyLogo(tx, companyId, logo) : await companyById(tx, companyId),
        replaced,
      };
    }),
  );
  if (replaced) await removeQueued(deps.db, deps.storage, [replaced]);
  return toMillDetail(deps, mill, company);
}

/** Records that the caller accepted the documents in force now, for this mill; the consent dialog goes away. */
export async function approvePolicies(deps: AppDeps, user: SessionUser, millId: number): Promise<void> {
  await authorize(deps.db, user, 'mill.approvePolicies', { millId });
  await deps.db.transaction((tx) => recordPolicyConsent(tx, millId, user.id));
}

/** The manager published new documents: every mill's users see the consent dialog again until one approves. */
export async function askEveryMillToApprovePolicies(deps: AppDeps, user: SessionUser): Promise<number> {
  await authorize(deps.db, user, 'policies.manage', {});
  return requirePoliciesApprovalOfAll(deps.db);
}

// For other features (`db` may be a transaction).

/** Sign-up with an activation key: the new company's mill. */
export async function createBasicMill(tx: Db, companyId: number): Promise<MillRow> {
  return insertMill(tx, companyId);
}

/**
 * The user accepted the documents in force now for this mill (in the consent dialog, or by ticking
 * both agreements at sign-up): the consent is kept with those documents and the dialog goes away.
 */
export async function recordPolicyConsent(tx: Db, millId: number, userId: number): Promise<void> {
  await insertPolicyConsent(tx, { millId, userId, documentIds: await activeDocumentIds(tx) });
  await setNeedPoliciesApproval(tx, millId, false);
}
