import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MillOrder, MillOrders } from '@casebridge/shared/schemas/analytics';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useMillChoices, useMillDaily, useMillOrders } from '../api/analytics-api.ts';
import { MillDailyChart } from '../components/analytics-charts.tsx';
import { ExportCsvButton, formatGb, formatMb, LoadFailure } from '../components/analytics-parts.tsx';

/** A positive whole id from the query string, else null (a hand-edited URL must not reach the API). */
function idParam(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const FILTERS = ['millId', 'id', 'fromDate', 'toDate'];

function millOrderColumns(t: TFunction): DataTableColumn<MillOrder>[] {
  return [
    { key: 'id', header: t('analytics.projectId'), render: (row) => row.projectId },
    { key: 'name', header: t('analytics.name'), render: (row) => row.name, phone: 'title' },
    { key: 'created', header: t('analytics.createdAt'), render: (row) => formatDateTime(row.createdAt) },
    { key: 'components', header: t('analytics.componentsCount'), render: (row) => row.componentsCount },
    { key: 'documents', header: t('analytics.documentsCount'), render: (row) => row.documentsCount },
    { key: 'size', header: t('analytics.documentsSizeMb'), render: (row) => formatMb(row.documentsSize) },
  ];
}

/** The totals of the page's rows, beside the export of the same rows. */
function PageTotals({ totals, millId, rows }: { totals: MillOrders['totals']; millId: number; rows: MillOrder[] }) {
  const { t } = useTranslation();
  const header = millOrderColumns(t).map((column) => String(column.header));
  const csvRows = rows.map((row) => [
    row.projectId,
    row.name,
    formatDateTime(row.createdAt),
    row.componentsCount,
    row.documentsCount,
    formatMb(row.documentsSize),
  ]);
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" align="center">
        <Group gap="lg" aria-label={t('analytics.pageTotals')} role="group">
          <Text size="sm">{t('analytics.totalComponents', { count: totals.componentsCount })}</Text>
          <Text size="sm">{t('analytics.totalDocuments', { count: totals.documentsCount })}</Text>
          <Text size="sm" fw={700}>
            {t('analytics.totalSizeGb', { size: formatGb(totals.documentsSize) })}
          </Text>
        </Group>
        <ExportCsvButton name={`mill-${millId}-orders`} header={header} rows={csvRows} />
      </Group>
    </Paper>
  );
}

/** The mill (searchable) and the date range the list and the chart follow. */
function MillAndRange(props: {
  millId: number | null;
  onMill: (value: string | null) => void;
  fromDate: string;
  toDate: string;
  onDate: (name: 'fromDate' | 'toDate', value: string) => void;
  onReset: () => void;
  rangeInvalid: boolean;
}) {
  const { millId, onMill, fromDate, toDate, onDate, onReset, rangeInvalid } = props;
  const { t } = useTranslation();
  const choices = useMillChoices();
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('analytics.millSelector')}
        placeholder={t('analytics.chooseMill')}
        data={(choices.data?.data ?? []).map((mill) => ({ value: String(mill.id), label: `${mill.id} - ${mill.name}` }))}
        value={millId === null ? null : String(millId)}
        onChange={onMill}
        searchable
        nothingFoundMessage={t('common.noData')}
        w={320}
        maw="100%"
      />
      <TextInput
        type="date"
        label={t('analytics.fromDate')}
        value={fromDate}
        onChange={(event) => onDate('fromDate', event.currentTarget.value)}
        w={170}
      />
      <TextInput
        type="date"
        label={t('analytics.toDate')}
        value={toDate}
        onChange={(event) => onDate('toDate', event.currentTarget.value)}
        error={rangeInvalid ? t('analytics.rangeInvalid') : undefined}
        w={170}
      />
      <Button variant="default" disabled={fromDate === '' && toDate === ''} onClick={onReset}>
        {t('analytics.reset')}
      </Button>
    </Group>
  );
}

/**
 * Spec manager-dealer §2 "orders view" (`/manager/mill/orders/view?millId=…&id=…`). On the list kit
 * (ADR 0024): the mill, the one order, the date range and the page live in the URL.
 */
export function MillOrdersPage() {
  const { t } = useTranslation();
  const list = useListState({ filters: FILTERS });
  const millId = idParam(list.filters.millId ?? null);
  const projectId = idParam(list.filters.id ?? null);
  const fromDate = list.filters.fromDate ?? '';
  const toDate = list.filters.toDate ?? '';
  const rangeInvalid = fromDate !== '' && toDate !== '' && toDate < fromDate;
  const range = rangeInvalid ? {} : { fromDate: DAY.test(fromDate) ? fromDate : undefined, toDate: DAY.test(toDate) ? toDate : undefined };

  const orders = useMillOrders(rangeInvalid ? null : millId, {
    ...offsetQuery(list),
    ...range,
    ids: projectId === null ? undefined : [projectId],
  });
  // The chart follows the chosen range; without one the API's default (the last 30 days).
  const daily = useMillDaily(rangeInvalid ? null : millId, { from: range.fromDate, to: range.toDate });

  // Another mill (or all of this mill's orders) drops the one order the URL named.
  const selectMill = (value: string | null) => list.change({ filters: { millId: value ?? '', id: '' } });
  const setDate = (name: 'fromDate' | 'toDate', value: string) => list.change({ filter: name, value });

  const rows = orders.data?.data ?? [];

  return (
    <Page title={t('analytics.orders.title')}>
      <Stack gap="md">
        <MillAndRange
          millId={millId}
          onMill={selectMill}
          fromDate={fromDate}
          toDate={toDate}
          onDate={setDate}
          onReset={() => list.change({ filters: { fromDate: '', toDate: '' } })}
          rangeInvalid={rangeInvalid}
        />
        {projectId !== null && millId !== null && (
          <Group gap="xs">
            <Text size="sm">{t('analytics.onlyOrder', { id: projectId })}</Text>
            <Button size="xs" variant="subtle" onClick={() => selectMill(String(millId))}>
              {t('analytics.showAllOrders')}
            </Button>
          </Group>
        )}
        {millId === null ? (
          <Text c="dimmed">{t('analytics.chooseMillHint')}</Text>
        ) : orders.error ? (
          <LoadFailure error={orders.error} onRetry={() => void orders.refetch()} />
        ) : !orders.data ? (
          rangeInvalid ? null : (
            <Loading />
          )
        ) : (
          <>
            <PageTotals totals={orders.data.totals} millId={millId} rows={rows} />
            <ListView
              list={list}
              result={{ ...orders, data: { rows, total: orders.data.count } }}
              columns={millOrderColumns(t)}
              rowKey={(row) => row.projectId}
              caption={t('analytics.orders.caption')}
            />
          </>
        )}
        {millId !== null &&
          !rangeInvalid &&
          (daily.error ? (
            <LoadFailure error={daily.error} onRetry={() => void daily.refetch()} />
          ) : daily.data ? (
            <MillDailyChart data={daily.data} />
          ) : null)}
      </Stack>
    </Page>
  );
}
