import { Alert, Button, Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useLabOrders, type StatusFilter } from '../api/orders-api.ts';
import { SearchField, StatusFilterSelect } from '../components/order-filters.tsx';
import { OrdersTable } from '../components/orders-table.tsx';

export const NEW_ORDER_PATH = '/lab/projects/new';

/** The lab's orders with the selected mill, read-only; a blocked lab cannot start new ones. */
export function LabOrdersPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  const actions =
    mill && !mill.blocked ? (
      <Group>
        <Button component={Link} to={NEW_ORDER_PATH} leftSection={<IconPlus size={18} aria-hidden />}>
          {t('orders.newOrder')}
        </Button>
      </Group>
    ) : undefined;
  return (
    <Page title={t('nav.orders')} actions={actions}>
      {mill ? <LabOrders key={mill.id} mill={mill} /> : <Loading />}
    </Page>
  );
}

function LabOrders({ mill }: { mill: MillSummary }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [status, setStatus] = useState<StatusFilter>('any');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const paging = usePaging({ field: 'created_at', direction: 'desc' });
  const orders = useLabOrders(mill.id, { status, search: debouncedSearch }, paging.params);
  return (
    <Stack gap="md">
      {mill.blocked && <Alert color="red">{t('orders.millBlocked', { mill: mill.company.name })}</Alert>}
      <Group align="flex-end">
        <StatusFilterSelect
          value={status}
          onChange={(value) => {
            setStatus(value);
            paging.setPage(1);
          }}
        />
        <SearchField
          value={search}
          onChange={(value) => {
            setSearch(value);
            paging.setPage(1);
          }}
        />
      </Group>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <Alert color="red">{describeError(t, orders.error)}</Alert>
      ) : (
        <OrdersTable side="lab" data={orders.data} paging={paging} />
      )}
    </Stack>
  );
}
