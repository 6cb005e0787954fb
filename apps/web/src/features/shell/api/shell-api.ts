import { queryOptions, useQuery } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/app-info';
import { approvePolicies } from '@casebridge/shared/contracts/policies';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

export const appVersionQuery = queryOptions({ ...endpointQuery(contracts.appVersion, {}), staleTime: Infinity });

export function useAppVersion() {
  return useQuery(appVersionQuery).data?.version;
}

/** Records the policy consent of the selected mill, then reloads the session that asked for it. */
export function useApprovePolicies() {
  return useEndpointMutation(approvePolicies, (millId: number) => ({ params: { id: millId } }), [sessionQueryKey]);
}
