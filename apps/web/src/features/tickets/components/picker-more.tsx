import { Button, Group, Text } from '@mantine/core';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** A picker's list as ticket-actions-api.ts loads it: the rows shown so far and how many there are. */
export type PickerList = UseInfiniteQueryResult<{ rows: unknown[]; count: number }>;

/** Under a picker's rows: how many of how many are shown, and "Show more" while others remain. */
export function PickerMore({ list }: { list: PickerList }) {
  const { t } = useTranslation();
  if (!list.data || list.data.count === 0) return null;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="xs" c="dimmed" aria-live="polite">
        {t('table.range', { from: 1, to: list.data.rows.length, total: list.data.count })}
      </Text>
      {list.hasNextPage && (
        <Button size="compact-sm" variant="subtle" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('ticketDesk.picker.showMore')}
        </Button>
      )}
    </Group>
  );
}
