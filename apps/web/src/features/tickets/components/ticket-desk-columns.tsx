import { ActionIcon, Badge, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { ExpiryStatus, formatUtcDate } from '../../../components/expiry-status.tsx';
import type { ListSelection } from '../../../components/list-kit/list-selection.ts';
import { usePhoneLayout } from '../../../components/use-phone-layout.ts';
import { licenceInfoHref, type TicketDeskRights } from './ticket-rights.ts';

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

/** The page's select-all: in the header row, or labelled above the cards on a phone (cards have no header). */
export function SelectAllTickets({
  selection,
  rows,
  visibleLabel,
}: {
  selection: ListSelection<DealerTicket>;
  rows: number;
  visibleLabel?: boolean;
}) {
  const { t } = useTranslation();
  const some = selection.selectedRows.length > 0;
  return (
    <Checkbox
      aria-label={visibleLabel ? undefined : t('ticketDesk.selectAll')}
      label={visibleLabel ? t('ticketDesk.selectAll') : undefined}
      checked={selection.allSelected}
      indeterminate={some && !selection.allSelected}
      disabled={rows === 0}
      onChange={selection.toggleAll}
    />
  );
}

function selectColumn(t: TFunction, selection: ListSelection<DealerTicket>, rows: number): DataTableColumn<DealerTicket> {
  return {
    key: 'select',
    header: <SelectAllTickets selection={selection} rows={rows} />,
    phone: 'actions',
    render: (row) => (
      <Checkbox
        aria-label={t('ticketDesk.selectTicket', { key: row.key })}
        checked={selection.selected.has(row.id)}
        onChange={() => selection.toggle(row.id)}
      />
    ),
  };
}

function KeyCell({ t, row }: { t: TFunction; row: DealerTicket }) {
  return (
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
  );
}

// Spec §2: from the list the licence content opens in a new window, so the desk keeps its page and filters.
function InfoLink({ t, row, isManager }: { t: TFunction; row: DealerTicket; isManager: boolean }) {
  return (
    <Tooltip label={t('ticketDesk.info.link')} openDelay={100}>
      <ActionIcon
        component="a"
        href={licenceInfoHref(row.key, isManager)}
        target="_blank"
        rel="noopener noreferrer"
        variant="subtle"
        aria-label={t('ticketDesk.info.named', { key: row.key })}
      >
        <IconExternalLink size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

// The days left (spec §2) under the date rather than in a column of their own: one column less
// keeps the desk within a 1366 px screen in every language. Without an expiry, the dashes alone.
function LicenceExpiryCell({ row }: { row: DealerTicket }) {
  return (
    <div>
      {row.licenceExpiry && (
        <Text span display="block" fz="sm" lh={1.3}>
          {formatUtcDate(row.licenceExpiry)}
        </Text>
      )}
      <ExpiryStatus ticket={row} size="xs" />
    </div>
  );
}

export interface TicketColumnsOptions {
  selection: ListSelection<DealerTicket>;
  rows: number;
  rights: TicketDeskRights;
  /** The row's menu (dialogs, archive): the page's, as it holds the dialogs. */
  actions: (row: DealerTicket) => ReactNode;
}

/** The desk's columns: selection, key, licence info, product, dealer, customer, expiries, the row's menu. */
export function ticketColumns(t: TFunction, { selection, rows, rights, actions }: TicketColumnsOptions): DataTableColumn<DealerTicket>[] {
  return [
    selectColumn(t, selection, rows),
    {
      key: 'key',
      header: t('ticketDesk.columns.key'),
      sortField: 'ticketId',
      phone: 'title',
      render: (row) => <KeyCell t={t} row={row} />,
    },
    { key: 'info', header: t('ticketDesk.columns.info'), render: (row) => <InfoLink t={t} row={row} isManager={rights.isManager} /> },
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
      render: (row) => <LicenceExpiryCell row={row} />,
    },
    {
      key: 'maintenanceExpiry',
      header: t('ticketDesk.columns.maintenanceExpiry'),
      sortField: 'maintenanceExpiry',
      render: (row) => formatUtcDate(row.maintenanceExpiry),
    },
    { key: 'actions', header: t('common.actions'), phone: 'actions', render: actions },
  ];
}
