import { Anchor, Group, MultiSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MillOverview } from '@casebridge/shared/schemas/analytics';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
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

/** The chosen mills, comma-separated in the URL's `ids`; anything but whole ids is dropped. */
const millIdsFromUrl = (value: string | undefined) => (value ?? '').split(',').filter((id) => /^\d{1,10}$/.test(id));

/** Spec manager-dealer §2 "mills overview" (`/manager/mills/view`); the chosen mills and the page live in the URL (list kit, ADR 0024). */
export function MillsViewPage() {
  const { t } = useTranslation();
  const list = useListState({ filters: ['ids'] });
  const ids = millIdsFromUrl(list.filters.ids);
  const choices = useMillChoices();
  const overview = useMillsOverview({ ...offsetQuery(list), ids: ids.map(Number) });

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
            onChange={(next) => list.change({ filter: 'ids', value: next.join(',') })}
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
        ) : (
          <ListView
            list={list}
            result={{ ...overview, data: overview.data && { rows, total: overview.data.count } }}
            columns={columns}
            rowKey={(row) => row.millId}
            caption={t('analytics.mills.caption')}
          />
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
