import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealerConfiguration, InstallationResult, VerifyBody, VerifyResult } from '@casebridge/shared/schemas/dealer-configurations';
import { apiRequest } from '../../../lib/api-client.ts';

/** The configuration test calls of one dealer (`/dealers/{id}/configuration-test`, ADR 0013). */
const configurationKey = (dealerId: number | null) => ['dealer-configuration', dealerId] as const;

export function useDealerConfiguration(dealerId: number | null) {
  return useQuery({
    queryKey: configurationKey(dealerId),
    queryFn: ({ signal }) => apiRequest<DealerConfiguration>(`/dealers/${dealerId}/configuration-test`, { signal }),
    enabled: dealerId !== null,
  });
}

/** Mutations that answer the dealer's configuration put it straight into the cache. */
function useConfigurationMutation<V>(dealerId: number | null, request: (variables: V) => Promise<DealerConfiguration>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (configuration) => queryClient.setQueryData(configurationKey(dealerId), configuration),
  });
}

export function useSaveDraft(dealerId: number | null) {
  return useConfigurationMutation(dealerId, (draftConfiguration: string) =>
    apiRequest<DealerConfiguration>(`/dealers/${dealerId}/configuration-test/draft`, { method: 'PUT', body: { draftConfiguration } }),
  );
}

export function usePublishConfiguration(dealerId: number | null) {
  return useConfigurationMutation(dealerId, (configJson: string) =>
    apiRequest<DealerConfiguration>(`/dealers/${dealerId}/configuration-test/production`, { method: 'POST', body: { configJson } }),
  );
}

export function useGenerateComponents(dealerId: number | null) {
  return useConfigurationMutation(dealerId, () =>
    apiRequest<DealerConfiguration>(`/dealers/${dealerId}/components-metadata`, { method: 'POST' }),
  );
}

export interface InstallationTestInput {
  ticketId: string;
  initialCall: boolean;
  isTestMode: boolean;
  configJson?: string;
}

export function useTestInstallation(dealerId: number | null) {
  return useMutation({
    mutationFn: (body: InstallationTestInput) =>
      apiRequest<InstallationResult>(`/dealers/${dealerId}/configuration-test/installation`, { method: 'POST', body }),
  });
}

export function useVerifyComponents(dealerId: number | null) {
  return useMutation({
    mutationFn: (body: VerifyBody) => apiRequest<VerifyResult>(`/dealers/${dealerId}/configuration-test/verify`, { method: 'POST', body }),
  });
}
