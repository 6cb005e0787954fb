import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Message } from '@casebridge/shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client.ts';

export type ReadFilter = 'all' | 'unread' | 'read';

export function messagesQuery(filter: ReadFilter, paging: { _start: number; _limit: number; _sort: string }, client?: number) {
  return { ...paging, read: filter === 'all' ? undefined : filter === 'read' ? 'true' : 'false', client };
}

/** `client` (a lab id) narrows a mill's messages to one client's orders. */
export function useMessages(
  millId: number,
  filter: ReadFilter,
  paging: { _start: number; _limit: number; _sort: string },
  client?: number,
) {
  const query = messagesQuery(filter, paging, client);
  return useQuery({
    // Under 'orders' too, so sending or reading messages elsewhere refreshes this list.
    queryKey: ['orders', 'messages', millId, query],
    queryFn: ({ signal }) => apiRequest<{ count: number; data: Message[] }>(`/mills/${millId}/messages`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
