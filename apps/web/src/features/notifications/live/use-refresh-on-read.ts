import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isComponentKey } from '../../../lib/order-query-keys.ts';
import { notificationsQuery } from '../api/notifications-api.ts';

/**
 * Loading a component's page marks its messages, and the notifications about them, read on the
 * server. Refetching the notifications after each successful load keeps the bell from calling
 * them new until the next poll. Returns the unsubscribe function.
 */
export function refreshNotificationsOnRead(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isComponentKey(event.query.queryKey)) return;
    void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  });
}

export function useRefreshNotificationsOnRead(): void {
  const queryClient = useQueryClient();
  useEffect(() => refreshNotificationsOnRead(queryClient), [queryClient]);
}
