import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerSummary } from '@casebridge/shared/schemas/dealers';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useDealerList } from '../api/dealers-api.ts';

/** Spec §9: the dealer and customer tables search 1000 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 1000;

export interface DealerListProps {
  isManager: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onNew: () => void;
  newDisabled: boolean;
}

/** The searchable dealer list on the left of dealer management; the manager also sees each parent. */
export function DealerList({ isManager, selectedId, onSelect, onNew, newDisabled }: DealerListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const paging = usePaging({ field: 'dealerId', direction: 'asc' });
  const [lastSearch, setLastSearch] = useState(debounced);
  if (lastSearch !== debounced) {
    // A new search starts on page 1.
    setLastSearch(debounced);
    paging.setPage(1);
  }
  const dealers = useDealerList({ ...paging.params, _q: debounced || undefined });
  const rows = dealers.data?.data ?? [];

  const columns: DataTableColumn<DealerSummary>[] = [
    {
      key: 'dealerId',
      header: t('dealers.fields.dealerId'),
      sortField: 'dealerId',
      phone: 'title',
      render: (row) => (row.id === selectedId ? <strong>{row.dealerId}</strong> : row.dealerId),
    },
    { key: 'name', header: t('dealers.fields.name'), sortField: 'name', render: (row) => row.name },
    ...(isManager
      ? [{ key: 'parent', header: t('dealers.fields.parentDealerId'), render: (row: DealerSummary) => row.parentDealerCode ?? '-' }]
      : []),
    {
      key: 'open',
      header: t('common.actions'),
      phone: 'actions',
      render: (row) => (
        <Button size="compact-sm" variant="subtle" onClick={() => onSelect(row.id)} aria-label={t('dealers.openNamed', { name: row.name })}>
          {t('dealers.open')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('dealers.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 180 }}
        />
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onNew} disabled={newDisabled}>
          {t('dealers.new')}
        </Button>
      </Group>
      {dealers.isPending ? (
        <Loading />
      ) : dealers.isError ? (
        <Alert color="red">{describeError(t, dealers.error)}</Alert>
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            sort={paging.sort}
            onSortChange={paging.setSort}
            onRowClick={(row) => onSelect(row.id)}
            caption={t('dealers.listCaption')}
          />
          <TablePager
            total={dealers.data.count}
            page={paging.page}
            pageSize={paging.pageSize}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
          />
        </>
      )}
    </Stack>
  );
}
