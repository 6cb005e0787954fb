import { useQuery } from '@tanstack/react-query';
import { getPublicMill } from '@casebridge/shared/contracts/landing-page';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** The mill's public data (name, logo); the same cache entry as its public landing page. Without a mill it waits (id 0 is never asked). */
export function useLabMill(millId: number | null) {
  return useQuery({ ...endpointQuery(getPublicMill, { params: { id: millId ?? 0 } }), enabled: millId !== null });
}
