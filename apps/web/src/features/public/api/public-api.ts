import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicMill } from '@casebridge/shared/contracts/landing-page';
import { activePolicyDocuments } from '@casebridge/shared/contracts/policies';
import { confirmCheckout } from '@casebridge/shared/contracts/subscriptions';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';

export const policyDocumentsQuery = queryOptions({ ...endpointQuery(activePolicyDocuments, {}), staleTime: 5 * 60_000 });

export function usePolicyDocuments() {
  return useQuery(policyDocumentsQuery);
}

export function usePublicMill(millId: number) {
  return useQuery(endpointQuery(getPublicMill, { params: { id: millId } }));
}

/**
 * Confirms the checkout the provider sent the reader back from. The way back is a full page load,
 * so no subscription is cached yet that this would make stale.
 */
export function useConfirmPayment() {
  return useEndpointMutation(confirmCheckout, (sessionId: string) => ({ body: { sessionId } }), []);
}
