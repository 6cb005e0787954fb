import { Alert, Button, Grid, Group, Paper, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerCustomer } from '@casebridge/shared/schemas/dealers';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useCustomers } from '../api/dealers-api.ts';
import { CustomerForm } from '../components/customer-form.tsx';
import { customerFormRules } from '../components/customer-form-rules.ts';
import type { DealerFormContext } from '../components/dealer-form-rules.ts';
import { SEARCH_DEBOUNCE_MS } from '../components/dealer-list.tsx';
import { useDealerContext } from '../components/use-dealer-context.ts';

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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [withSubDealers, setWithSubDealers] = useState(true);
  const paging = usePaging({ field: 'created_at', direction: 'desc' });
  const [lastQuery, setLastQuery] = useState(`${debounced}|${withSubDealers}`);
  if (lastQuery !== `${debounced}|${withSubDealers}`) {
    // Another search or scope starts on page 1.
    setLastQuery(`${debounced}|${withSubDealers}`);
    paging.setPage(1);
  }
  const customers = useCustomers({ ...paging.params, _q: debounced || undefined, showSubDealerCustomers: withSubDealers });
  const canAdd = !customerFormRules(context, null).readOnly;

  const columns: DataTableColumn<DealerCustomer>[] = [
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
  ];

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('dealers.customers.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 180 }}
        />
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onNew} disabled={!canAdd}>
          {t('dealers.customers.new')}
        </Button>
      </Group>
      {/* Spec §6: a dealer's own listing can leave out its sub-dealers' customers. */}
      {!context.isManager && (
        <Switch
          label={t('dealers.customers.showSubDealerCustomers')}
          checked={withSubDealers}
          onChange={(event) => setWithSubDealers(event.currentTarget.checked)}
        />
      )}
      {customers.isPending ? (
        <Loading />
      ) : customers.isError ? (
        <Alert color="red">{describeError(t, customers.error)}</Alert>
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={customers.data.data}
            rowKey={(row) => row.dealerCustomerId}
            sort={paging.sort}
            onSortChange={paging.setSort}
            onRowClick={onSelect}
            caption={t('dealers.customers.listCaption')}
          />
          <TablePager
            total={customers.data.count}
            page={paging.page}
            pageSize={paging.pageSize}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
          />
        </>
      )}
    </Stack>
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
