import type { z } from 'zod';
import type { labSchema, shippingBodySchema } from '@casebridge/shared/schemas/mill-admin';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteCompany,
  deleteLabOfCompany,
  findCompany,
  findLab,
  findLabOfCompany,
  insertCompany,
  insertLab,
  updateCompany,
  updateShipping,
  type CompanyRow,
  type LabRow,
} from './companies.repository.ts';

export type { CompanyRow, LabRow };
type Lab = z.infer<typeof labSchema>;
type ShippingBody = z.infer<typeof shippingBodySchema>;

function toLabDto(lab: LabRow, companyName: string): Lab {
  return {
    id: lab.id,
    company: { id: lab.companyId, name: companyName },
    shippingAtSameAddress: lab.shippingAtSameAddress,
    shippingAddress: { street: lab.shippingStreet, city: lab.shippingCity, zipCode: lab.shippingZipCode, phone: lab.shippingPhone },
  };
}

/**
 * The rule book decides on the lab's company. A lab the caller may not see answers exactly like a
 * missing one ("Lab not found"), so the answer does not tell that it exists.
 */
async function readableLab(
  deps: AppDeps,
  user: SessionUser,
  lab: LabRow | null,
  action: 'company.read' | 'company.update',
): Promise<LabRow> {
  if (!lab) throw AppError.notFound('Lab');
  try {
    await authorize(deps.db, user, action, { companyId: lab.companyId });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw AppError.notFound('Lab');
    throw error;
  }
  return lab;
}

async function labDto(deps: AppDeps, lab: LabRow): Promise<Lab> {
  return toLabDto(lab, (await findCompany(deps.db, lab.companyId))?.name ?? '');
}

export async function readLab(deps: AppDeps, user: SessionUser, labId: number): Promise<Lab> {
  return labDto(deps, await readableLab(deps, user, await findLab(deps.db, labId), 'company.read'));
}

export async function readLabOfCompany(deps: AppDeps, user: SessionUser, companyId: number): Promise<Lab> {
  return labDto(deps, await readableLab(deps, user, await findLabOfCompany(deps.db, companyId), 'company.read'));
}

/** The own lab's shipping address (rule book: company.update, own company only). */
export async function updateLabShipping(deps: AppDeps, user: SessionUser, labId: number, body: ShippingBody): Promise<Lab> {
  const lab = await readableLab(deps, user, await findLab(deps.db, labId), 'company.update');
  const { shippingAtSameAddress, shippingAddress } = body;
  return labDto(deps, await updateShipping(deps.db, lab.id, { shippingAtSameAddress, ...shippingAddress }));
}

// For other features, inside their transactions (`db` may be a transaction).

/** Sign-up: the company of a new mill, named after its signer until the company details are filled in. */
export async function createCompany(tx: Db, values: { name: string; email: string }): Promise<CompanyRow> {
  return insertCompany(tx, values);
}

/** An invited lab: a nameless company (the lab names it on accepting) and its lab row. */
export async function createLabCompany(tx: Db, email: string): Promise<{ company: CompanyRow; lab: LabRow }> {
  const company = await insertCompany(tx, { name: '', email });
  return { company, lab: await insertLab(tx, company.id) };
}

export async function renameCompany(db: Db, companyId: number, name: string): Promise<void> {
  await updateCompany(db, companyId, { name });
}

/** The placeholder company of an invitation nobody accepted goes away with its lab row. */
export async function deleteLabCompany(tx: Db, companyId: number): Promise<void> {
  await deleteLabOfCompany(tx, companyId);
  await deleteCompany(tx, companyId);
}

/** Needed by mills (engineer C): the landing page's logo is the mill company's logo. */
export async function setCompanyLogo(db: Db, companyId: number, logo: { key: string; name: string }): Promise<CompanyRow> {
  return updateCompany(db, companyId, { logoPath: logo.key, logoName: logo.name });
}

/** The company page's change (company-profile checks who may and what may change). */
export async function updateCompanyInfo(db: Db, companyId: number, values: Parameters<typeof updateCompany>[2]): Promise<CompanyRow> {
  return updateCompany(db, companyId, values);
}
