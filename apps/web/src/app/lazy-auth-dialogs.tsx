import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '../components/loading.tsx';
import type { AuthNavigationState } from '../features/auth/components/auth-dialogs.tsx';
import { useAuthDialog } from '../lib/auth-dialog-store.ts';
import { loadAllTranslations } from '../lib/i18n.ts';

const AuthDialogs = lazy(async () => {
  const [dialogs] = await Promise.all([import('../features/auth/components/auth-dialogs.tsx'), loadAllTranslations()]);
  return { default: dialogs.AuthDialogs };
});

/**
 * The sign-in, sign-up and reset dialogs, fetched the first time one is asked for (a button, a
 * mail link, a route guard) rather than with every page. Once loaded they stay mounted, so a
 * dialog closes with its usual transition.
 */
export function LazyAuthDialogs() {
  const { kind } = useAuthDialog();
  const requested = (useLocation().state as AuthNavigationState | null)?.authDialog;
  const [wanted, setWanted] = useState(false);
  if (!wanted && (kind !== null || requested !== undefined)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={<Loading />}>
      <AuthDialogs />
    </Suspense>
  );
}
