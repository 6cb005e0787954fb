import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { updateProfile } from '@casebridge/shared/contracts/account';
import { changePassword } from '@casebridge/shared/contracts/auth';
import { getLabOfCompany, updateLabShipping } from '@casebridge/shared/contracts/companies';
import { getOwnCompany, updateOwnCompany } from '@casebridge/shared/contracts/company-profile';
import type { InputOf, MultipartDataOf, SuccessOf } from '@casebridge/shared/contracts/core';
import { updateUserSettings } from '@casebridge/shared/contracts/user-settings';
import { callEndpoint, callMultipart } from '../../../lib/api-call.ts';
import { endpointQuery, useEndpointMutation, useMultipartMutation } from '../../../lib/endpoint-query.ts';
import { sessionQueryKey, storeAuthResponse } from '../../../lib/session.ts';

export const companyInfoQuery = endpointQuery(getOwnCompany, {});

export function useCompanyInfo() {
  return useQuery(companyInfoQuery);
}

export function useSaveCompanyInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, logo }: { data: MultipartDataOf<typeof updateOwnCompany>; logo: File | null }) =>
      callMultipart(updateOwnCompany, { data, file: logo }),
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

export type Lab = SuccessOf<typeof getLabOfCompany>;

const labQuery = (companyId: number) => endpointQuery(getLabOfCompany, { params: { id: companyId } });

/** The lab of the signed-in user's company, with its shipping address. */
export function useOwnLab(companyId: number | undefined) {
  return useQuery({ ...labQuery(companyId ?? 0), enabled: companyId !== undefined });
}

/** Puts the saved lab in the cache, so the form's next read is the saved address without a second request. */
export function useSaveShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ labId, body }: { labId: number; body: InputOf<typeof updateLabShipping>['body'] }) =>
      callEndpoint(updateLabShipping, { params: { id: labId }, body }),
    onSuccess: (lab) => queryClient.setQueryData(labQuery(lab.company.id).queryKey, lab),
  });
}
