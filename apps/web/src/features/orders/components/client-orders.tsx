import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useMillOrders } from '../api/orders-api.ts';
import { OrdersTable } from './orders-table.tsx';

/** One client's orders at the mill: the orders list with its client filter fixed (client detail page). */
export function ClientOrders({ millId, labId }: { millId: number; labId: number }) {
  const { t } = useTranslation();
  const paging = usePaging({ field: 'created_at', direction: 'desc' });
  const orders = useMillOrders(millId, { status: 'any', client: String(labId), responsible: null, search: '' }, paging.params);
  if (orders.isPending) return <Loading />;
  if (orders.isError) return <Alert color="red">{describeError(t, orders.error)}</Alert>;
  return <OrdersTable side="mill" data={orders.data} paging={paging} />;
}
