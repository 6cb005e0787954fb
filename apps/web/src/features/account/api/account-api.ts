import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyInfoData } from '@casebridge/shared/schemas/account';
import type { AuthResponse, User, UserSettings } from '@casebridge/shared/schemas/auth';
import { apiMultipart, apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey, storeAuthResponse } from '../../../lib/session.ts';

export interface ProfileData {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword?: string;
}

export type ProfileResponse = User & { emailChanged?: boolean };

export interface PasswordChange {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

export const companyInfoQuery = queryOptions({
  queryKey: ['users', 'companyInfo'],
  queryFn: () => apiRequest<Company>('/users/companyInfo'),
});

export function useCompanyInfo() {
  return useQuery(companyInfoQuery);
}

export function useSaveCompanyInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, logo }: { data: CompanyInfoData; logo: File | null }) =>
      apiMultipart<Company>('/users/companyInfo', data, { logo }),
    onSuccess: (company) => queryClient.setQueryData(companyInfoQuery.queryKey, company),
  });
}

export function useSaveProfile() {
  return useMutation({
    mutationFn: ({ data, avatar }: { data: ProfileData; avatar: File | null }) =>
      apiMultipart<ProfileResponse>('/users/profile', data, { avatar }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) => apiRequest<AuthResponse>('/auth/password', { method: 'PUT', body }),
    // The server invalidates older tokens on a password change, so the new one must be kept.
    onSuccess: (auth) => storeAuthResponse(queryClient, auth),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<UserSettings>) => apiRequest<User>('/users/settings', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export interface ShippingAddress {
  street: string;
  city: string;
  zipCode: string;
  phone: string;
}

export interface Lab {
  id: number;
  company: { id: number; name: string };
  shippingAtSameAddress: boolean;
  shippingAddress: ShippingAddress;
}

export interface ShippingData {
  shippingAtSameAddress: boolean;
  shippingAddress: ShippingAddress;
}

const labQueryKey = (companyId: number) => ['labs', 'companies', companyId] as const;

/** The lab of the signed-in user's company, with its shipping address. */
export function useOwnLab(companyId: number | undefined) {
  return useQuery({
    queryKey: labQueryKey(companyId ?? 0),
    queryFn: () => apiRequest<Lab>(`/labs/companies/${companyId}`),
    enabled: companyId !== undefined,
  });
}

export function useSaveShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ labId, body }: { labId: number; body: ShippingData }) => apiRequest<Lab>(`/labs/${labId}`, { method: 'PUT', body }),
    onSuccess: (lab) => queryClient.setQueryData(labQueryKey(lab.company.id), lab),
  });
}
