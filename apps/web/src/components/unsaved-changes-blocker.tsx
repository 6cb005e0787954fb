import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { openConfirmDialog } from './confirm-dialog.tsx';
import { hasUnsavedChanges, markFormsSaved } from './use-unsaved-changes-guard.ts';

/** The one navigation blocker of the app: asks before leaving a page with unsaved changes. */
export function UnsavedChangesBlocker() {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    openConfirmDialog({
      title: t('unsaved.title'),
      message: t('unsaved.message'),
      confirmLabel: t('unsaved.leave'),
      cancelLabel: t('unsaved.stay'),
      danger: true,
      onConfirm: () => {
        markFormsSaved();
        blocker.proceed();
      },
      onCancel: () => blocker.reset(),
    });
  }, [blocker, t]);

  return null;
}
