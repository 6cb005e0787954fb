import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/error-message.ts';
import type { PickerList } from './picker-more.tsx';

/** Spec §9 searches the dealer tables after a pause; a picker answers sooner, as the dealer select does. */
export const PICKER_SEARCH_DEBOUNCE_MS = 300;

interface PickerRowsProps {
  list: PickerList;
  /** False while the list is not asked at all (a ticket without dealer has no customers to offer). */
  asked?: boolean;
  loadFailedTitle: string;
  /** The accessible name of the list. */
  label: string;
  children: ReactNode;
}

/** A picker's rows as a list, or what stands in for them: the loader, the load error, "no data". */
export function PickerRows({ list, asked = true, loadFailedTitle, label, children }: PickerRowsProps) {
  const { t } = useTranslation();
  if (list.isPending && asked) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Group>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" title={loadFailedTitle}>
        {describeError(t, list.error)}
      </Alert>
    );
  }
  if ((list.data?.rows.length ?? 0) === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('common.noData')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}
