import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/two-factor-admin';
import { callEndpoint } from '../../../lib/api-call.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** Whether managers and dealer users must sign in with a second factor (ADR 0020; the manager's). */
const requirementQuery = () => endpointQuery(contracts.readPlatformRequirement, {});

export function usePlatformTwoFactorRequirement() {
  return useQuery(requirementQuery());
}

export function useSetPlatformTwoFactorRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => callEndpoint(contracts.setPlatformRequirement, { body: { required } }),
    onSuccess: (answer) => queryClient.setQueryData(requirementQuery().queryKey, answer),
  });
}
