import { Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTERS } from '@casebridge/shared/constants/orders';
import type { StatusFilter } from '../api/orders-api.ts';

export function StatusFilterSelect({ value, onChange }: { value: StatusFilter; onChange: (value: StatusFilter) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('orders.statusLabel')}
      data={(['any', ...STATUS_FILTERS] as const).map((status) => ({ value: status, label: t(`orders.statusFilter.${status}`) }))}
      value={value}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      w={200}
    />
  );
}

export function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('common.search')}
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={240}
    />
  );
}
