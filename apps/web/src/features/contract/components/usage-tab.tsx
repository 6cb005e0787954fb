import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USAGE_DANGER_PERCENT, type UsageStat } from '@casebridge/shared/schemas/billing';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { LabelledProgress } from '../../../components/labelled-progress.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useUsage } from '../api/contract-api.ts';
import { intlTag } from './format-money.ts';

/** Spec §2 usage details: orders this period, clients and storage (in MB) against the plan. */
export function UsageTab({ millId }: { millId: number }) {
  const { t, i18n } = useTranslation();
  const usage = useUsage(millId);
  const number = new Intl.NumberFormat(intlTag(i18n.language));
  if (usage.isError) return <Alert color="red">{t('contract.loadFailed')}</Alert>;
  if (!usage.data) return <Loading />;
  // Storage is counted in megabytes; the unit goes with the numbers.
  const amount = (stat: UsageStat, value: number) =>
    stat.name === 'storage' ? t('contract.megabytes', { value: number.format(value) }) : number.format(value);
  const columns: DataTableColumn<UsageStat>[] = [
    { key: 'name', header: t('contract.usageName'), render: (stat) => t(`contract.usageNames.${stat.name}`) },
    { key: 'used', header: t('contract.used'), render: (stat) => amount(stat, stat.used) },
    { key: 'limit', header: t('contract.limit'), render: (stat) => amount(stat, stat.limit) },
    {
      key: 'percentage',
      header: t('contract.percentage'),
      render: (stat) => (
        <Stack gap={2} miw={120}>
          <Text size="sm">{t('contract.percent', { value: stat.percentage })}</Text>
          <LabelledProgress
            value={stat.percentage}
            color={stat.percentage > USAGE_DANGER_PERCENT ? 'red' : undefined}
            label={t('contract.usedPercent', { name: t(`contract.usageNames.${stat.name}`), percent: stat.percentage })}
          />
        </Stack>
      ),
    },
  ];
  return <DataTable columns={columns} rows={usage.data.data} rowKey={(stat) => stat.name} caption={t('contract.usageCaption')} />;
}
