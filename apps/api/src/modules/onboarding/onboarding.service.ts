import type { z } from 'zod';
import type { onboardingSchema } from '@casebridge/shared/schemas/mill-admin';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { clientCount } from '../clients/clients.service.ts';
import { companyById } from '../companies/companies.queries.ts';
import { desktopAppAvailable } from '../desktop-app/desktop-app.service.ts';
import { licenceKeyCount } from '../licence-keys/licence-keys.service.ts';

type Onboarding = z.infer<typeof onboardingSchema>;

/*
 * The checklist asks several features whether their first step is done (company details, landing
 * page, a client, a licence key, the desktop app); as a use case above them all (layers.json),
 * none of those features needs to know the checklist.
 */

/** A new mill's first steps, each ticked once it is done. */
export async function onboardingOf(deps: AppDeps, user: SessionUser, millId: number): Promise<Onboarding> {
  const grant = await authorize(deps.db, user, 'mill.onboarding', { millId });
  const mill = grant.mill!;
  const company = await companyById(deps.db, mill.companyId);
  return {
    companyDetails: company?.companyInfoIsUpdated ?? false,
    landingPage: mill.landingPageInfoIsUpdated,
    firstClientInvited: (await clientCount(deps.db, millId)) > 0,
    licenceKeys: (await licenceKeyCount(deps.db, millId)) > 0,
    desktopAppAvailable: await desktopAppAvailable(deps),
  };
}
