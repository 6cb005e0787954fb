import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/user-sessions';
import { callEndpoint } from '../../../lib/api-call.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** Where the user is signed in (ADR 0021). */
export const sessionsQuery = endpointQuery(contracts.listSessions, {});

export function useSessions() {
  return useQuery(sessionsQuery);
}

/** Invalidates the list also after a refusal: a 404 means the session had ended already, the list is stale. */
function useSessionsWrite<Vars>(call: (vars: Vars) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useEndSession() {
  return useSessionsWrite((sessionId: string) => callEndpoint(contracts.endSession, { params: { sessionId } }));
}

export function useEndOtherSessions() {
  return useSessionsWrite(() => callEndpoint(contracts.endOtherSessions, {}));
}
