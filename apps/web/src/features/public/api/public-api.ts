import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { getPublicMill } from '@casebridge/shared/contracts/landing-page';
import { activePolicyDocuments } from '@casebridge/shared/contracts/policies';
import { apiRequest } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

export const policyDocumentsQuery = queryOptions({ ...endpointQuery(activePolicyDocuments, {}), staleTime: 5 * 60_000 });

export function usePolicyDocuments() {
  return useQuery(policyDocumentsQuery);
}

export function usePublicMill(millId: number) {
  return useQuery(endpointQuery(getPublicMill, { params: { id: millId } }));
}

export function useConfirmPayment() {
  return useMutation({
    mutationFn: (sessionId: string) => apiRequest<unknown>('/payments/success', { method: 'POST', body: { sessionId } }),
  });
}
