import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBellRinging, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import type { ListFilter } from '../../../components/list-kit/list-filters.tsx';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState, type ListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { clientLabel } from '../../../lib/client-label.ts';
import { resetNewOrders, useNewOrdersCount } from '../../../lib/new-orders-counter.ts';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { useClientOptions, useMillOrders, useResponsiblePersons, type MillOrderFilters } from '../api/orders-api.ts';
import { ORDERS_DEFAULT_SORT, statusFilter, statusFromUrl } from '../components/order-filters.tsx';
import { personName, useOrderColumns } from '../components/orders-table.tsx';

export function MillOrdersPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  return <Page title={t('nav.orders')}>{mill ? <MillOrders key={mill.id} mill={mill} /> : <Loading />}</Page>;
}

/** Spec §4: live new-project events raise a counter; refreshing the list clears it. */
export function NewOrdersBanner({ onRefresh }: { onRefresh: () => void }) {
  const { t } = useTranslation();
  const count = useNewOrdersCount();
  if (count === 0) return null;
  return (
    <Alert color="blue" icon={<IconBellRinging size={20} aria-hidden />} role="status" title={t('orders.newOrdersTitle')}>
      <Group justify="space-between">
        <Text size="sm">{t('orders.newOrdersArrived', { count })}</Text>
        <Button
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => {
            resetNewOrders();
            onRefresh();
          }}
        >
          {t('orders.refreshList')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The list's filters in the URL, as the orders query wants them (an unknown status is no filter). */
function millOrderFilters(list: ListState): MillOrderFilters {
  const { status, client, responsible } = list.filters;
  return { status: statusFromUrl(status), client: client ?? null, responsible: responsible ?? null, search: list.q };
}

function useMillOrderFilterOptions(millId: number): ListFilter[] {
  const { t } = useTranslation();
  const clients = useClientOptions(millId);
  const persons = useResponsiblePersons(millId);
  const clientOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const item of clients.data ?? []) {
      // A pending client has no company yet: its person or address, marked, rather than an empty option.
      const label = item.confirmed ? clientLabel(item) : t('orders.pendingClient', { name: clientLabel(item) });
      if (!seen.has(String(item.labId))) seen.set(String(item.labId), label);
    }
    return [{ value: '', label: t('orders.anyClient') }, ...[...seen].map(([value, label]) => ({ value, label }))];
  }, [clients.data, t]);
  const responsibleOptions = [
    { value: '', label: t('orders.anybody') },
    { value: 'none', label: t('orders.nobody') },
    ...(persons.data ?? []).map((person) => ({ value: String(person.id), label: personName(person) ?? '' })),
  ];
  return [
    statusFilter(t),
    { name: 'client', label: t('orders.client'), kind: 'select', options: clientOptions, searchable: true, width: 220 },
    { name: 'responsible', label: t('orders.responsible'), kind: 'select', options: responsibleOptions, width: 200 },
  ];
}

/** The mill's orders on the list kit (ADR 0024): status, client, responsible, search, sort and page live in the URL. */
function MillOrders({ mill }: { mill: MillSummary }) {
  const list = useListState({ filters: ['status', 'client', 'responsible'], defaultSort: ORDERS_DEFAULT_SORT });
  const filters = useMillOrderFilterOptions(mill.id);
  const orders = useMillOrders(mill.id, millOrderFilters(list), offsetQuery(list));
  const { columns, expansion } = useOrderColumns('mill');

  // Opening the page loads the list afresh, so earlier live arrivals are already in it.
  useEffect(() => resetNewOrders(), []);

  return (
    <Stack gap="md">
      <NewOrdersBanner onRefresh={() => void orders.refetch()} />
      <ListView
        list={list}
        result={{ ...orders, data: orders.data && { rows: orders.data.data, total: orders.data.count } }}
        columns={columns}
        expansion={expansion}
        rowKey={(order) => order.id}
        filters={filters}
        search
      />
    </Stack>
  );
}
