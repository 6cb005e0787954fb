import { queryOptions, useQuery } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/licence-info';
import { callEndpoint } from '../../../lib/api-call.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * Where a page looks a key up: the public, rate-limited lookup (licence content only), or the
 * signed-in lookup by key within one's dealer subtree (the manager: all tickets).
 */
export type LicenceLookupSource = 'public' | 'signedIn';

/**
 * The licence content of `key`. The public lookup is a POST (the key travels in the body, not in
 * logged URLs), so its key is the path with the ticket key added; the signed-in one is a plain read.
 */
export function licenceContentQuery(source: LicenceLookupSource, key: string) {
  if (source === 'signedIn') return endpointQuery(contracts.licenceContentByKey, { params: { key } });
  // Typed as endpointQuery's keys are, so both branches give the one options type.
  const queryKey: unknown[] = ['licence-content', key];
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => callEndpoint(contracts.publicLicenceContent, { body: { ticketId: key } }, signal),
  });
}

/** The licence content of `key`, once there is a well-formed key to look up. */
export function useLicenceContent(source: LicenceLookupSource, key: string | null) {
  return useQuery({
    ...licenceContentQuery(source, key ?? ''),
    enabled: key !== null,
    // The public lookup counts against a per-address limit: an answer is good for a while.
    staleTime: 60_000,
  });
}
