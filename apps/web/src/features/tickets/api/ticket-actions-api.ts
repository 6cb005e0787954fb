import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { listCustomers } from '@casebridge/shared/contracts/dealer-customers';
import { listDealers } from '@casebridge/shared/contracts/dealers';
import * as contracts from '@casebridge/shared/contracts/licence-tickets';
import { callEndpoint } from '../../../lib/api-call.ts';
import { pathKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { ticketsKey } from './tickets-api.ts';

/**
 * The desk's per-row changes (spec manager-dealer §2: assign a customer, move to another dealer,
 * external customer id) and the lists their pickers choose from. Every change refreshes the whole
 * desk (the row, its dealer filter and counts), as the archive calls in tickets-api.ts do.
 */

/** How many rows a picker adds at a time ("Show more"). */
export const PICKER_PAGE_SIZE = 20;

interface PickerPage<T> {
  count: number;
  data: T[];
}

/**
 * A picker's list as `infiniteQueryOptions`, PICKER_PAGE_SIZE rows at a time: the next page asks
 * for the rows after those shown. The search is part of the key, so another search starts again at
 * the first rows. The key starts with the list's path, so a write that makes that list stale (a
 * customer saved from the picker's form, in the dealers feature) refreshes the picker too.
 */
function pickerQuery<T>(key: QueryKey, fetchPage: (start: number, signal: AbortSignal) => Promise<PickerPage<T>>) {
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.data.length, 0);
      // An empty page ends it too: the list shrank while the reader looked at it.
      return last.data.length > 0 && shown < last.count ? shown : undefined;
    },
  });
}

/** The customers a ticket can get: those of its dealer and that dealer's sub-dealers (what the server accepts). */
function ticketCustomerOptionsQuery(dealerId: number | null, search: string) {
  const query = { _sort: 'company:asc', _q: search || undefined, dealerId: dealerId ?? undefined, showSubDealerCustomers: 'true' } as const;
  return pickerQuery([...pathKey(listCustomers), 'ticket-picker', query], (start, signal) =>
    callEndpoint(listCustomers, { query: { ...query, _start: start, _limit: PICKER_PAGE_SIZE } }, signal),
  );
}

/** The dealers a ticket can move to: the server lists only the caller's subtree (the manager: all). */
function ticketDealerOptionsQuery(search: string) {
  const query = { _sort: 'dealerId:asc', _q: search || undefined } as const;
  return pickerQuery([...pathKey(listDealers), 'ticket-picker', query], (start, signal) =>
    callEndpoint(listDealers, { query: { ...query, _start: start, _limit: PICKER_PAGE_SIZE } }, signal),
  );
}

/** A picker's rows so far and the list's total; the last rows stay shown while another search loads. */
function usePickerList<T>(options: ReturnType<typeof pickerQuery<T>>, enabled = true) {
  return useInfiniteQuery({
    ...options,
    select: (data) => ({ rows: data.pages.flatMap((page) => page.data), count: data.pages.at(-1)?.count ?? 0 }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useTicketCustomerOptions = (dealerId: number | null, search: string) =>
  usePickerList(ticketCustomerOptionsQuery(dealerId, search), dealerId !== null);

export const useTicketDealerOptions = (search: string) => usePickerList(ticketDealerOptionsQuery(search));

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
