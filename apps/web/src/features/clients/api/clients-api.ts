import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@casebridge/shared/schemas/account';
import type { Client } from '@casebridge/shared/schemas/clients';
import { apiRequest } from '../../../lib/api-client.ts';

export type ClientStatusFilter = 'any' | 'active' | 'inactive';

export interface ClientListParams {
  status: ClientStatusFilter;
  _q?: string;
  _start: number;
  _limit: number;
  _sort: string;
}

export interface NewClient {
  firstName: string;
  lastName: string;
  email: string;
  activationMessage: string;
}

export interface AddClientResult {
  user: Client;
  confirmed: boolean;
}

export interface ClientLab {
  id: number;
  company: { id: number; name: string };
  shippingAtSameAddress: boolean;
  shippingAddress: { street: string; city: string; zipCode: string; phone: string };
}

export const clientsKey = (millId: number) => ['mills', millId, 'clients'] as const;

export function useClients(millId: number, params: ClientListParams) {
  return useQuery({
    queryKey: [...clientsKey(millId), 'list', params],
    queryFn: ({ signal }) => apiRequest<{ count: number; data: Client[] }>(`/mills/${millId}/clients`, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useClient(millId: number, userId: number) {
  return useQuery({
    queryKey: [...clientsKey(millId), 'one', userId],
    queryFn: () => apiRequest<Client>(`/mills/${millId}/clients/${userId}`),
  });
}

export function useClientCompany(companyId: number | undefined) {
  return useQuery({
    queryKey: ['companies', companyId],
    queryFn: () => apiRequest<Company>(`/companies/${companyId}`),
    enabled: companyId !== undefined,
  });
}

export function useClientLab(companyId: number | undefined) {
  return useQuery({
    queryKey: ['labs', 'companies', companyId],
    queryFn: () => apiRequest<ClientLab>(`/labs/companies/${companyId}`),
    enabled: companyId !== undefined,
  });
}

export function fetchActivationInstructions(millId: number, userId: number) {
  return apiRequest<{ message: string }>(`/mills/${millId}/clients/activation-instructions/${userId}`);
}

function useClientMutation<Vars, Result>(millId: number, call: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey(millId) }),
  });
}

export function useAddClient(millId: number) {
  return useClientMutation(millId, (body: NewClient) => apiRequest<AddClientResult>(`/mills/${millId}/clients`, { method: 'POST', body }));
}

export function useSendInvite(millId: number) {
  return useClientMutation(millId, (userId: number) =>
    apiRequest<{ ok: boolean; message: string; landingPageInfoIsUpdated: boolean }>(
      `/mills/${millId}/clients/send-activation-instructions/${userId}`,
      { method: 'POST' },
    ),
  );
}

export function useDeleteClient(millId: number) {
  return useClientMutation(millId, (userId: number) => apiRequest(`/mills/${millId}/clients/${userId}`, { method: 'DELETE' }));
}

export function useSetClientBlocked(millId: number) {
  return useClientMutation(millId, (body: { userId: number; blockedByMill: boolean }) =>
    apiRequest<{ userId: number; blockedByMill: boolean }>(`/mill/${millId}/updateLabBlockStatus`, { method: 'POST', body }),
  );
}
