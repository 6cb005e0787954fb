import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/landing-page';
import type { MultipartDataOf, SuccessOf } from '@casebridge/shared/contracts/core';
import { callMultipart } from '../../../lib/api-call.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

export type MillLanding = SuccessOf<typeof contracts.getPublicMill>;
type LandingPageData = MultipartDataOf<typeof contracts.updateLandingPage>;

/** The same cache entry the public landing page reads, so a saved page shows there at once. */
export const millLandingQuery = (millId: number) => endpointQuery(contracts.getPublicMill, { params: { id: millId } });

export function useMillLanding(millId: number) {
  return useQuery(millLandingQuery(millId));
}

/** The answer replaces the landing query's data; the session's mill list (landingPageInfoIsUpdated, the logo) is stale. */
export function useUpdateLandingPage(millId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, logo }: { data: LandingPageData; logo: File | null }) =>
      callMultipart(contracts.updateLandingPage, { params: { id: millId }, data, file: logo }),
    onSuccess: (saved) => {
      queryClient.setQueryData(millLandingQuery(millId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
