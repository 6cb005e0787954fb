import { Anchor, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserStat } from '@casebridge/shared/schemas/analytics';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { Page } from '../../../components/page.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useUserStats } from '../api/analytics-api.ts';
import { ExportCsvButton, LoadFailure } from '../components/analytics-parts.tsx';
import { millOrdersPath } from '../components/mills-overview-columns.tsx';

/** Spec manager-dealer §2 "users view" (`/manager/users/view`); its page is in the URL (list kit, ADR 0024). */
export function UsersViewPage() {
  const { t } = useTranslation();
  const list = useListState({ filters: [] });
  const stats = useUserStats(offsetQuery(list));
  const role = (value: string) => t(`analytics.roles.${value}`, { defaultValue: value });

  const columns: DataTableColumn<UserStat>[] = [
    { key: 'id', header: t('analytics.id'), render: (row) => row.id },
    { key: 'email', header: t('analytics.email'), render: (row) => row.email, phone: 'title' },
    { key: 'role', header: t('analytics.role'), render: (row) => role(row.role) },
    { key: 'count', header: t('analytics.projectsCount'), render: (row) => row.projectsCount },
    { key: 'company', header: t('analytics.company'), render: (row) => row.company },
    { key: 'created', header: t('analytics.createdAt'), render: (row) => formatDate(row.createdAt) },
    {
      key: 'projects',
      header: t('analytics.projects'),
      render: (row) => (row.projectIds.length ? row.projectIds.join(', ') : t('analytics.none')),
    },
    { key: 'period', header: t('analytics.period'), render: (row) => row.period ?? '-' },
    {
      key: 'mills',
      header: t('analytics.millsColumn'),
      render: (row) =>
        row.mills.length === 0 ? (
          t('analytics.none')
        ) : (
          <Group gap={6}>
            {row.mills.map((mill) => (
              <Anchor key={mill.id} component={Link} to={millOrdersPath(mill.id)} size="sm">{`${mill.id} - ${mill.name}`}</Anchor>
            ))}
          </Group>
        ),
    },
    { key: 'labs', header: t('analytics.labs'), render: (row) => (row.labs.length ? row.labs.join(', ') : t('analytics.none')) },
  ];
  const rows = stats.data?.data ?? [];
  const csvHeader = [
    t('analytics.id'),
    t('analytics.email'),
    t('analytics.role'),
    t('analytics.projectsCount'),
    t('analytics.company'),
    t('analytics.createdAt'),
    t('analytics.projects'),
    t('analytics.period'),
    t('analytics.millsColumn'),
    t('analytics.labs'),
  ];
  const csvRows = rows.map((row) => [
    row.id,
    row.email,
    role(row.role),
    row.projectsCount,
    row.company,
    formatDate(row.createdAt),
    row.projectIds.join(' '),
    row.period ?? '-',
    row.mills.length ? row.mills.map((mill) => `${mill.id} - ${mill.name}`).join('; ') : t('analytics.none'),
    row.labs.length ? row.labs.join(', ') : t('analytics.none'),
  ]);

  return (
    <Page title={t('analytics.users.title')}>
      <Stack gap="md">
        <Group justify="flex-end">
          <ExportCsvButton name="users" header={csvHeader} rows={csvRows} />
        </Group>
        {stats.error ? (
          <LoadFailure error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <ListView
            list={list}
            result={{ ...stats, data: stats.data && { rows, total: stats.data.count } }}
            columns={columns}
            rowKey={(row) => row.id}
            caption={t('analytics.users.caption')}
          />
        )}
      </Stack>
    </Page>
  );
}
