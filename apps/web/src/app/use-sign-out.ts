import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openConfirmDialog } from '../components/confirm-dialog.tsx';
import { hasUnsavedChanges, markFormsSaved } from '../components/use-unsaved-changes-guard.ts';
import { clearSession, selectedMillFromStorage, signOutPath, useSession } from '../lib/session.ts';

export function useSignOut() {
  const { t } = useTranslation();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signOut = async () => {
    const path = signOutPath(session, selectedMillFromStorage(session));
    markFormsSaved();
    // Leave the guarded page first: clearing the session while on it would open the sign-in dialog.
    await navigate(path, { replace: true });
    clearSession(queryClient);
  };

  return () => {
    if (!hasUnsavedChanges()) return void signOut();
    openConfirmDialog({
      title: t('unsaved.title'),
      message: t('unsaved.message'),
      confirmLabel: t('unsaved.leave'),
      cancelLabel: t('unsaved.stay'),
      danger: true,
      onConfirm: () => void signOut(),
    });
  };
}
