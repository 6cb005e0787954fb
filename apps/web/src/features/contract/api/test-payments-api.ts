import { useQuery } from '@tanstack/react-query';
import type { InputOf } from '@casebridge/shared/contracts/core';
import * as contracts from '@casebridge/shared/contracts/test-payments';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';

/**
 * The built-in test payment provider's pages (only while no real provider is configured). No write
 * here changes what a query shows (a successful one leaves for the answer's redirect URL), so none
 * names a query to refresh.
 */
export type TestCard = InputOf<typeof contracts.payTestCheckout>['body'];

export function useTestCheckout(sessionId: string) {
  return useQuery(endpointQuery(contracts.describeTestCheckout, { params: { id: sessionId } }));
}

export function usePayTestCheckout(sessionId: string) {
  return useEndpointMutation(contracts.payTestCheckout, (card: TestCard) => ({ params: { id: sessionId }, body: card }), []);
}

export function useAbandonTestCheckout(sessionId: string) {
  return useEndpointMutation(contracts.abandonTestCheckout, () => ({ params: { id: sessionId } }), []);
}

export function useReplaceTestCard(portalId: string) {
  return useEndpointMutation(contracts.replaceTestCard, (card: TestCard) => ({ params: { id: portalId }, body: card }), []);
}
