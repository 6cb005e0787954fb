import { createTheme, MantineProvider, Modal, Notification, type MantineThemeOverride } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify.ts';

/**
 * The app's theme. Close buttons of dialogs and toasts are icon-only, so they get their name
 * here, once, in the reader's language.
 */
export function createAppTheme(t: TFunction): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': t('common.close') };
  return createTheme({
    primaryColor: 'teal',
    defaultRadius: 'md',
    components: {
      Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
      Notification: Notification.extend({ defaultProps: { closeButtonProps } }),
    },
  });
}

export function useAppTheme(): MantineThemeOverride {
  const { t } = useTranslation();
  return useMemo(() => createAppTheme(t), [t]);
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const theme = useAppTheme();
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
