import { Paper, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@casebridge/shared/constants/paging';
import { Page } from '../../../components/page.tsx';
import { usePageSize } from '../../../lib/use-paging.ts';

/**
 * Spec manager-dealer §2 "settings" (`/manager/settings`): the page size, kept in this browser's
 * local storage (spec §9) and read by every manager table through usePageSize. `children`: the
 * sections of other features the app layer adds below (two-factor sign-in).
 */
export function ManagerSettingsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [pageSize, setPageSize] = usePageSize();
  return (
    <Page title={t('analytics.settings.title')}>
      <Paper withBorder p="md" maw={420}>
        <Stack gap="xs">
          <Select
            label={t('analytics.settings.pageSize')}
            data={PAGE_SIZES.map((size) => String(size))}
            value={String(pageSize)}
            onChange={(value) => value && setPageSize(Number(value))}
            allowDeselect={false}
          />
          <Text size="sm" c="dimmed">
            {t('analytics.settings.pageSizeHint')}
          </Text>
        </Stack>
      </Paper>
      {children}
    </Page>
  );
}
