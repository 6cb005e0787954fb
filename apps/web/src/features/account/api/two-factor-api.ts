import { useMutation, useQuery } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/two-factor';
import { callEndpoint } from '../../../lib/api-call.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';

const statusQuery = endpointQuery(contracts.twoFactorStatus, {});

export function useTwoFactorStatus() {
  return useQuery(statusQuery);
}

/** Changes no status yet: the authenticator counts only once its first code confirms it. */
export function useStartTotp() {
  return useMutation({ mutationFn: () => callEndpoint(contracts.startTotp, {}) });
}

export function useConfirmTotp() {
  return useEndpointMutation(contracts.confirmTotp, (code: string) => ({ body: { code } }), [statusQuery.queryKey]);
}

export function useDisableTotp() {
  return useEndpointMutation(contracts.disableTotp, (body: { password: string; code: string }) => ({ body }), [statusQuery.queryKey]);
}
