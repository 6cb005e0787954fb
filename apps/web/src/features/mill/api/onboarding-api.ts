import { useQuery } from '@tanstack/react-query';
import { millOnboarding } from '@casebridge/shared/contracts/onboarding';
import type { SuccessOf } from '@casebridge/shared/contracts/core';
import { listMillOrders } from '@casebridge/shared/contracts/orders';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

export type Onboarding = SuccessOf<typeof millOnboarding>;

export function useOnboarding(millId: number) {
  return useQuery(endpointQuery(millOnboarding, { params: { id: millId } }));
}

/**
 * How many orders this mill has, from its orders list (one row asked for, the count is what
 * matters). The session's count sums all of a user's mills, so it cannot speak for one of them.
 */
export function useMillOrderCount(millId: number) {
  return useQuery({
    ...endpointQuery(listMillOrders, { params: { millId }, query: { _start: 0, _limit: 1 } }),
    select: (page) => page.count,
  });
}
