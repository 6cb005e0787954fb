import { Group, Pagination, Select, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@casebridge/shared/constants/paging';

export interface TablePagerProps {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** Page controls and the page-size choice (spec §9: 5, 10, 15, 20, 25, 50, 100) under a list. */
export function TablePager({ total, page, pageSize, onPageChange, onPageSizeChange }: TablePagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));

  // After a delete the last page may be gone: show the new last page instead of an empty one.
  useEffect(() => {
    if (page > pages) onPageChange(pages);
  }, [page, pages, onPageChange]);

  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Group align="flex-end" gap="md">
        <Select
          label={t('table.rowsPerPage')}
          data={PAGE_SIZES.map((size) => String(size))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          w={120}
        />
        <Text size="sm" c="dimmed" pb={6} aria-live="polite">
          {t('table.range', { from, to, total })}
        </Text>
      </Group>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPageChange}
        hideWithOnePage
        getItemProps={(item) => ({ 'aria-label': t('table.page', { page: item }) })}
        getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
      />
    </Group>
  );
}
