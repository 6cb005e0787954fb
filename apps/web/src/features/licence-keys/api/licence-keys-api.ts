import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LicenceKey } from '@casebridge/shared/schemas/licence-keys';
import { apiRequest } from '../../../lib/api-client.ts';

export interface LicenceKeyListParams {
  _start: number;
  _limit: number;
  _sort: string;
}

export const licenceKeysKey = (millId: number) => ['mills', millId, 'licence-keys'] as const;

export function useLicenceKeys(millId: number, params: LicenceKeyListParams) {
  return useQuery({
    queryKey: [...licenceKeysKey(millId), params],
    queryFn: ({ signal }) =>
      apiRequest<{ count: number; data: LicenceKey[] }>(`/mills/${millId}/toolpass-data-collection-consents`, {
        query: { ...params },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useKeysMutation<Vars, Result>(millId: number, call: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: licenceKeysKey(millId) }) });
}

export function useAddLicenceKey(millId: number) {
  return useKeysMutation(millId, (body: { licenseKey: string; enableDataCollection: boolean }) =>
    apiRequest<LicenceKey>('/toolpass-data-collection-consents', { method: 'POST', body: { millId, ...body } }),
  );
}

export function useSetDataCollection(millId: number) {
  return useKeysMutation(millId, ({ id, enableDataCollection }: { id: number; enableDataCollection: boolean }) =>
    apiRequest<LicenceKey>(`/toolpass-data-collection-consents/${id}`, { method: 'PUT', body: { enableDataCollection } }),
  );
}

export function useDeleteLicenceKey(millId: number) {
  return useKeysMutation(millId, (id: number) => apiRequest(`/toolpass-data-collection-consents/${id}`, { method: 'DELETE' }));
}
