import type { RoleType } from '@casebridge/shared/constants/roles';
import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';
import { companyGateRedirect, homeRouteFor } from '../../lib/home-route.ts';
import { millMay } from '../../lib/session.ts';

export interface GuardRule {
  roles: readonly RoleType[];
  /** The page also needs this rule-book action in the selected mill (settings: `mill.update`, contract: `subscription.manage`). */
  millAction?: string;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'signIn' } | { kind: 'redirect'; to: string; companyNotice: boolean };

function allowed(session: Session, mill: MillSummary | null, rule: GuardRule): boolean {
  if (!rule.roles.includes(session.user.role.type)) return false;
  return !rule.millAction || millMay(mill, rule.millAction);
}

/** Spec §2: nobody signed in -> sign in; wrong role -> the user's own home; incomplete company -> company page. */
export function guardDecision(session: Session | null, mill: MillSummary | null, rule: GuardRule, pathname: string): GuardDecision {
  if (!session) return { kind: 'signIn' };
  if (!allowed(session, mill, rule)) {
    const home = homeRouteFor(session, mill);
    return { kind: 'redirect', to: home.path, companyNotice: home.companyNotice };
  }
  const companyPath = companyGateRedirect(session, mill, pathname);
  if (companyPath) return { kind: 'redirect', to: companyPath, companyNotice: true };
  return { kind: 'allow' };
}
