import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';
import { millMay } from './session.ts';

export const LAB_COMPANY_PATH = '/lab/account?tab=company-info';
export const MILL_COMPANY_PATH = '/mill/settings?tab=company-details';

export interface HomeRoute {
  path: string;
  /** True when the user must complete the company information first (spec §2). */
  companyNotice: boolean;
}

/** The company page is a tab of the mill settings, which the selected mill's `mill.update` opens. */
function opensMillSettings(mill: MillSummary | null): boolean {
  return millMay(mill, 'mill.update');
}

/**
 * Where a user with incomplete company information must go, or null when nothing is missing.
 * Only a mill's admins can edit its company, so other mill users are not sent there.
 */
export function companyInfoPath(session: Session, mill: MillSummary | null): string | null {
  if (session.user.companyInfoIsUpdated) return null;
  if (session.user.role.type === 'lab') return LAB_COMPANY_PATH;
  if (session.user.role.type === 'mill' && opensMillSettings(mill)) return MILL_COMPANY_PATH;
  return null;
}

/** After-sign-in routing of spec §2; also where a guard sends a user who lacks a page's role. */
export function homeRouteFor(session: Session | null, mill: MillSummary | null): HomeRoute {
  if (!session) return { path: '/', companyNotice: false };
  const companyPath = companyInfoPath(session, mill);
  if (companyPath) return { path: companyPath, companyNotice: true };
  switch (session.user.role.type) {
    case 'mill':
      return { path: session.ordersCount > 0 ? '/mills/projects' : '/mill/welcome', companyNotice: false };
    case 'lab':
      return { path: LAB_COMPANY_PATH, companyNotice: false };
    case 'manager':
      return { path: '/manager', companyNotice: false };
    case 'dealer':
      return { path: '/dealer', companyNotice: false };
    default:
      return { path: '/', companyNotice: false };
  }
}

/** Pages a user with incomplete company information may still open: the company page and the own account. */
const COMPANY_GATE_ALLOWED = ['/lab/account', '/mill/settings', '/mill/account'];

/** The welcome page of one mill, where an invited lab lands after creating or linking its account. */
export const millWelcomePath = (millId: number) => `/${millId}/lab/home`;
const MILL_WELCOME_PATTERN = /^\/\d+\/lab\/home$/;
/** The data export's mailed link is about the own account too, and works only while it lasts. */
const DATA_EXPORT_PATTERN = /^\/data-export\/[^/]+$/;

/**
 * The company page to send the user to, or null when the requested page may be shown. A mill's
 * welcome page stays open too: an invited lab sees it first, and its steps lead on from there.
 */
/**
 * The page a sign-in asked for by a guard leads back to, when it is one. Only the data export's
 * mailed link: every other page a visitor opens lands on the role's home after signing in (spec §2).
 */
export function returnPathAfterSignIn(requested: string | undefined): string | null {
  return requested !== undefined && DATA_EXPORT_PATTERN.test(requested) ? requested : null;
}

export function companyGateRedirect(session: Session, mill: MillSummary | null, pathname: string): string | null {
  const target = companyInfoPath(session, mill);
  if (!target) return null;
  const open = COMPANY_GATE_ALLOWED.includes(pathname) || MILL_WELCOME_PATTERN.test(pathname) || DATA_EXPORT_PATTERN.test(pathname);
  return open ? null : target;
}
