import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DealerSummary } from '@casebridge/shared/schemas/dealers';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { useDealerList } from '../api/dealers-api.ts';

export interface DealerListProps {
  isManager: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onNew: () => void;
  newDisabled: boolean;
}

function dealerColumns(t: TFunction, { isManager, selectedId, onSelect }: DealerListProps): DataTableColumn<DealerSummary>[] {
  return [
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
}

/**
 * The searchable dealer list on the left of dealer management (a dealer's sub-dealers; the manager
 * sees every dealer with its parent). Search, sort and page live in the URL (list kit, ADR 0024).
 */
export function DealerList(props: DealerListProps) {
  const { t } = useTranslation();
  const list = useListState({ filters: [], defaultSort: { field: 'dealerId', direction: 'asc' } });
  const dealers = useDealerList(offsetQuery(list));
  return (
    <ListView
      list={list}
      result={{ ...dealers, data: dealers.data && { rows: dealers.data.data, total: dealers.data.count } }}
      columns={dealerColumns(t, props)}
      rowKey={(row) => row.id}
      onRowClick={(row) => props.onSelect(row.id)}
      caption={t('dealers.listCaption')}
      search={t('dealers.search')}
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={props.onNew} disabled={props.newDisabled}>
          {t('dealers.new')}
        </Button>
      }
    />
  );
}
