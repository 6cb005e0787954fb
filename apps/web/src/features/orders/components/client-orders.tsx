import { useTranslation } from 'react-i18next';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { useMillOrders } from '../api/orders-api.ts';
import { ORDERS_DEFAULT_SORT, statusFilter, statusFromUrl } from './order-filters.tsx';
import { useOrderColumns } from './orders-table.tsx';

/**
 * One client's orders at the mill (client detail page): the orders list with its client fixed by
 * the page, on the list kit (ADR 0024): status, search, sort and page in the URL beside `tab`.
 */
export function ClientOrders({ millId, labId }: { millId: number; labId: number }) {
  const { t } = useTranslation();
  const list = useListState({ filters: ['status'], defaultSort: ORDERS_DEFAULT_SORT });
  const filters = { status: statusFromUrl(list.filters.status), client: String(labId), responsible: null, search: list.q };
  const orders = useMillOrders(millId, filters, offsetQuery(list));
  const { columns, expansion } = useOrderColumns('mill');
  return (
    <ListView
      list={list}
      result={{ ...orders, data: orders.data && { rows: orders.data.data, total: orders.data.count } }}
      columns={columns}
      expansion={expansion}
      rowKey={(order) => order.id}
      filters={[statusFilter(t)]}
      search
    />
  );
}
