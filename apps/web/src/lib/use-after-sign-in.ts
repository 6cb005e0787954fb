import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Session } from '@casebridge/shared/schemas/auth';
import { homeRouteFor } from './home-route.ts';
import { notifyInfo } from './notify.ts';
import { selectedMillFromStorage } from './session.ts';

/** Sends a freshly signed-in user to their home (spec §2), with the company notice when due. */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    (session: Session) => {
      const route = homeRouteFor(session, selectedMillFromStorage(session));
      if (route.companyNotice) notifyInfo(t('company.updateFirst'));
      void navigate(route.path, { replace: true });
    },
    [navigate, t],
  );
}
