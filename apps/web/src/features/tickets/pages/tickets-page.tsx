import { Alert, Anchor, Badge, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook, IconArchive, IconArchiveOff, IconBuildingStore, IconExternalLink, IconId, IconPackage, IconRefresh, IconSearch, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ARCHIVE_FILTERS, type DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { usePhoneLayout } from '../../../components/use-phone-layout.ts';
import { describeError } from '../../../lib/error-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useSession } from '../../../lib/session.ts';
import { useArchiveTicket, useBatchArchiveTickets, useTicketDealers, useTickets, type ArchiveFilter, type TicketListParams } from '../api/tickets-api.ts';
import { CustomerPickerDialog, type TicketCustomerForm } from '../components/customer-picker-dialog.tsx';
import { DealerPickerDialog } from '../components/dealer-picker-dialog.tsx';
import { ExpiryStatus, formatUtcDate } from '../../../components/expiry-status.tsx';
import { ExternalCustomerDialog } from '../components/external-customer-dialog.tsx';
import { ActiveProductDialog } from '../components/active-product-dialog.tsx';
import { TicketRegistrationDialog } from '../components/ticket-registration-dialog.tsx';
import { licenceInfoHref, ticketDeskRights } from '../components/ticket-rights.ts';

const ALL_DEALERS = 'all';

/** Spec §9: the dealer tables search 1000 ms after the last keystroke (as the customers page does). */
export const SEARCH_DEBOUNCE_MS = 1000;

/** The dealer filter: All, then each dealer of one's subtree that has tickets. */
function DealerFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const dealers = useTicketDealers();
  const data = [{ value: ALL_DEALERS, label: t('ticketDesk.filters.allDealers') }, ...(dealers.data?.data ?? []).map((dealer) => ({ value: String(dealer.id), label: `${dealer.dealerCode} – ${dealer.name}` }))];
  return (
    <NativeSelect
      label={t('ticketDesk.filters.dealer')}
      data={data}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={dealers.isError ? describeError(t, dealers.error) : undefined}
      style={{ flex: 1, minWidth: 180 }}
    />
  );
}

/** A dealer or customer: the name people know, its public id below it (the two wrap apart, not mid-word). */
function NameWithCode({ name, code }: { name: string; code: string }) {
  return (
    <Stack gap={0}>
      {name && <Text span fz="sm">{name}</Text>}
      <Text span fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {code}
      </Text>
    </Stack>
  );
}

/** The row dialog open at the moment: one at a time, for one ticket. */
type RowDialog = { kind: 'customer' | 'dealer' | 'external' | 'registration' | 'activeProduct'; ticket: DealerTicket } | null;

export interface TicketsPageProps {
  /** The customers feature's form for the picker's edit, view and add modes (handed in by the app layer). */
  customerForm?: TicketCustomerForm;
}

/** Spec §2 dealer tickets: `/dealer/tickets` for dealers (their subtree), `/manager/tickets` for the manager (all). */
export function TicketsPage({ customerForm }: TicketsPageProps = {}) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const { session } = useSession();
  const rights = ticketDeskRights(session);
  const [dialog, setDialog] = useState<RowDialog>(null);
  const closeDialog = () => setDialog(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [dealer, setDealer] = useState(ALL_DEALERS);
  const [archived, setArchived] = useState<ArchiveFilter>('all');
  const paging = usePaging({ field: 'id', direction: 'asc' });

  const filterKey = `${debounced}|${dealer}|${archived}`;
  const [lastFilter, setLastFilter] = useState(filterKey);
  if (lastFilter !== filterKey) {
    // Another dealer, search or archive state starts on page 1 (spec §2).
    setLastFilter(filterKey);
    paging.setPage(1);
  }

  const params: TicketListParams = { ...paging.params, _q: debounced || undefined, dealerId: dealer === ALL_DEALERS ? undefined : Number(dealer), archived };
  const tickets = useTickets(params);

  // The selection belongs to what is shown: another page, sort, size or filter starts with none.
  const viewKey = JSON.stringify(params);
  const [selection, setSelection] = useState<{ view: string; ids: ReadonlySet<number> }>({ view: viewKey, ids: new Set() });
  if (selection.view !== viewKey) setSelection({ view: viewKey, ids: new Set() });
  const clearSelection = () => setSelection({ view: viewKey, ids: new Set() });

  const archiveOne = useArchiveTicket();
  const archiveMany = useBatchArchiveTickets();

  const rows = tickets.data?.data ?? [];
  // Only rows still on screen count: one archived singly may have left an "active" list meanwhile.
  const selectedRows = rows.filter((row) => selection.ids.has(row.id));
  const allSelected = rows.length > 0 && selectedRows.length === rows.length;

  const toggle = (id: number, on: boolean) =>
    setSelection((current) => {
      const ids = new Set(current.ids);
      if (on) ids.add(id);
      else ids.delete(id);
      return { view: current.view, ids };
    });
  const toggleAll = (on: boolean) => setSelection({ view: viewKey, ids: new Set(on ? rows.map((row) => row.id) : []) });

  const confirmOne = (ticket: DealerTicket) => {
    const archive = !ticket.archived;
    openConfirmDialog({
      title: archive ? t('ticketDesk.archive.oneTitle') : t('ticketDesk.unarchive.oneTitle'),
      message: archive ? t('ticketDesk.archive.oneMessage', { key: ticket.key }) : t('ticketDesk.unarchive.oneMessage', { key: ticket.key }),
      confirmLabel: archive ? t('ticketDesk.archive.action') : t('ticketDesk.unarchive.action'),
      cancelLabel: t('common.cancel'),
      onConfirm: () =>
        archiveOne.mutate(
          { id: ticket.id, archived: archive },
          {
            onSuccess: () => notifySuccess(archive ? t('ticketDesk.archive.doneOne', { key: ticket.key }) : t('ticketDesk.unarchive.doneOne', { key: ticket.key })),
            onError: (error) => notifyError(t, error),
          },
        ),
    });
  };

  const confirmBatch = (archive: boolean) => {
    const ticketIds = selectedRows.map((row) => row.id);
    if (ticketIds.length === 0) return;
    openConfirmDialog({
      title: archive ? t('ticketDesk.archive.batchTitle') : t('ticketDesk.unarchive.batchTitle'),
      message: archive ? t('ticketDesk.archive.batchMessage', { count: ticketIds.length }) : t('ticketDesk.unarchive.batchMessage', { count: ticketIds.length }),
      confirmLabel: archive ? t('ticketDesk.archive.action') : t('ticketDesk.unarchive.action'),
      cancelLabel: t('common.cancel'),
      onConfirm: () =>
        archiveMany.mutate(
          { ticketIds, archived: archive },
          {
            onSuccess: (result) => {
              clearSelection();
              notifySuccess(t('ticketDesk.batchDone', { count: result.changed }));
            },
            onError: (error) => notifyError(t, error),
          },
        ),
    });
  };

  const columns: DataTableColumn<DealerTicket>[] = [
    {
      key: 'select',
      header: <Checkbox aria-label={t('ticketDesk.selectAll')} checked={allSelected} indeterminate={selectedRows.length > 0 && !allSelected} disabled={rows.length === 0} onChange={(event) => toggleAll(event.currentTarget.checked)} />,
      phone: 'actions',
      render: (row) => <Checkbox aria-label={t('ticketDesk.selectTicket', { key: row.key })} checked={selection.ids.has(row.id)} onChange={(event) => toggle(row.id, event.currentTarget.checked)} />,
    },
    {
      key: 'key',
      header: t('ticketDesk.columns.key'),
      sortField: 'id',
      phone: 'title',
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Text span ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {row.key}
          </Text>
          {row.signedUpMill && (
            // The mill this activation key signed up: where the ticket went in the product.
            <Text span fz="xs" c="dimmed">
              {t('ticketThread.signedUpMill', { name: row.signedUpMill.name })}
            </Text>
          )}
          {row.archived && (
            <Badge size="xs" color="gray" variant="light">
              {t('ticketDesk.archivedBadge')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'info',
      header: t('ticketDesk.columns.info'),
      // Spec §2: from the list the licence content opens in a new window, so the desk keeps its page and filters.
      render: (row) => (
        <Anchor
          href={licenceInfoHref(row.key, rights.isManager)}
          target="_blank"
          rel="noopener noreferrer"
          fz="sm"
          aria-label={t('ticketDesk.info.named', { key: row.key })}
          style={{ whiteSpace: 'nowrap' }}
        >
          <Group gap={4} wrap="nowrap" component="span">
            {t('ticketDesk.info.link')}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      ),
    },
    { key: 'product', header: t('ticketDesk.columns.product'), render: (row) => row.productText || '—' },
    { key: 'dealer', header: t('ticketDesk.columns.dealer'), sortField: 'dealer', render: (row) => (row.dealer ? <NameWithCode name={row.dealer.name} code={row.dealer.dealerCode} /> : '—') },
    {
      key: 'customer',
      header: t('ticketDesk.columns.customer'),
      sortField: 'customer',
      render: (row) => (row.customer ? <NameWithCode name={row.customer.name} code={row.customer.customerId} /> : '—'),
    },
    { key: 'licenceExpiry', header: t('ticketDesk.columns.licenceExpiry'), sortField: 'licenceExpiry', render: (row) => formatUtcDate(row.licenceExpiry) },
    { key: 'maintenanceExpiry', header: t('ticketDesk.columns.maintenanceExpiry'), sortField: 'maintenanceExpiry', render: (row) => formatUtcDate(row.maintenanceExpiry) },
    { key: 'expiryStatus', header: t('ticketDesk.columns.expiryInDays'), render: (row) => <ExpiryStatus ticket={row} /> },
    {
      key: 'actions',
      header: t('common.actions'),
      phone: 'actions',
      render: (row) => (
        <Group gap={4} wrap="wrap">
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconUser size={16} aria-hidden />}
            // A ticket of no dealer has no customers to pick from (the server refuses it too).
            disabled={row.dealer === null}
            aria-label={rights.assignsCustomers ? t('ticketDesk.rowActions.customerNamed', { key: row.key }) : t('ticketDesk.rowActions.customerViewNamed', { key: row.key })}
            onClick={() => setDialog({ kind: 'customer', ticket: row })}
          >
            {t('ticketDesk.rowActions.customer')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconBuildingStore size={16} aria-hidden />}
            aria-label={t('ticketDesk.rowActions.dealerNamed', { key: row.key })}
            onClick={() => setDialog({ kind: 'dealer', ticket: row })}
          >
            {t('ticketDesk.rowActions.dealer')}
          </Button>
          {rights.setsExternalId && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconId size={16} aria-hidden />}
              aria-label={t('ticketDesk.rowActions.externalNamed', { key: row.key })}
              onClick={() => setDialog({ kind: 'external', ticket: row })}
            >
              {t('ticketDesk.rowActions.external')}
            </Button>
          )}
          {row.customer && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconAddressBook size={16} aria-hidden />}
              aria-label={t('ticketDesk.rowActions.registrationNamed', { key: row.key })}
              onClick={() => setDialog({ kind: 'registration', ticket: row })}
            >
              {t('ticketDesk.rowActions.registration')}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPackage size={16} aria-hidden />}
            aria-label={t('ticketDesk.rowActions.activeProductNamed', { key: row.key })}
            onClick={() => setDialog({ kind: 'activeProduct', ticket: row })}
          >
            {t('ticketDesk.rowActions.activeProduct')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={row.archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />}
            aria-label={row.archived ? t('ticketDesk.unarchive.named', { key: row.key }) : t('ticketDesk.archive.named', { key: row.key })}
            onClick={() => confirmOne(row)}
            loading={archiveOne.isPending && archiveOne.variables?.id === row.id}
          >
            {row.archived ? t('ticketDesk.unarchive.action') : t('ticketDesk.archive.action')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Page
      title={t('ticketDesk.title')}
      actions={
        tickets.data && (
          <Text c="dimmed" aria-live="polite">
            {t('ticketDesk.found', { count: tickets.data.count })}
          </Text>
        )
      }
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('ticketDesk.filters.search')} leftSection={<IconSearch size={16} aria-hidden />} value={search} onChange={(event) => setSearch(event.currentTarget.value)} style={{ flex: 2, minWidth: 200 }} />
        <DealerFilter value={dealer} onChange={setDealer} />
        <NativeSelect
          label={t('ticketDesk.filters.archived')}
          data={ARCHIVE_FILTERS.map((value) => ({ value, label: t(`ticketDesk.filters.archiveStates.${value}`) }))}
          value={archived}
          onChange={(event) => setArchived(event.currentTarget.value as ArchiveFilter)}
          style={{ flex: 1, minWidth: 140 }}
        />
      </Group>

      {selectedRows.length > 0 && (
        <Paper withBorder p="xs" role="region" aria-label={t('ticketDesk.selectionRegion')}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" aria-live="polite">
              {t('ticketDesk.selected', { count: selectedRows.length })}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button size="xs" leftSection={<IconArchive size={16} aria-hidden />} onClick={() => confirmBatch(true)} loading={archiveMany.isPending}>
                {t('ticketDesk.archive.selected')}
              </Button>
              <Button size="xs" variant="light" leftSection={<IconArchiveOff size={16} aria-hidden />} onClick={() => confirmBatch(false)} loading={archiveMany.isPending}>
                {t('ticketDesk.unarchive.selected')}
              </Button>
              <Button size="xs" variant="subtle" onClick={clearSelection}>
                {t('ticketDesk.clearSelection')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {tickets.isPending ? (
        <Loading />
      ) : tickets.isError ? (
        <Alert color="red" title={t('ticketDesk.loadError')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{describeError(t, tickets.error)}</Text>
            <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void tickets.refetch()} loading={tickets.isFetching}>
              {t('ticketDesk.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="sm">
          {/* Cards have no header row: on a phone the page's checkbox stands above them. */}
          {phone && rows.length > 0 && (
            <Checkbox label={t('ticketDesk.selectAll')} checked={allSelected} indeterminate={selectedRows.length > 0 && !allSelected} onChange={(event) => toggleAll(event.currentTarget.checked)} />
          )}
          <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} sort={paging.sort} onSortChange={paging.setSort} caption={t('ticketDesk.caption')} />
          <TablePager total={tickets.data.count} page={paging.page} pageSize={paging.pageSize} onPageChange={paging.setPage} onPageSizeChange={paging.setPageSize} />
        </Stack>
      )}

      {dialog?.kind === 'customer' && <CustomerPickerDialog ticket={dialog.ticket} readOnly={!rights.assignsCustomers} customerForm={customerForm} onClose={closeDialog} />}
      {dialog?.kind === 'dealer' && <DealerPickerDialog ticket={dialog.ticket} onClose={closeDialog} />}
      {dialog?.kind === 'external' && <ExternalCustomerDialog ticket={dialog.ticket} onClose={closeDialog} />}
      {dialog?.kind === 'registration' && <TicketRegistrationDialog ticketId={dialog.ticket.id} open onClose={closeDialog} />}
      {dialog?.kind === 'activeProduct' && <ActiveProductDialog ticketId={dialog.ticket.id} open onClose={closeDialog} />}
    </Page>
  );
}
