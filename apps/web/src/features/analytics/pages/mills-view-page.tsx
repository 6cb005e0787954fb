import { Anchor, Group, MultiSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MillOverview } from '@casebridge/shared/schemas/analytics';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { usePageSize } from '../../../lib/use-paging.ts';
import { useMillChoices, useMillsOverview, useOrdersPerDay, useStoragePerMill } from '../api/analytics-api.ts';
import { OrdersPerDayChart, StorageChart } from '../components/analytics-charts.tsx';
import { ExportCsvButton, LoadFailure } from '../components/analytics-parts.tsx';

export const millOrdersPath = (millId: number, projectId?: number) =>
  `/manager/mill/orders/view?millId=${millId}${projectId === undefined ? '' : `&id=${projectId}`}`;

/** The pictures of the whole platform; each loads and fails on its own so one never hides the table. */
function PlatformCharts() {
  const ordersPerDay = useOrdersPerDay();
  const storage = useStoragePerMill();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {ordersPerDay.error ? (
        <LoadFailure error={ordersPerDay.error} onRetry={() => void ordersPerDay.refetch()} />
      ) : ordersPerDay.data ? (
        <OrdersPerDayChart data={ordersPerDay.data} />
      ) : (
        <Loading />
      )}
      {storage.error ? (
        <LoadFailure error={storage.error} onRetry={() => void storage.refetch()} />
      ) : storage.data ? (
        <StorageChart data={storage.data} />
      ) : (
        <Loading />
      )}
    </SimpleGrid>
  );
}

/** Spec manager-dealer §2 "mills overview" (`/manager/mills/view`). */
export function MillsViewPage() {
  const { t } = useTranslation();
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [ids, setIds] = useState<string[]>([]);
  const choices = useMillChoices();
  const overview = useMillsOverview({ _start: (page - 1) * pageSize, _limit: pageSize, ids: ids.map(Number) });

  const columns: DataTableColumn<MillOverview>[] = [
    { key: 'id', header: t('analytics.millId'), render: (row) => row.millId },
    { key: 'name', header: t('analytics.name'), render: (row) => row.name, phone: 'title' },
    { key: 'contract', header: t('analytics.contractType'), render: (row) => t(`contract.planNames.${row.planKey}`) },
    { key: 'clients', header: t('analytics.clientsCount'), render: (row) => row.clientsCount },
    { key: 'allowed', header: t('analytics.allowedClients'), render: (row) => row.allowedClients },
    { key: 'orders', header: t('analytics.ordersCreated'), render: (row) => row.ordersCreated },
    { key: 'max', header: t('analytics.maxOrdersCount'), render: (row) => row.maxOrdersCount },
    {
      key: 'projects',
      header: t('analytics.projectIds'),
      render: (row) =>
        row.projectIds.length === 0 ? (
          t('analytics.none')
        ) : (
          <Group gap={6}>
            {row.projectIds.map((id) => (
              <Anchor key={id} component={Link} to={millOrdersPath(row.millId, id)} size="sm">
                {id}
              </Anchor>
            ))}
            {row.moreOrdersCount > 0 && (
              <Anchor component={Link} to={millOrdersPath(row.millId)} size="sm" c="dimmed">
                {t('analytics.more', { count: row.moreOrdersCount })}
              </Anchor>
            )}
          </Group>
        ),
    },
  ];

  const rows = overview.data?.data ?? [];
  const csvHeader = [
    t('analytics.millId'),
    t('analytics.name'),
    t('analytics.contractType'),
    t('analytics.clientsCount'),
    t('analytics.allowedClients'),
    t('analytics.ordersCreated'),
    t('analytics.maxOrdersCount'),
    t('analytics.projectIds'),
  ];
  const idsCell = (row: MillOverview) =>
    row.projectIds.length === 0
      ? t('analytics.none')
      : [...row.projectIds, ...(row.moreOrdersCount > 0 ? [t('analytics.more', { count: row.moreOrdersCount })] : [])].join(' ');
  const csvRows = rows.map((row) => [
    row.millId,
    row.name,
    t(`contract.planNames.${row.planKey}`),
    row.clientsCount,
    row.allowedClients,
    row.ordersCreated,
    row.maxOrdersCount,
    idsCell(row),
  ]);

  return (
    <Page title={t('analytics.mills.title')}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <MultiSelect
            label={t('analytics.filterMills')}
            placeholder={ids.length === 0 ? t('analytics.allMills') : undefined}
            data={(choices.data?.data ?? []).map((mill) => ({ value: String(mill.id), label: `${mill.id} - ${mill.name}` }))}
            value={ids}
            onChange={(next) => {
              setIds(next);
              setPage(1);
            }}
            searchable
            clearable
            maxValues={100}
            nothingFoundMessage={t('common.noData')}
            w={420}
            maw="100%"
          />
          <ExportCsvButton name="mills-overview" header={csvHeader} rows={csvRows} />
        </Group>
        {overview.error ? (
          <LoadFailure error={overview.error} onRetry={() => void overview.refetch()} />
        ) : !overview.data ? (
          <Loading />
        ) : (
          <>
            <DataTable columns={columns} rows={rows} rowKey={(row) => row.millId} caption={t('analytics.mills.caption')} />
            <TablePager
              total={overview.data.count}
              page={page}
              pageSize={pageSize}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </>
        )}
        {choices.error && (
          <Text c="red" size="sm">
            {t('analytics.choicesFailed')}
          </Text>
        )}
        <PlatformCharts />
      </Stack>
    </Page>
  );
}
