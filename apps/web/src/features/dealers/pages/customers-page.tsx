import { Alert, Button, Grid, Paper, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerCustomer } from '@casebridge/shared/schemas/dealers';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { switchOn, type ListFilter } from '../../../components/list-kit/list-filters.tsx';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { useCustomers } from '../api/dealers-api.ts';
import { CustomerForm } from '../components/customer-form.tsx';
import { customerFormRules } from '../components/customer-form-rules.ts';
import type { DealerFormContext } from '../components/dealer-form-rules.ts';
import { useDealerContext } from '../components/use-dealer-context.ts';

function customerColumns(t: TFunction, selected: DealerCustomer | null, onSelect: (customer: DealerCustomer) => void) {
  return [
    {
      key: 'customerId',
      header: t('dealers.customers.fields.customerId'),
      sortField: 'customerId',
      phone: 'title',
      render: (row) =>
        row.dealerCustomerId === selected?.dealerCustomerId ? <strong>{row.customerInfo.customerId}</strong> : row.customerInfo.customerId,
    },
    { key: 'company', header: t('dealers.customers.fields.company'), sortField: 'company', render: (row) => row.customerInfo.company },
    {
      key: 'lastName',
      header: t('dealers.customers.name'),
      sortField: 'lastName',
      render: (row) => `${row.customerInfo.lastName}, ${row.customerInfo.firstName}`,
    },
    { key: 'dealer', header: t('dealers.customers.dealer'), render: (row) => row.dealerInfo.dealerId },
    {
      key: 'open',
      header: t('common.actions'),
      phone: 'actions',
      render: (row) => (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => onSelect(row)}
          aria-label={t('dealers.openNamed', { name: row.customerInfo.customerId })}
        >
          {t('dealers.open')}
        </Button>
      ),
    },
  ] satisfies DataTableColumn<DealerCustomer>[];
}

/** Spec §6: a dealer's own listing can leave out its sub-dealers' customers; on by default. */
const SUB_DEALERS = 'subDealers';

/** The customers on the list kit (ADR 0024): search, the sub-dealers switch, sort and page live in the URL. */
function CustomerList({
  context,
  selected,
  onSelect,
  onNew,
}: {
  context: DealerFormContext;
  selected: DealerCustomer | null;
  onSelect: (customer: DealerCustomer) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const list = useListState({ filters: [SUB_DEALERS], defaultSort: { field: 'created_at', direction: 'desc' } });
  const withSubDealers = switchOn(list.filters[SUB_DEALERS], true);
  const customers = useCustomers({ ...offsetQuery(list), showSubDealerCustomers: withSubDealers });
  const canAdd = !customerFormRules(context, null).readOnly;
  const filters: ListFilter[] = context.isManager
    ? []
    : [{ name: SUB_DEALERS, label: t('dealers.customers.showSubDealerCustomers'), kind: 'switch', checked: true }];

  return (
    <ListView
      list={list}
      result={{ ...customers, data: customers.data && { rows: customers.data.data, total: customers.data.count } }}
      columns={customerColumns(t, selected, onSelect)}
      rowKey={(row) => row.dealerCustomerId}
      onRowClick={onSelect}
      caption={t('dealers.customers.listCaption')}
      search={t('dealers.customers.search')}
      filters={filters}
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onNew} disabled={!canAdd}>
          {t('dealers.customers.new')}
        </Button>
      }
    />
  );
}

/** Spec §2 customer management: `/customer/information` for dealers, `/manager/customer` for the manager. */
export function CustomersPage() {
  const { t } = useTranslation();
  const { context, error } = useDealerContext();
  const [selected, setSelected] = useState<DealerCustomer | null>(null);
  if (error) return <Alert color="red">{describeError(t, error)}</Alert>;
  if (!context) return <Loading />;
  return (
    <Page title={t('dealers.customers.title')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <CustomerList context={context} selected={selected} onSelect={setSelected} onNew={() => setSelected(null)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="md">
              {selected ? t('dealers.customers.editTitle') : t('dealers.customers.newTitle')}
            </Title>
            <CustomerForm key={selected?.dealerCustomerId ?? 'new'} customer={selected} context={context} onSaved={setSelected} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
