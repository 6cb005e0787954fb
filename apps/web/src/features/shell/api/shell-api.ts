import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/app-info';
import { apiRequest } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

export const appVersionQuery = queryOptions({ ...endpointQuery(contracts.appVersion, {}), staleTime: Infinity });

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
