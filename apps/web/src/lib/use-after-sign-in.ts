import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Session } from '@casebridge/shared/schemas/auth';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { homeRouteFor, millWelcomePath, returnPathAfterSignIn } from './home-route.ts';
import { writeStorage } from './local-storage.ts';
import { notifyCompanyInfoFirst } from './notify.ts';
import { selectedMillFromStorage } from './session.ts';

/**
 * Sends a freshly signed-in user to their home (spec §2), with the company notice when due, or
 * back to the page a guard asked the sign-in for when that is one to return to (a mailed link).
 */
export function useAfterSignIn() {
  const navigate = useNavigate();
  return useCallback(
    (session: Session, requested?: string) => {
      const back = returnPathAfterSignIn(requested);
      if (back) return void navigate(back, { replace: true });
      const route = homeRouteFor(session, selectedMillFromStorage(session));
      if (route.companyNotice) notifyCompanyInfoFirst();
      void navigate(route.path, { replace: true });
    },
    [navigate],
  );
}

/**
 * After an invited lab created or linked its account: the inviting mill becomes the selected
 * one and its welcome page opens. Anybody else (invited mill staff) goes the usual way.
 */
export function useAfterInvitationAccepted() {
  const navigate = useNavigate();
  const afterSignIn = useAfterSignIn();
  return useCallback(
    (session: Session, millId: number) => {
      if (session.user.role.type !== 'lab' || !session.mills.some((mill) => mill.id === millId)) return afterSignIn(session);
      writeStorage(STORAGE_KEYS.selectedMillId, String(millId));
      void navigate(millWelcomePath(millId), { replace: true });
    },
    [afterSignIn, navigate],
  );
}
