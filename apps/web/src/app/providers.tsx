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
 * The app's theme. Close buttons of dialogs and toasts are icon-only, so they get their name
 * here, once, in the reader's language. Plain objects rather than `Modal.extend`: naming Modal
 * here would put the dialog code into the first load (it is fetched with the first dialog).
 */
export function createAppTheme(t: TFunction): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': t('common.close') };
  return createTheme({
    primaryColor: 'teal',
    defaultRadius: 'md',
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
    },
  });
}

export function useAppTheme(): MantineThemeOverride {
  const { t } = useTranslation();
  return useMemo(() => createAppTheme(t), [t]);
}

/**
 * Toasts appear at the bottom (issue 10, defect 11): at the top they covered the bell, the
 * language picker and the user menu for five seconds. On a phone they span the middle.
 */
export function useToastPosition(): NotificationsProps['position'] {
  return usePhoneLayout() ? 'bottom-center' : 'bottom-right';
}

function Toasts() {
  return <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position={useToastPosition()} />;
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
