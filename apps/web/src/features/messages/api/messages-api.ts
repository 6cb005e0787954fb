import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/messages';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

export type ReadFilter = 'all' | 'unread' | 'read';
/** The list kit's offset query (offsetQuery); without `_sort` the API's own order, newest first. */
type Paging = { _start: number; _limit: number; _sort?: string };

export function messagesQuery(filter: ReadFilter, paging: Paging, client?: number) {
  return { ...paging, read: filter === 'all' ? undefined : filter === 'read' ? ('true' as const) : ('false' as const), client };
}

/** `client` (a lab id) narrows a mill's messages to one client's orders. */
export function messageListQuery(millId: number, query: ReturnType<typeof messagesQuery>) {
  return endpointQuery(contracts.listMessages, { params: { millId }, query });
}

export function useMessages(millId: number, filter: ReadFilter, paging: Paging, client?: number) {
  return useQuery({ ...messageListQuery(millId, messagesQuery(filter, paging, client)), placeholderData: keepPreviousData });
}
