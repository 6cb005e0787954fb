import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { notificationSchema } from '@casebridge/shared/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';

export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => apiRequest<{ notifications: AppNotification[] }>('/notifications'),
  select: (data) => data.notifications,
  // Live events refresh this at once (live/use-live-events.ts); the slow poll covers a lost connection.
  refetchInterval: 60_000,
});

export function useNotifications(enabled = true) {
  return useQuery({ ...notificationsQuery, enabled });
}

export function useMarkReadState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { notificationIds: number[]; read: boolean }) =>
      apiRequest('/notifications/markReadState', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}
