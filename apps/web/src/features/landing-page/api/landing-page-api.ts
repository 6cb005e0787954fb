import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiMultipart, apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

export interface MillLanding {
  id: number;
  company: { id: number; name: string; logo: { url: string } | null };
  landingPageHeader: string;
  landingPageContent: string;
}

export interface LandingPageData {
  landingPageHeader: string;
  landingPageContent: string;
}

export type MillDetail = MillLanding & { landingPageInfoIsUpdated: boolean; needPoliciesApproval: boolean; publicUrl: string };

/** The same cache entry the public landing page reads, so a saved page shows there at once. */
export const millLandingKey = (millId: number) => ['mills', millId, 'public'] as const;

export function useMillLanding(millId: number) {
  return useQuery({ queryKey: millLandingKey(millId), queryFn: () => apiRequest<MillLanding>(`/mills/${millId}`) });
}

export function useUpdateLandingPage(millId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, logo }: { data: LandingPageData; logo: File | null }) =>
      apiMultipart<MillDetail>(`/mills/${millId}`, data, { logo }),
    onSuccess: (saved) => {
      queryClient.setQueryData(millLandingKey(millId), saved);
      // The session's mill list carries landingPageInfoIsUpdated and the logo.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
