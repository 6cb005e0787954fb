import { Alert, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@casebridge/shared/constants/paging';
import { DataTable, type DataTableColumn, type RowExpansion } from '../data-table.tsx';
import { Loading } from '../loading.tsx';
import { TablePager } from '../table-pager.tsx';
import { describeError } from '../../lib/error-message.ts';
import { ListFilters, type ListFilter } from './list-filters.tsx';
import { useListSelection, type BatchAction, type ListSelection } from './list-selection.ts';
import { listViewKey, type ListState } from './use-list-state.ts';

/** What the list's query gives: the rows and either a total (offset paging) or the next cursor (keyset paging). */
export interface ListResult<Row> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { rows: Row[]; total: number } | { rows: Row[]; next: string | null };
}

export interface ListViewProps<Row> {
  list: ListState;
  result: ListResult<Row>;
  columns: DataTableColumn<Row>[];
  rowKey: (row: Row) => string | number;
  filters?: ListFilter[];
  /** A search box; a string names it (e.g. "Search customers"), `true` calls it "Search". */
  search?: boolean | string;
  /** Buttons beside the filters: add, export. */
  actions?: ReactNode;
  /** With batch actions, each row gets a checkbox; `rowLabel` names it for screen readers. */
  batch?: { actions: BatchAction<Row>[]; rowLabel: (row: Row) => string };
  onRowClick?: (row: Row) => void;
  expansion?: RowExpansion<Row>;
  caption?: string;
  /** The title over a failed load's message (e.g. "The users could not be loaded"). */
  errorTitle?: string;
}

function selectionColumn<Row>(selection: ListSelection<Row>, rowKey: (row: Row) => string | number, rowLabel: (row: Row) => string) {
  return {
    key: 'select',
    phone: 'actions',
    header: <SelectAll selection={selection} />,
    render: (row: Row) => (
      <Checkbox
        aria-label={rowLabel(row)}
        checked={selection.selected.has(rowKey(row))}
        onChange={() => selection.toggle(rowKey(row))}
        onClick={(event) => event.stopPropagation()}
      />
    ),
  } satisfies DataTableColumn<Row>;
}

function SelectAll<Row>({ selection }: { selection: ListSelection<Row> }) {
  const { t } = useTranslation();
  return <Checkbox aria-label={t('list.selectAll')} checked={selection.allSelected} onChange={selection.toggleAll} />;
}

function BatchBar<Row>({ selection, actions }: { selection: ListSelection<Row>; actions: BatchAction<Row>[] }) {
  const { t } = useTranslation();
  if (selection.selectedRows.length === 0) return null;
  return (
    <Group gap="sm" role="group" aria-label={t('list.batchActions')}>
      <Text size="sm" aria-live="polite">
        {t('list.selected', { count: selection.selectedRows.length })}
      </Text>
      {actions.map((action) => (
        <Button key={action.label} size="xs" color={action.color} onClick={() => void selection.run(action)}>
          {action.label}
        </Button>
      ))}
    </Group>
  );
}

/** Offset paging; a page beyond the last (a stale link, rows deleted) is corrected in place: a new entry would be a back-button trap. */
function OffsetPager({ list, total }: { list: ListState; total: number }) {
  const beyondLast = list.page > Math.max(1, Math.ceil(total / list.pageSize));
  return (
    <TablePager
      total={total}
      page={list.page}
      pageSize={list.pageSize}
      onPageChange={(page) => list.change({ page }, { replace: beyondLast })}
      onPageSizeChange={list.setPageSize}
    />
  );
}

/** Keyset paging: no total, so previous and next, with the page's number, and the page size. */
function CursorPager({ list, next }: { list: ListState; next: string | null }) {
  const { t } = useTranslation();
  if (list.page === 1 && next === null) return null;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Select
        label={t('table.rowsPerPage')}
        data={PAGE_SIZES.map((size) => String(size))}
        value={String(list.pageSize)}
        onChange={(value) => value && list.setPageSize(Number(value))}
        allowDeselect={false}
        w={120}
      />
      <Group gap="xs" component="nav" aria-label={t('list.paging')}>
        <Button variant="default" size="xs" disabled={list.page === 1} onClick={() => list.change({ previous: true })}>
          {t('table.previous')}
        </Button>
        <Text size="sm" aria-live="polite" aria-current="page">
          {t('table.page', { page: list.page })}
        </Text>
        <Button variant="default" size="xs" disabled={next === null} onClick={() => next && list.change({ next })}>
          {t('table.next')}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * A list page's body, declared (ADR 0024): filters and search, batch actions on the selection,
 * the table (cards on a phone, 'No data found' when empty) and the pager. State lives in the URL
 * (useListState); the page gives the query's result.
 */
export function ListView<Row>(props: ListViewProps<Row>) {
  const { list, result, rowKey, batch } = props;
  const { t } = useTranslation();
  const rows = result.data?.rows ?? [];
  const selection = useListSelection(rows, rowKey, listViewKey(list));
  const columns = batch ? [selectionColumn(selection, rowKey, batch.rowLabel), ...props.columns] : props.columns;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <ListFilters list={list} filters={props.filters ?? []} search={props.search ?? false} />
        {props.actions && <Group gap="sm">{props.actions}</Group>}
      </Group>
      {batch && <BatchBar selection={selection} actions={batch.actions} />}
      {result.isPending ? (
        <Loading />
      ) : result.isError || !result.data ? (
        <Alert color="red" title={props.errorTitle}>
          {describeError(t, result.error)}
        </Alert>
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            onRowClick={props.onRowClick}
            caption={props.caption}
            sort={list.sort}
            onSortChange={(sort) => list.change({ sort })}
            expansion={props.expansion}
          />
          {'total' in result.data ? (
            <OffsetPager list={list} total={result.data.total} />
          ) : (
            <CursorPager list={list} next={result.data.next} />
          )}
        </>
      )}
    </Stack>
  );
}
