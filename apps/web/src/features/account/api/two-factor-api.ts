import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TotpEnrolment, TwoFactorStatus } from '@casebridge/shared/schemas/two-factor';
import { apiRequest } from '../../../lib/api-client.ts';

const statusKey = ['two-factor'];

export function useTwoFactorStatus() {
  return useQuery({ queryKey: statusKey, queryFn: () => apiRequest<TwoFactorStatus>('/users/me/two-factor') });
}

export function useStartTotp() {
  return useMutation({ mutationFn: () => apiRequest<TotpEnrolment>('/users/me/two-factor/totp', { method: 'POST' }) });
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<{ recoveryCodes: string[] }>('/users/me/two-factor/totp/confirm', { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => apiRequest('/users/me/two-factor/totp/disable', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
