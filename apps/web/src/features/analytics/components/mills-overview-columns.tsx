import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MillOverview } from '@casebridge/shared/schemas/analytics';
import type { DataTableColumn } from '../../../components/data-table.tsx';

export const millOrdersPath = (millId: number, projectId?: number) =>
  `/manager/mill/orders/view?millId=${millId}${projectId === undefined ? '' : `&id=${projectId}`}`;

/** The mills overview's table columns and the same rows as CSV cells, in the reader's language. */
export function useMillsOverviewColumns(rows: MillOverview[]) {
  const { t } = useTranslation();
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

  return { columns, csvHeader, csvRows };
}
