import { useTranslation } from 'react-i18next';
import { ARCHIVE_FILTERS, type DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useListSelection, type ListSelection } from '../../../components/list-kit/list-selection.ts';
import { listViewKey, offsetQuery, useListState, type ListState } from '../../../components/list-kit/use-list-state.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useArchiveTicket, useBatchArchiveTickets, useTickets, type ArchiveFilter, type TicketListParams } from '../api/tickets-api.ts';

/** The desk's filters, each a URL parameter: the dealer's id, and the archive state (absent: all). */
export const TICKET_FILTERS = ['dealer', 'archived'] as const;

const isArchiveFilter = (value: string | undefined): value is ArchiveFilter => (ARCHIVE_FILTERS as readonly string[]).includes(value ?? '');

/** The URL's list state as the desk's query; a dealer that is not an id or an unknown archive state is no filter. */
export function ticketListParams(list: ListState): TicketListParams {
  const { dealer, archived } = list.filters;
  return {
    ...offsetQuery(list),
    dealerId: /^\d{1,9}$/.test(dealer ?? '') ? Number(dealer) : undefined,
    archived: isArchiveFilter(archived) ? archived : 'all',
  };
}

/**
 * The desk's data (ADR 0024): its state in the URL (spec §2: by the ticket's 5×5 key ascending, page
 * 1 again on another sort, dealer, archive state or search), one page of tickets, and the selection,
 * which belongs to what is shown: another page, sort, size or filter starts with none.
 */
export function useTicketDesk() {
  const list = useListState({ filters: TICKET_FILTERS, defaultSort: { field: 'ticketId', direction: 'asc' } });
  const tickets = useTickets(ticketListParams(list));
  const rows = tickets.data?.data ?? [];
  const selection = useListSelection(rows, (row) => row.id, listViewKey(list));
  return { list, tickets, rows, selection };
}

/** Archive and unarchive, one ticket or the selection, each after a confirmation (spec: selection cleared afterwards). */
export function useTicketArchiving(selection: ListSelection<DealerTicket>) {
  const { t } = useTranslation();
  const archiveOne = useArchiveTicket();
  const archiveMany = useBatchArchiveTickets();

  const confirmOne = (ticket: DealerTicket) => {
    const archive = !ticket.archived;
    const verb = archive ? 'archive' : 'unarchive';
    openConfirmDialog({
      title: t(`ticketDesk.${verb}.oneTitle`),
      message: t(`ticketDesk.${verb}.oneMessage`, { key: ticket.key }),
      confirmLabel: t(`ticketDesk.${verb}.action`),
      cancelLabel: t('common.cancel'),
      onConfirm: () =>
        archiveOne.mutate(
          { id: ticket.id, archived: archive },
          {
            onSuccess: () => notifySuccess(t(`ticketDesk.${verb}.doneOne`, { key: ticket.key })),
            onError: (error) => notifyError(t, error),
          },
        ),
    });
  };

  const confirmBatch = (archive: boolean) => {
    // Only rows still on screen count: one archived singly may have left an "active" list meanwhile.
    const ticketIds = selection.selectedRows.map((row) => row.id);
    if (ticketIds.length === 0) return;
    const verb = archive ? 'archive' : 'unarchive';
    openConfirmDialog({
      title: t(`ticketDesk.${verb}.batchTitle`),
      message: t(`ticketDesk.${verb}.batchMessage`, { count: ticketIds.length }),
      confirmLabel: t(`ticketDesk.${verb}.action`),
      cancelLabel: t('common.cancel'),
      onConfirm: () =>
        archiveMany.mutate(
          { ticketIds, archived: archive },
          {
            onSuccess: (result) => {
              selection.clear();
              notifySuccess(t('ticketDesk.batchDone', { count: result.changed }));
            },
            onError: (error) => notifyError(t, error),
          },
        ),
    });
  };

  return { archiveOne, archiveMany, confirmOne, confirmBatch };
}
