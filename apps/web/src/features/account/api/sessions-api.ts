import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSession } from '@casebridge/shared/schemas/user-sessions';
import { apiRequest } from '../../../lib/api-client.ts';

/** Where the user is signed in (ADR 0021). */
export const sessionsQuery = queryOptions({
  queryKey: ['users', 'me', 'sessions'],
  queryFn: () => apiRequest<{ sessions: UserSession[] }>('/users/me/sessions'),
});

export function useSessions() {
  return useQuery(sessionsQuery);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/users/me/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ended: number }>('/users/me/sessions/end-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
