import { lazy, Suspense, useEffect, useState } from 'react';
import { loadAllTranslations } from '../lib/i18n.ts';
import type { MissedModalEvents } from './missed-modal-events.ts';

const ModalsHost = lazy(async () => {
  const [host] = await Promise.all([import('./modals-host.tsx'), loadAllTranslations()]);
  return { default: host.ModalsHost };
});

/** The window events `modals.open` and `modals.openConfirmModal` of @mantine/modals dispatch. */
const MODAL_OPEN_EVENTS = ['mantine-modals:openModal', 'mantine-modals:openConfirmModal'] as const;

/**
 * Mantine's dialogs manager (ModalsProvider with Modal, focus trap and scroll lock) is fetched
 * the first time a dialog is asked for, not with every page: the public home rarely shows one.
 * `modals.open` only dispatches a window event, so requests are kept here until the manager
 * listens, then replayed (modals-host.tsx). Nothing in the app reads the manager's context, so it
 * need not wrap the app.
 */
export function LazyModals() {
  const [missed] = useState<MissedModalEvents>(() => ({ events: [], listening: false }));
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const keep = (event: Event) => {
      if (missed.listening) return;
      missed.events.push(event as CustomEvent);
      setWanted(true);
    };
    for (const name of MODAL_OPEN_EVENTS) window.addEventListener(name, keep);
    return () => {
      for (const name of MODAL_OPEN_EVENTS) window.removeEventListener(name, keep);
    };
  }, [missed]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsHost missed={missed} />
    </Suspense>
  );
}
