import { createTheme, MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { Notifications, type NotificationsProps } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoneLayout } from '../components/use-phone-layout.ts';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify.ts';
import { LazyModals } from './lazy-modals.tsx';

/**
 * The app's theme. Close buttons of dialogs and toasts, and the password fields' eye, are
 * icon-only, so they get their name here, once, in the reader's language (Mantine's own is English). Plain objects rather than `Modal.extend`: naming Modal
 * here would put the dialog code into the first load (it is fetched with the first dialog).
 */
export function createAppTheme(t: TFunction): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': t('common.close') };
  return createTheme({
    primaryColor: 'teal',
    defaultRadius: 'md',
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common.togglePassword') } } },
      // The one part of a toast that takes the pointer (see Toasts below).
      Notification: { defaultProps: { closeButtonProps }, styles: { closeButton: { pointerEvents: 'auto' } } },
    },
  });
}

export function useAppTheme(): MantineThemeOverride {
  const { t } = useTranslation();
  return useMemo(() => createAppTheme(t), [t]);
}

/**
 * Toasts sit at the top, just below the 60 px header (issue 24 item 19): at the bottom they lay
 * over the Save and Invite buttons at the foot of forms and dialogs, and above the header they
 * covered the bell, the language picker and the user menu (issue 10, defect 11). On a phone they
 * span the middle.
 */
export function useToastPosition(): NotificationsProps['position'] {
  return usePhoneLayout() ? 'top-center' : 'top-right';
}

/**
 * A toast never takes a click meant for the page beneath it: the pointer passes through all of it
 * but its close button. So the pointer resting on it does not hold it open (Mantine pauses a toast
 * while hovered), and it always closes after TOAST_AUTO_CLOSE_MS. The class (global.css) puts the
 * top positions below the header.
 */
export const TOAST_STYLES = { root: { pointerEvents: 'none' } } satisfies NotificationsProps['styles'];

function Toasts() {
  return (
    <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position={useToastPosition()} classNames={{ root: 'cb-toasts' }} styles={TOAST_STYLES} />
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const theme = useAppTheme();
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <LazyModals />
        <Toasts />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
