import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UsageView } from '@casebridge/shared/schemas/usage';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Machines ping once a minute; the view asks again every 10 s so a machine that starts shows up
 * without a reload. Polling (rather than a push) works the same behind any number of portal
 * processes and costs one cheap query per open view.
 */
export const USAGE_REFRESH_MS = 10_000;

const usageKey = ['usage'] as const;

export function useUsageView(params: { _start: number; _limit: number }) {
  return useQuery({
    queryKey: [...usageKey, 'keys', params],
    queryFn: ({ signal }) => apiRequest<UsageView>('/usage/licence-keys', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: USAGE_REFRESH_MS,
  });
}

export interface UsageHour {
  hour: string;
  concurrent: number;
}

export function useUsageHistory(params: { from: string; to: string; licenceKeyId?: number }) {
  return useQuery({
    queryKey: [...usageKey, 'history', params],
    queryFn: ({ signal }) => apiRequest<{ data: UsageHour[] }>('/usage/history', { query: { ...params }, signal }),
    refetchInterval: 60_000,
  });
}

export function useSetAllowedUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ licenceKeyId, allowedUsers }: { licenceKeyId: number; allowedUsers: number }) =>
      apiRequest(`/usage/licence-keys/${licenceKeyId}/allowed-users`, { method: 'PUT', body: { allowedUsers } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usageKey }),
  });
}
