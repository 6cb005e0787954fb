import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import * as contracts from '@casebridge/shared/contracts/licence-tickets';
import type { SuccessOf } from '@casebridge/shared/contracts/core';
import type { ARCHIVE_FILTERS, ticketListQuerySchema } from '@casebridge/shared/schemas/licence-tickets';
import { endpointQuery, pathKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';

export type ArchiveFilter = (typeof ARCHIVE_FILTERS)[number];
export type TicketListParams = z.input<typeof ticketListQuerySchema>;
export type TicketDealer = SuccessOf<typeof contracts.listTicketDealers>['data'][number];

/** Every desk query (the list, its dealer filter, a ticket's dialogs): what every ticket change makes stale. */
export const ticketsKey = pathKey(contracts.listTickets);

export const ticketListQuery = (query: TicketListParams) => endpointQuery(contracts.listTickets, { query });

export const ticketDealersQuery = () => endpointQuery(contracts.listTicketDealers, {});

/** One page of the ticket desk; the previous page stays shown while the next loads. */
export function useTickets(params: TicketListParams) {
  return useQuery({ ...ticketListQuery(params), placeholderData: keepPreviousData });
}

/** The dealers of one's subtree that have tickets: the desk's dealer filter. */
export function useTicketDealers() {
  return useQuery(ticketDealersQuery());
}

export function useArchiveTicket() {
  return useEndpointMutation(
    contracts.archiveTicket,
    ({ id, archived }: { id: number; archived: boolean }) => ({ params: { id }, body: { archived } }),
    [ticketsKey],
  );
}

export function useBatchArchiveTickets() {
  return useEndpointMutation(
    contracts.archiveTicketBatch,
    ({ ticketIds, archived }: { ticketIds: number[]; archived: boolean }) => ({ body: { ticketIds, archived } }),
    [ticketsKey],
  );
}
