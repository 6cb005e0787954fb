import { Group, MultiSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { useMillChoices, useMillsOverview, useOrdersPerDay, useStoragePerMill } from '../api/analytics-api.ts';
import { OrdersPerDayChart, StorageChart } from '../components/analytics-charts.tsx';
import { ExportCsvButton, LoadFailure } from '../components/analytics-parts.tsx';
import { useMillsOverviewColumns } from '../components/mills-overview-columns.tsx';

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

  const rows = overview.data?.data ?? [];
  const { columns, csvHeader, csvRows } = useMillsOverviewColumns(rows);

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
