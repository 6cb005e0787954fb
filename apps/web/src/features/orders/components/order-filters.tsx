import type { TFunction } from 'i18next';
import { STATUS_FILTERS } from '@casebridge/shared/constants/orders';
import type { ListFilter } from '../../../components/list-kit/list-filters.tsx';
import type { StatusFilter } from '../api/orders-api.ts';

/** Both orders lists open newest first. */
export const ORDERS_DEFAULT_SORT = { field: 'created_at', direction: 'desc' } as const;

/** The status in the URL as the orders query wants it: missing or unknown is no filter. */
export const statusFromUrl = (value: string | undefined): StatusFilter =>
  (STATUS_FILTERS as readonly string[]).includes(value ?? '') ? (value as StatusFilter) : 'any';

/** The status filter of both orders lists; 'any' is the filter left out of the URL. */
export function statusFilter(t: TFunction): ListFilter {
  const options = (['any', ...STATUS_FILTERS] as const).map((status) => ({
    value: status === 'any' ? '' : status,
    label: t(`orders.statusFilter.${status}`),
  }));
  return { name: 'status', label: t('orders.statusLabel'), kind: 'select', options, width: 200 };
}
