import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/two-factor-admin';
import { callEndpoint } from '../../../lib/api-call.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** The mill admin's side of two-factor sign-in (ADR 0020): the staff's requirement and a lost factor's reset. */
const requirementQuery = (millId: number) => endpointQuery(contracts.readMillRequirement, { params: { millId } });

export function useTwoFactorRequirement(millId: number) {
  return useQuery(requirementQuery(millId));
}

export function useSetTwoFactorRequirement(millId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => callEndpoint(contracts.setMillRequirement, { params: { millId }, body: { required } }),
    onSuccess: (answer) => queryClient.setQueryData(requirementQuery(millId).queryKey, answer),
  });
}

/** The member enrols again at the next sign-in: the count of staff without a second factor changes. */
export function useResetSecondFactor(millId: number) {
  return useEndpointMutation(contracts.resetMillStaffFactor, (id: number) => ({ params: { millId, id } }), [
    requirementQuery(millId).queryKey,
  ]);
}
