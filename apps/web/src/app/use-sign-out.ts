import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { openConfirmDialog } from '../components/confirm-dialog.tsx';
import { hasUnsavedChanges, markFormsSaved } from '../components/use-unsaved-changes-guard.ts';
import { apiRequest } from '../lib/api-client.ts';
import { clearSession, selectedMillFromStorage, signOutPath, useSession } from '../lib/session.ts';

/**
 * Signs out to the page of spec §2: the mill's home (its public page, `/{millId}`) for mill
 * users, the public start page for everybody else.
 */
export function useSignOut() {
  const { t } = useTranslation();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const signingOut = useRef(false);

  // The session is cleared only once the page being left is gone: this cleanup runs when the new
  // location has rendered (or the signed-in layout holding this hook has unmounted). The router
  // renders a navigation in a transition, which clearing the session (an urgent update) would
  // overtake: the guard of the old page would see nobody signed in and send the user on to `/`.
  useEffect(
    () => () => {
      if (!signingOut.current) return;
      signingOut.current = false;
      // The token stops working on the server too (ADR 0021), only now: the page signed out to has
      // rendered and asked for what it shows with a token still valid. Ended earlier, that request could
      // be refused as 401, which signs the tab out and lands on the start page instead. The call takes the
      // token before clearSession forgets it, and nothing waits for it.
      apiRequest('/auth/sign-out', { method: 'POST' }).catch(() => undefined);
      clearSession(queryClient);
    },
    [location, queryClient],
  );

  const signOut = () => {
    const path = signOutPath(session, selectedMillFromStorage(session));
    markFormsSaved();
    signingOut.current = true;
    void navigate(path, { replace: true });
  };

  return () => {
    if (!hasUnsavedChanges()) return signOut();
    openConfirmDialog({
      title: t('unsaved.title'),
      message: t('unsaved.message'),
      confirmLabel: t('unsaved.leave'),
      cancelLabel: t('unsaved.stay'),
      danger: true,
      onConfirm: signOut,
    });
  };
}
