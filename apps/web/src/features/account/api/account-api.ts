import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { updateProfile } from '@casebridge/shared/contracts/account';
import { changePassword } from '@casebridge/shared/contracts/auth';
import type { InputOf, MultipartDataOf } from '@casebridge/shared/contracts/core';
import { updateUserSettings } from '@casebridge/shared/contracts/user-settings';
import type { Company, CompanyInfoData } from '@casebridge/shared/schemas/account';
import { callEndpoint } from '../../../lib/api-call.ts';
import { apiMultipart, apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, useMultipartMutation } from '../../../lib/endpoint-query.ts';
import { sessionQueryKey, storeAuthResponse } from '../../../lib/session.ts';

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

/**
 * Invalidates nothing itself: the form refreshes the session after a plain save, while a new
 * address ends the session instead (refetching it then would only meet a 401).
 */
export function useSaveProfile() {
  return useMultipartMutation(
    updateProfile,
    ({ data, avatar }: { data: MultipartDataOf<typeof updateProfile>; avatar: File | null }) => ({ data, file: avatar }),
    [],
  );
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<typeof changePassword>['body']) => callEndpoint(changePassword, { body }),
    // The server invalidates older tokens on a password change, so the new one must be kept; it carries the session too.
    onSuccess: (auth) => storeAuthResponse(queryClient, auth),
  });
}

export function useSaveSettings() {
  return useEndpointMutation(updateUserSettings, (body: InputOf<typeof updateUserSettings>['body']) => ({ body }), [sessionQueryKey]);
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
