import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ROLE_TYPES } from '@casebridge/shared/constants/roles';
import { Loading } from '../../components/loading.tsx';
import { notifyCompanyInfoFirst } from '../../lib/notify.ts';
import { GOODBYE_PATH, isDeletingAccount, useSelectedMill, useSession } from '../../lib/session.ts';
import { guardDecision, type GuardRule } from './guard-decision.ts';

export const ANY_ROLE = ROLE_TYPES;

function RedirectWithNotice({ to, notice }: { to: string; notice: boolean }) {
  useEffect(() => {
    if (notice) notifyCompanyInfoFirst();
  }, [notice]);
  return <Navigate to={to} replace />;
}

/** A layout route that shows its child routes only to users the rule admits. */
export function RequireRole(rule: GuardRule) {
  const { session, isPending } = useSession();
  const { mill } = useSelectedMill(session);
  const { pathname } = useLocation();
  if (isPending) return <Loading />;
  const decision = guardDecision(session, mill, rule, pathname);
  switch (decision.kind) {
    case 'signIn':
      if (isDeletingAccount()) return <Navigate to={GOODBYE_PATH} replace />;
      return <Navigate to="/" replace state={{ authDialog: 'signIn', returnTo: pathname }} />;
    case 'redirect':
      return <RedirectWithNotice to={decision.to} notice={decision.companyNotice} />;
    default:
      return <Outlet />;
  }
}
