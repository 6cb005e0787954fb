import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { Page } from '../../../components/page.tsx';
import { useSession } from '../../../lib/session.ts';
import { ActiveProductDialog } from '../components/active-product-dialog.tsx';
import { CustomerPickerDialog, type TicketCustomerForm } from '../components/customer-picker-dialog.tsx';
import { DealerPickerDialog } from '../components/dealer-picker-dialog.tsx';
import { ExternalCustomerDialog } from '../components/external-customer-dialog.tsx';
import { ticketColumns } from '../components/ticket-desk-columns.tsx';
import { TicketDeskFilters, TicketDeskTable, TicketSelectionBar } from '../components/ticket-desk-sections.tsx';
import { TicketRegistrationDialog } from '../components/ticket-registration-dialog.tsx';
import { ticketDeskRights, type TicketDeskRights } from '../components/ticket-rights.ts';
import { TicketRowMenu, type TicketRowDialog } from '../components/ticket-row-menu.tsx';
import { useTicketArchiving, useTicketDesk } from './use-ticket-desk.ts';

/** The row dialog open at the moment: one at a time, for one ticket. */
type RowDialog = { kind: TicketRowDialog; ticket: DealerTicket } | null;

export interface TicketsPageProps {
  /** The customers feature's form for the picker's edit, view and add modes (handed in by the app layer). */
  customerForm?: TicketCustomerForm;
}

function RowDialogs({
  dialog,
  rights,
  customerForm,
  onClose,
}: {
  dialog: RowDialog;
  rights: TicketDeskRights;
  customerForm?: TicketCustomerForm;
  onClose: () => void;
}) {
  if (!dialog) return null;
  const { kind, ticket } = dialog;
  if (kind === 'customer')
    return <CustomerPickerDialog ticket={ticket} readOnly={!rights.assignsCustomers} customerForm={customerForm} onClose={onClose} />;
  if (kind === 'dealer') return <DealerPickerDialog ticket={ticket} onClose={onClose} />;
  if (kind === 'external') return <ExternalCustomerDialog ticket={ticket} onClose={onClose} />;
  if (kind === 'registration') return <TicketRegistrationDialog ticketId={ticket.id} open onClose={onClose} />;
  return <ActiveProductDialog ticketId={ticket.id} open onClose={onClose} />;
}

/**
 * Spec §2 dealer tickets: `/dealer/tickets` for dealers (their subtree), `/manager/tickets` for the
 * manager (all). Search, filters, sort and page live in the URL (list kit, ADR 0024).
 */
export function TicketsPage({ customerForm }: TicketsPageProps = {}) {
  const { t } = useTranslation();
  const { session } = useSession();
  const rights = ticketDeskRights(session);
  const [dialog, setDialog] = useState<RowDialog>(null);
  const { list, tickets, rows, selection } = useTicketDesk();
  const { archiveOne, archiveMany, confirmOne, confirmBatch } = useTicketArchiving(selection);
  const columns = ticketColumns(t, {
    selection,
    rows: rows.length,
    rights,
    actions: (row) => (
      <TicketRowMenu
        ticket={row}
        rights={rights}
        onOpen={(kind) => setDialog({ kind, ticket: row })}
        onArchiveToggle={() => confirmOne(row)}
        archiving={archiveOne.isPending && archiveOne.variables.id === row.id}
      />
    ),
  });

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
      <TicketDeskFilters list={list} />
      <TicketSelectionBar selection={selection} busy={archiveMany.isPending} onBatch={confirmBatch} />
      <TicketDeskTable list={list} tickets={tickets} selection={selection} columns={columns} />
      <RowDialogs dialog={dialog} rights={rights} customerForm={customerForm} onClose={() => setDialog(null)} />
    </Page>
  );
}
