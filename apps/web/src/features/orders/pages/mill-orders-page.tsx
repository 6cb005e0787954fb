import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBellRinging, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { clientLabel } from '../../../lib/client-label.ts';
import { describeError } from '../../../lib/error-message.ts';
import { resetNewOrders, useNewOrdersCount } from '../../../lib/new-orders-counter.ts';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useClientOptions, useMillOrders, useResponsiblePersons, type StatusFilter } from '../api/orders-api.ts';
import { SearchField, StatusFilterSelect } from '../components/order-filters.tsx';
import { OrdersTable, personName } from '../components/orders-table.tsx';

export function MillOrdersPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  return <Page title={t('nav.orders')}>{mill ? <MillOrders key={mill.id} mill={mill} /> : <Loading />}</Page>;
}

const ANY = 'any';

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

function MillOrders({ mill }: { mill: MillSummary }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [status, setStatus] = useState<StatusFilter>(ANY);
  const [client, setClient] = useState<string>(ANY);
  const [responsible, setResponsible] = useState<string>(ANY);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const paging = usePaging({ field: 'created_at', direction: 'desc' });
  const clients = useClientOptions(mill.id);
  const persons = useResponsiblePersons(mill.id);
  const orders = useMillOrders(
    mill.id,
    { status, client: client === ANY ? null : client, responsible: responsible === ANY ? null : responsible, search: debouncedSearch },
    paging.params,
  );

  // Opening the page loads the list afresh, so earlier live arrivals are already in it.
  useEffect(() => resetNewOrders(), []);

  const clientOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const item of clients.data ?? []) {
      // A pending client has no company yet: its person or address, marked, rather than an empty option.
      const label = item.confirmed ? clientLabel(item) : t('orders.pendingClient', { name: clientLabel(item) });
      if (!seen.has(String(item.labId))) seen.set(String(item.labId), label);
    }
    return [{ value: ANY, label: t('orders.anyClient') }, ...[...seen].map(([value, label]) => ({ value, label }))];
  }, [clients.data, t]);

  const responsibleOptions = [
    { value: ANY, label: t('orders.anybody') },
    { value: 'none', label: t('orders.nobody') },
    ...(persons.data ?? []).map((person) => ({ value: String(person.id), label: personName(person) ?? '' })),
  ];

  const filterChanged =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      paging.setPage(1);
    };

  return (
    <Stack gap="md">
      <NewOrdersBanner onRefresh={() => void orders.refetch()} />
      <Group align="flex-end">
        <StatusFilterSelect value={status} onChange={filterChanged(setStatus)} />
        <Select
          label={t('orders.client')}
          data={clientOptions}
          value={client}
          onChange={(value) => value && filterChanged(setClient)(value)}
          allowDeselect={false}
          searchable
          w={220}
        />
        <Select
          label={t('orders.responsible')}
          data={responsibleOptions}
          value={responsible}
          onChange={(value) => value && filterChanged(setResponsible)(value)}
          allowDeselect={false}
          w={200}
        />
        <SearchField value={search} onChange={filterChanged(setSearch)} />
      </Group>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <Alert color="red">{describeError(t, orders.error)}</Alert>
      ) : (
        <OrdersTable side="mill" data={orders.data} paging={paging} />
      )}
    </Stack>
  );
}
