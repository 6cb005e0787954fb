import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/licence-tickets';
import type { DealerCustomer, DealerSummary } from '@casebridge/shared/schemas/dealers';
import { apiRequest, type QueryParams } from '../../../lib/api-client.ts';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { ticketsKey } from './tickets-api.ts';

/**
 * The desk's per-row changes (spec manager-dealer §2: assign a customer, move to another dealer,
 * external customer id) and the lists their pickers choose from. Every change refreshes the whole
 * desk (the row, its dealer filter and counts), as the archive calls in tickets-api.ts do.
 */
// The customers feature's key: a customer saved from the picker's form refreshes the picker too.
const customersKey = ['dealer-customers'] as const;

/** How many rows a picker adds at a time ("Show more"). */
export const PICKER_PAGE_SIZE = 20;

// The dealers and dealer-customers lists belong to features whose endpoints have no contracts yet (issue 27, later slices).
/**
 * A picker's list, PICKER_PAGE_SIZE rows at a time: `fetchNextPage` asks for the rows after those
 * shown. The search is part of the key, so another search starts again at the first rows.
 */
function usePickerList<T>(key: readonly unknown[], path: string, query: QueryParams, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...key, query],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<{ count: number; data: T[] }>(path, { query: { ...query, _start: pageParam, _limit: PICKER_PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.data.length, 0);
      // An empty page ends it too: the list shrank while the reader looked at it.
      return last.data.length > 0 && shown < last.count ? shown : undefined;
    },
    select: (data) => ({ rows: data.pages.flatMap((page) => page.data), count: data.pages.at(-1)?.count ?? 0 }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The customers a ticket can get: those of its dealer and that dealer's sub-dealers (what the server accepts). */
export function useTicketCustomerOptions(dealerId: number | null, search: string) {
  const query = { _sort: 'company:asc', _q: search || undefined, dealerId: dealerId ?? undefined, showSubDealerCustomers: 'true' };
  return usePickerList<DealerCustomer>([...customersKey, 'ticket-picker'], '/dealer-customers', query, dealerId !== null);
}

/** The dealers a ticket can move to: the server lists only the caller's subtree (the manager: all). */
export function useTicketDealerOptions(search: string) {
  return usePickerList<DealerSummary>(['dealers', 'ticket-picker'], '/dealers', { _sort: 'dealerId:asc', _q: search || undefined });
}

/** PUT /dealer-tickets/{id}/customer; null clears the customer. */
export function useAssignTicketCustomer() {
  return useEndpointMutation(
    contracts.assignTicketCustomer,
    ({ id, dealerCustomerId }: { id: number; dealerCustomerId: number | null }) => ({ params: { id }, body: { dealerCustomerId } }),
    [ticketsKey],
  );
}

/** PUT /dealer-tickets/{id}/dealer; the server resets the ticket's customer (spec §4). */
export function useMoveTicket() {
  return useEndpointMutation(
    contracts.moveTicket,
    ({ id, dealerId }: { id: number; dealerId: number }) => ({ params: { id }, body: { dealerId } }),
    [ticketsKey],
  );
}

/** PUT /dealer-tickets/{id}/external (spec fmCustomerId and fmCustomerDescription). */
export function useSetTicketExternal() {
  return useEndpointMutation(
    contracts.setTicketExternal,
    ({ id, externalCustomerId, description }: { id: number; externalCustomerId: string; description: string }) => ({
      params: { id },
      body: { externalCustomerId, description },
    }),
    [ticketsKey],
  );
}
