import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MillOrder } from '@casebridge/shared/schemas/analytics';
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

  const choices = useMillChoices();
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

  const columns: DataTableColumn<MillOrder>[] = [
    { key: 'id', header: t('analytics.projectId'), render: (row) => row.projectId },
    { key: 'name', header: t('analytics.name'), render: (row) => row.name, phone: 'title' },
    { key: 'created', header: t('analytics.createdAt'), render: (row) => formatDateTime(row.createdAt) },
    { key: 'components', header: t('analytics.componentsCount'), render: (row) => row.componentsCount },
    { key: 'documents', header: t('analytics.documentsCount'), render: (row) => row.documentsCount },
    { key: 'size', header: t('analytics.documentsSizeMb'), render: (row) => formatMb(row.documentsSize) },
  ];
  const rows = orders.data?.data ?? [];
  const csvHeader = [
    t('analytics.projectId'),
    t('analytics.name'),
    t('analytics.createdAt'),
    t('analytics.componentsCount'),
    t('analytics.documentsCount'),
    t('analytics.documentsSizeMb'),
  ];
  const csvRows = rows.map((row) => [
    row.projectId,
    row.name,
    formatDateTime(row.createdAt),
    row.componentsCount,
    row.documentsCount,
    formatMb(row.documentsSize),
  ]);

  return (
    <Page title={t('analytics.orders.title')}>
      <Stack gap="md">
        <Group align="flex-end" gap="sm">
          <Select
            label={t('analytics.millSelector')}
            placeholder={t('analytics.chooseMill')}
            data={(choices.data?.data ?? []).map((mill) => ({ value: String(mill.id), label: `${mill.id} - ${mill.name}` }))}
            value={millId === null ? null : String(millId)}
            onChange={selectMill}
            searchable
            nothingFoundMessage={t('common.noData')}
            w={320}
            maw="100%"
          />
          <TextInput
            type="date"
            label={t('analytics.fromDate')}
            value={fromDate}
            onChange={(event) => setDate('fromDate', event.currentTarget.value)}
            w={170}
          />
          <TextInput
            type="date"
            label={t('analytics.toDate')}
            value={toDate}
            onChange={(event) => setDate('toDate', event.currentTarget.value)}
            error={rangeInvalid ? t('analytics.rangeInvalid') : undefined}
            w={170}
          />
          <Button
            variant="default"
            disabled={fromDate === '' && toDate === ''}
            onClick={() => list.change({ filters: { fromDate: '', toDate: '' } })}
          >
            {t('analytics.reset')}
          </Button>
        </Group>
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
            <Paper withBorder p="xs">
              <Group justify="space-between" align="center">
                <Group gap="lg" aria-label={t('analytics.pageTotals')} role="group">
                  <Text size="sm">{t('analytics.totalComponents', { count: orders.data.totals.componentsCount })}</Text>
                  <Text size="sm">{t('analytics.totalDocuments', { count: orders.data.totals.documentsCount })}</Text>
                  <Text size="sm" fw={700}>
                    {t('analytics.totalSizeGb', { size: formatGb(orders.data.totals.documentsSize) })}
                  </Text>
                </Group>
                <ExportCsvButton name={`mill-${millId}-orders`} header={csvHeader} rows={csvRows} />
              </Group>
            </Paper>
            <ListView
              list={list}
              result={{ ...orders, data: { rows, total: orders.data.count } }}
              columns={columns}
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
