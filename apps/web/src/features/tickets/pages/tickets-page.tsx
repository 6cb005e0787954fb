import { ActionIcon, Alert, Badge, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconExternalLink, IconRefresh, IconSearch } from '@tabler/icons-react';
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
import {
  useArchiveTicket,
  useBatchArchiveTickets,
  useTicketDealers,
  useTickets,
  type ArchiveFilter,
  type TicketListParams,
} from '../api/tickets-api.ts';
import { CustomerPickerDialog, type TicketCustomerForm } from '../components/customer-picker-dialog.tsx';
import { DealerPickerDialog } from '../components/dealer-picker-dialog.tsx';
import { ExpiryStatus, formatUtcDate } from '../../../components/expiry-status.tsx';
import { ExternalCustomerDialog } from '../components/external-customer-dialog.tsx';
import { ActiveProductDialog } from '../components/active-product-dialog.tsx';
import { TicketRegistrationDialog } from '../components/ticket-registration-dialog.tsx';
import { licenceInfoHref, ticketDeskRights } from '../components/ticket-rights.ts';
import { TicketRowMenu, type TicketRowDialog } from '../components/ticket-row-menu.tsx';

const ALL_DEALERS = 'all';

/** Spec §9: the dealer tables search 1000 ms after the last keystroke (as the customers page does). */
export const SEARCH_DEBOUNCE_MS = 1000;

/** The dealer filter: All, then each dealer of one's subtree that has tickets. */
function DealerFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const dealers = useTicketDealers();
  const data = [
    { value: ALL_DEALERS, label: t('ticketDesk.filters.allDealers') },
    ...(dealers.data?.data ?? []).map((dealer) => ({ value: String(dealer.id), label: `${dealer.dealerCode} – ${dealer.name}` })),
  ];
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

/**
 * One line of a desk cell, cut with an ellipsis past `width` (the whole text in its title): a long
 * product or company name must not widen the desk past a 1366 px screen or make its row taller.
 */
function CellLine({ text, width, small }: { text: string; width: number; small?: boolean }) {
  // A phone's card has the room: the whole text, wrapped.
  const phone = usePhoneLayout();
  return (
    <Text
      span
      display="block"
      fz={small ? 'xs' : 'sm'}
      c={small ? 'dimmed' : undefined}
      lh={1.3}
      maw={phone ? undefined : width}
      truncate={phone ? undefined : 'end'}
      title={text}
    >
      {text}
    </Text>
  );
}

/** A dealer or customer: the name people know, its public id below it. */
function NameWithCode({ name, code }: { name: string; code: string }) {
  return (
    <div>
      {name && <CellLine text={name} width={130} />}
      <CellLine text={code} width={130} small />
    </div>
  );
}

/** The row dialog open at the moment: one at a time, for one ticket. */
type RowDialog = { kind: TicketRowDialog; ticket: DealerTicket } | null;

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
  // Spec §2: by the ticket's 5×5 key, ascending.
  const paging = usePaging({ field: 'ticketId', direction: 'asc' });

  const filterKey = `${debounced}|${dealer}|${archived}`;
  const [lastFilter, setLastFilter] = useState(filterKey);
  if (lastFilter !== filterKey) {
    // Another dealer, search or archive state starts on page 1 (spec §2).
    setLastFilter(filterKey);
    paging.setPage(1);
  }

  const params: TicketListParams = {
    ...paging.params,
    _q: debounced || undefined,
    dealerId: dealer === ALL_DEALERS ? undefined : Number(dealer),
    archived,
  };
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
      message: archive
        ? t('ticketDesk.archive.oneMessage', { key: ticket.key })
        : t('ticketDesk.unarchive.oneMessage', { key: ticket.key }),
      confirmLabel: archive ? t('ticketDesk.archive.action') : t('ticketDesk.unarchive.action'),
      cancelLabel: t('common.cancel'),
      onConfirm: () =>
        archiveOne.mutate(
          { id: ticket.id, archived: archive },
          {
            onSuccess: () =>
              notifySuccess(
                archive ? t('ticketDesk.archive.doneOne', { key: ticket.key }) : t('ticketDesk.unarchive.doneOne', { key: ticket.key }),
              ),
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
      message: archive
        ? t('ticketDesk.archive.batchMessage', { count: ticketIds.length })
        : t('ticketDesk.unarchive.batchMessage', { count: ticketIds.length }),
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
      header: (
        <Checkbox
          aria-label={t('ticketDesk.selectAll')}
          checked={allSelected}
          indeterminate={selectedRows.length > 0 && !allSelected}
          disabled={rows.length === 0}
          onChange={(event) => toggleAll(event.currentTarget.checked)}
        />
      ),
      phone: 'actions',
      render: (row) => (
        <Checkbox
          aria-label={t('ticketDesk.selectTicket', { key: row.key })}
          checked={selection.ids.has(row.id)}
          onChange={(event) => toggle(row.id, event.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'key',
      header: t('ticketDesk.columns.key'),
      sortField: 'ticketId',
      phone: 'title',
      render: (row) => (
        <div>
          <Group gap={6} wrap="nowrap">
            <Text span ff="monospace" fz="xs" lh={1.3} style={{ whiteSpace: 'nowrap' }}>
              {row.key}
            </Text>
            {row.archived && (
              <Badge size="xs" color="gray" variant="light">
                {t('ticketDesk.archivedBadge')}
              </Badge>
            )}
          </Group>
          {/* The mill this activation key signed up: where the ticket went in the product. */}
          {row.signedUpMill && <CellLine text={t('ticketThread.signedUpMill', { name: row.signedUpMill.name })} width={220} small />}
        </div>
      ),
    },
    {
      key: 'info',
      header: t('ticketDesk.columns.info'),
      // Spec §2: from the list the licence content opens in a new window, so the desk keeps its page and filters.
      render: (row) => (
        <Tooltip label={t('ticketDesk.info.link')} openDelay={100}>
          <ActionIcon
            component="a"
            href={licenceInfoHref(row.key, rights.isManager)}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            aria-label={t('ticketDesk.info.named', { key: row.key })}
          >
            <IconExternalLink size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
    {
      key: 'product',
      header: t('ticketDesk.columns.product'),
      render: (row) => (row.productText ? <CellLine text={row.productText} width={140} /> : '—'),
    },
    {
      key: 'dealer',
      header: t('ticketDesk.columns.dealer'),
      sortField: 'dealer',
      render: (row) => (row.dealer ? <NameWithCode name={row.dealer.name} code={row.dealer.dealerCode} /> : '—'),
    },
    {
      key: 'customer',
      header: t('ticketDesk.columns.customer'),
      sortField: 'customer',
      render: (row) => (row.customer ? <NameWithCode name={row.customer.name} code={row.customer.customerId} /> : '—'),
    },
    {
      key: 'licenceExpiry',
      header: t('ticketDesk.columns.licenceExpiry'),
      sortField: 'licenceExpiry',
      // The days left (spec §2) under the date rather than in a column of their own: one column less
      // keeps the desk within a 1366 px screen in every language. Without an expiry, the dashes alone.
      render: (row) => (
        <div>
          {row.licenceExpiry && (
            <Text span display="block" fz="sm" lh={1.3}>
              {formatUtcDate(row.licenceExpiry)}
            </Text>
          )}
          <ExpiryStatus ticket={row} size="xs" />
        </div>
      ),
    },
    {
      key: 'maintenanceExpiry',
      header: t('ticketDesk.columns.maintenanceExpiry'),
      sortField: 'maintenanceExpiry',
      render: (row) => formatUtcDate(row.maintenanceExpiry),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      phone: 'actions',
      render: (row) => (
        <TicketRowMenu
          ticket={row}
          rights={rights}
          onOpen={(kind) => setDialog({ kind, ticket: row })}
          onArchiveToggle={() => confirmOne(row)}
          archiving={archiveOne.isPending && archiveOne.variables.id === row.id}
        />
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
        <TextInput
          label={t('ticketDesk.filters.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 2, minWidth: 200 }}
        />
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
              <Button
                size="xs"
                leftSection={<IconArchive size={16} aria-hidden />}
                onClick={() => confirmBatch(true)}
                loading={archiveMany.isPending}
              >
                {t('ticketDesk.archive.selected')}
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconArchiveOff size={16} aria-hidden />}
                onClick={() => confirmBatch(false)}
                loading={archiveMany.isPending}
              >
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
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void tickets.refetch()}
              loading={tickets.isFetching}
            >
              {t('ticketDesk.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="sm">
          {/* Cards have no header row: on a phone the page's checkbox stands above them. */}
          {phone && rows.length > 0 && (
            <Checkbox
              label={t('ticketDesk.selectAll')}
              checked={allSelected}
              indeterminate={selectedRows.length > 0 && !allSelected}
              onChange={(event) => toggleAll(event.currentTarget.checked)}
            />
          )}
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            sort={paging.sort}
            onSortChange={paging.setSort}
            caption={t('ticketDesk.caption')}
            compact
          />
          <TablePager
            total={tickets.data.count}
            page={paging.page}
            pageSize={paging.pageSize}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
          />
        </Stack>
      )}

      {dialog?.kind === 'customer' && (
        <CustomerPickerDialog
          ticket={dialog.ticket}
          readOnly={!rights.assignsCustomers}
          customerForm={customerForm}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'dealer' && <DealerPickerDialog ticket={dialog.ticket} onClose={closeDialog} />}
      {dialog?.kind === 'external' && <ExternalCustomerDialog ticket={dialog.ticket} onClose={closeDialog} />}
      {dialog?.kind === 'registration' && <TicketRegistrationDialog ticketId={dialog.ticket.id} open onClose={closeDialog} />}
      {dialog?.kind === 'activeProduct' && <ActiveProductDialog ticketId={dialog.ticket.id} open onClose={closeDialog} />}
    </Page>
  );
}
