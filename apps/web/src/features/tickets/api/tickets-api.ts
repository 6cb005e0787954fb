import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealerTicket, ARCHIVE_FILTERS } from '@casebridge/shared/schemas/licence-tickets';
import { apiRequest } from '../../../lib/api-client.ts';

export type ArchiveFilter = (typeof ARCHIVE_FILTERS)[number];

export interface TicketListParams {
  _start: number;
  _limit: number;
  _sort?: string;
  _q?: string;
  dealerId?: number;
  archived: ArchiveFilter;
}

export interface TicketDealer {
  id: number;
  dealerCode: string;
  name: string;
}

const ticketsKey = ['dealer-tickets'] as const;

/** One page of the ticket desk (GET /dealer-tickets); the previous page stays shown while the next loads. */
export function useTickets(params: TicketListParams) {
  return useQuery({
    queryKey: [...ticketsKey, 'list', params],
    queryFn: ({ signal }) => apiRequest<{ count: number; data: DealerTicket[] }>('/dealer-tickets', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The dealers of one's subtree that have tickets: the desk's dealer filter. */
export function useTicketDealers() {
  return useQuery({
    queryKey: [...ticketsKey, 'dealers'],
    queryFn: ({ signal }) => apiRequest<{ data: TicketDealer[] }>('/dealer-tickets/dealers', { signal }),
  });
}

export function useArchiveTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) =>
      apiRequest<DealerTicket>(`/dealer-tickets/${id}/archived`, { method: 'PUT', body: { archived } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}

export function useBatchArchiveTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketIds, archived }: { ticketIds: number[]; archived: boolean }) =>
      apiRequest<{ changed: number }>('/dealer-tickets/batch-archive', { method: 'POST', body: { ticketIds, archived } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}
