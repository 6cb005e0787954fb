import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Message } from '@casebridge/shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client.ts';

export type ReadFilter = 'all' | 'unread' | 'read';

export function messagesQuery(filter: ReadFilter, paging: { _start: number; _limit: number; _sort: string }) {
  return { ...paging, read: filter === 'all' ? undefined : filter === 'read' ? 'true' : 'false' };
}

export function useMessages(millId: number, filter: ReadFilter, paging: { _start: number; _limit: number; _sort: string }) {
  const query = messagesQuery(filter, paging);
  return useQuery({
    // Under 'orders' too, so sending or reading messages elsewhere refreshes this list.
    queryKey: ['orders', 'messages', millId, query],
    queryFn: ({ signal }) => apiRequest<{ count: number; data: Message[] }>(`/mills/${millId}/messages`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
