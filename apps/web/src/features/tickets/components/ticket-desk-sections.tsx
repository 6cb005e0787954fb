import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ARCHIVE_FILTERS, type DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { ListFilters, type ListFilter } from '../../../components/list-kit/list-filters.tsx';
import type { ListSelection } from '../../../components/list-kit/list-selection.ts';
import type { ListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { usePhoneLayout } from '../../../components/use-phone-layout.ts';
import { describeError } from '../../../lib/error-message.ts';
import { useTicketDealers } from '../api/tickets-api.ts';
import { SelectAllTickets } from './ticket-desk-columns.tsx';

/** Search, the dealer (All, then each dealer of one's subtree that has tickets) and the archive state; all in the URL. */
export function TicketDeskFilters({ list }: { list: ListState }) {
  const { t } = useTranslation();
  const dealers = useTicketDealers();
  const filters: ListFilter[] = [
    {
      name: 'dealer',
      label: t('ticketDesk.filters.dealer'),
      kind: 'select',
      width: 220,
      options: [
        { value: '', label: t('ticketDesk.filters.allDealers') },
        ...(dealers.data?.data ?? []).map((dealer) => ({ value: String(dealer.id), label: `${dealer.dealerCode} – ${dealer.name}` })),
      ],
      error: dealers.isError ? describeError(t, dealers.error) : undefined,
    },
    {
      name: 'archived',
      label: t('ticketDesk.filters.archived'),
      kind: 'select',
      width: 160,
      // "All" is the default, so it is no parameter.
      options: ARCHIVE_FILTERS.map((value) => ({
        value: value === 'all' ? '' : value,
        label: t(`ticketDesk.filters.archiveStates.${value}`),
      })),
    },
  ];
  return <ListFilters list={list} filters={filters} search={t('ticketDesk.filters.search')} />;
}

/** What can be done with the selected tickets: archive, unarchive, or let go of them. */
export function TicketSelectionBar({
  selection,
  busy,
  onBatch,
}: {
  selection: ListSelection<DealerTicket>;
  busy: boolean;
  onBatch: (archive: boolean) => void;
}) {
  const { t } = useTranslation();
  if (selection.selectedRows.length === 0) return null;
  return (
    <Paper withBorder p="xs" role="region" aria-label={t('ticketDesk.selectionRegion')}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" aria-live="polite">
          {t('ticketDesk.selected', { count: selection.selectedRows.length })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" leftSection={<IconArchive size={16} aria-hidden />} onClick={() => onBatch(true)} loading={busy}>
            {t('ticketDesk.archive.selected')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconArchiveOff size={16} aria-hidden />}
            onClick={() => onBatch(false)}
            loading={busy}
          >
            {t('ticketDesk.unarchive.selected')}
          </Button>
          <Button size="xs" variant="subtle" onClick={selection.clear}>
            {t('ticketDesk.clearSelection')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function LoadError({ tickets }: { tickets: UseQueryResult<unknown> }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The page of tickets (cards on a phone, "No data found" when empty) and its pager; a failed load offers a retry. */
export function TicketDeskTable({
  list,
  tickets,
  selection,
  columns,
}: {
  list: ListState;
  tickets: UseQueryResult<{ count: number; data: DealerTicket[] }>;
  selection: ListSelection<DealerTicket>;
  columns: DataTableColumn<DealerTicket>[];
}) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  if (tickets.isPending) return <Loading />;
  if (tickets.isError) return <LoadError tickets={tickets} />;
  const rows = tickets.data.data;
  return (
    <Stack gap="sm">
      {/* Cards have no header row: on a phone the page's checkbox stands above them. */}
      {phone && rows.length > 0 && <SelectAllTickets selection={selection} rows={rows.length} visibleLabel />}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={list.sort}
        onSortChange={(sort) => list.change({ sort })}
        caption={t('ticketDesk.caption')}
        compact
      />
      <TablePager
        total={tickets.data.count}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={(page) => list.change({ page })}
        onPageSizeChange={list.setPageSize}
      />
    </Stack>
  );
}
