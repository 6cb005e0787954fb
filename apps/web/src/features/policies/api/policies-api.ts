import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiMultipart, apiRequest } from '../../../lib/api-client.ts';

export type PolicyKind = 'terms-of-service' | 'data-processing';
export type PolicyLanguage = 'en' | 'de';

export interface PolicyDocument {
  id: number;
  kind: PolicyKind;
  language: PolicyLanguage;
  title: string;
  active: boolean;
  createdAt: string;
  url: string;
}

const policiesKey = ['policy-documents'] as const;

export function usePolicyDocuments() {
  return useQuery({
    queryKey: policiesKey,
    queryFn: () => apiRequest<{ data: PolicyDocument[] }>('/policy-documents'),
    select: (response) => response.data,
  });
}

export function usePublishPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: PolicyKind; language: PolicyLanguage; file: File }) =>
      apiMultipart<PolicyDocument>('/policy-documents', { kind: input.kind, language: input.language }, { file: input.file }, 'POST'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesKey }),
  });
}

export function useRequireApprovalAgain() {
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true; mills: number }>('/policy-documents/require-approval', { method: 'POST' }),
  });
}
