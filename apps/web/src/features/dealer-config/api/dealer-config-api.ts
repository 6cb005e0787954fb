import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/dealer-configurations';
import type { InputOf, SuccessOf } from '@casebridge/shared/contracts/core';
import { callEndpoint } from '../../../lib/api-call.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

type DealerConfiguration = SuccessOf<typeof contracts.getConfiguration>;
export type InstallationTestInput = InputOf<typeof contracts.testInstallation>['body'];
type VerifyInput = InputOf<typeof contracts.verifyComponents>['body'];

/** The configuration test of one dealer (`/dealers/{id}/configuration-test`, ADR 0013). */
export const configurationQuery = (dealerId: number) => endpointQuery(contracts.getConfiguration, { params: { id: dealerId } });

export function useDealerConfiguration(dealerId: number | null) {
  return useQuery({ ...configurationQuery(dealerId ?? 0), enabled: dealerId !== null });
}

/** Writes that answer the dealer's configuration put it straight into the cache (no refetch needed). */
function useConfigurationMutation<V>(dealerId: number | null, request: (id: number, variables: V) => Promise<DealerConfiguration>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => request(dealerId ?? 0, variables),
    onSuccess: (configuration) => {
      if (dealerId !== null) queryClient.setQueryData(configurationQuery(dealerId).queryKey, configuration);
    },
  });
}

export function useSaveDraft(dealerId: number | null) {
  return useConfigurationMutation(dealerId, (id, draftConfiguration: string) =>
    callEndpoint(contracts.saveDraft, { params: { id }, body: { draftConfiguration } }),
  );
}

export function usePublishConfiguration(dealerId: number | null) {
  return useConfigurationMutation(dealerId, (id, configJson: string) =>
    callEndpoint(contracts.publishConfiguration, { params: { id }, body: { configJson } }),
  );
}

export function useGenerateComponents(dealerId: number | null) {
  return useConfigurationMutation<void>(dealerId, (id) => callEndpoint(contracts.generateComponents, { params: { id } }));
}

/** A read-only check: it changes nothing the page has cached. */
export function useTestInstallation(dealerId: number | null) {
  return useMutation({
    mutationFn: (body: InstallationTestInput) => callEndpoint(contracts.testInstallation, { params: { id: dealerId ?? 0 }, body }),
  });
}

/** A read-only check: it changes nothing the page has cached. */
export function useVerifyComponents(dealerId: number | null) {
  return useMutation({
    mutationFn: (body: VerifyInput) => callEndpoint(contracts.verifyComponents, { params: { id: dealerId ?? 0 }, body }),
  });
}
