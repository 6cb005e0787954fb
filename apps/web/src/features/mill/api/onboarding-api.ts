import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface Onboarding {
  companyDetails: boolean;
  landingPage: boolean;
  firstClientInvited: boolean;
  licenceKeys: boolean;
  desktopAppAvailable: boolean;
}

export function useOnboarding(millId: number) {
  return useQuery({
    queryKey: ['mills', millId, 'onboarding'],
    queryFn: () => apiRequest<Onboarding>(`/mills/${millId}/onboarding`),
  });
}
