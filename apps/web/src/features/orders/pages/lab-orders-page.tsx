import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { useLabOrders } from '../api/orders-api.ts';
import { ORDERS_DEFAULT_SORT, statusFilter, statusFromUrl } from '../components/order-filters.tsx';
import { useOrderColumns } from '../components/orders-table.tsx';

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

/** The lab's orders on the list kit (ADR 0024): status, search, sort and page live in the URL. */
function LabOrders({ mill }: { mill: MillSummary }) {
  const { t } = useTranslation();
  const list = useListState({ filters: ['status'], defaultSort: ORDERS_DEFAULT_SORT });
  const orders = useLabOrders(mill.id, { status: statusFromUrl(list.filters.status), search: list.q }, offsetQuery(list));
  const { columns, expansion } = useOrderColumns('lab');
  return (
    <Stack gap="md">
      {mill.blocked && <Alert color="red">{t('orders.millBlocked', { mill: mill.company.name })}</Alert>}
      <ListView
        list={list}
        result={{ ...orders, data: orders.data && { rows: orders.data.data, total: orders.data.count } }}
        columns={columns}
        expansion={expansion}
        rowKey={(order) => order.id}
        filters={[statusFilter(t)]}
        search
      />
    </Stack>
  );
}
