import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

export const appVersionQuery = queryOptions({
  queryKey: ['app', 'version'],
  queryFn: () => apiRequest<{ version: string }>('/app/version'),
  staleTime: Infinity,
});

export function useAppVersion() {
  return useQuery(appVersionQuery).data?.version;
}

/** Records the policy consent of the selected mill, then reloads the session that asked for it. */
export function useApprovePolicies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (millId: number) => apiRequest(`/mills/${millId}/approval`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
