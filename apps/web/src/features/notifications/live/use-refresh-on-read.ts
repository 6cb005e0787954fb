import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationsQuery } from '../api/notifications-api.ts';

/**
 * The query key prefix of a component's detail (orders-api.ts `componentKey`). Features do not
 * import each other, so the key is named here; the test of this hook pins it.
 */
export const COMPONENT_QUERY_PREFIX = ['orders', 'component'] as const;

const isComponentKey = (key: readonly unknown[]) => COMPONENT_QUERY_PREFIX.every((part, i) => key[i] === part);

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
