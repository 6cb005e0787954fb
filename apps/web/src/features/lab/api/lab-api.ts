import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface LabMill {
  id: number;
  company: { id: number; name: string; logo: { url: string } | null };
  landingPageHeader: string;
  landingPageContent: string;
}

/** The mill's public data (name, logo); the same cache entry as its public landing page. */
export function useLabMill(millId: number | null) {
  return useQuery({
    queryKey: ['mills', millId, 'public'],
    queryFn: () => apiRequest<LabMill>(`/mills/${millId}`),
    enabled: millId !== null,
  });
}
