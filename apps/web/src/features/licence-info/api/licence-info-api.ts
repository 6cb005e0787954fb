import { useQuery } from '@tanstack/react-query';
import type { LicenceContentResponse } from '@casebridge/shared/schemas/licence-tickets';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Where a page looks a key up: the public, rate-limited lookup (licence content only), or the
 * signed-in lookup by key within one's dealer subtree (the manager: all tickets).
 */
export type LicenceLookupSource = 'public' | 'signedIn';

function fetchContent(source: LicenceLookupSource, key: string, signal: AbortSignal): Promise<LicenceContentResponse> {
  if (source === 'public')
    return apiRequest<LicenceContentResponse>('/licence-content', { method: 'POST', body: { ticketId: key }, signal });
  return apiRequest<LicenceContentResponse>(`/dealer-tickets/by-key/${encodeURIComponent(key)}/content`, { signal });
}

/** The licence content of `key`, once there is a well-formed key to look up. */
export function useLicenceContent(source: LicenceLookupSource, key: string | null) {
  return useQuery({
    queryKey: ['licence-content', source, key],
    queryFn: ({ signal }) => fetchContent(source, key!, signal),
    enabled: key !== null,
    // The public lookup counts against a per-address limit: an answer is good for a while.
    staleTime: 60_000,
  });
}
