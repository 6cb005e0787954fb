import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MillRole } from '@casebridge/shared/constants/roles';
import type { MillUser } from '@casebridge/shared/schemas/mill-users';
import { apiRequest } from '../../../lib/api-client.ts';

export interface MillUserListParams {
  millRole?: MillRole;
  _start: number;
  _limit: number;
  _sort: string;
}

export interface MillUserBody {
  firstName: string;
  lastName: string;
  email: string;
  millRole: MillRole;
}

export const millUsersKey = (millId: number) => ['mills', millId, 'users'] as const;

export function useMillUsers(millId: number, params: MillUserListParams) {
  return useQuery({
    queryKey: [...millUsersKey(millId), params],
    queryFn: ({ signal }) => apiRequest<{ count: number; data: MillUser[] }>(`/mills/${millId}/users`, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

function useUsersMutation<Vars, Result>(millId: number, call: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: millUsersKey(millId) }) });
}

/** Adds a user (a new person gets an invitation mail) or, with an id, changes one. */
export function useSaveMillUser(millId: number) {
  return useUsersMutation(millId, ({ id, body }: { id?: number; body: MillUserBody }) =>
    id === undefined
      ? apiRequest<MillUser>(`/mills/${millId}/users`, { method: 'POST', body })
      : apiRequest<MillUser>(`/mills/${millId}/users/${id}`, { method: 'PUT', body }),
  );
}

export function useDeleteMillUser(millId: number) {
  return useUsersMutation(millId, (id: number) => apiRequest(`/mills/${millId}/users/${id}`, { method: 'DELETE' }));
}
