import { useQuery } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/policies';
import type { PolicyKind, PolicyLanguage } from '@casebridge/shared/schemas/policies';
import { endpointQuery, pathKey, useEndpointMutation, useMultipartMutation } from '../../../lib/endpoint-query.ts';

export type { PolicyDocument, PolicyKind, PolicyLanguage } from '@casebridge/shared/schemas/policies';

export const policyDocumentListQuery = endpointQuery(contracts.listPolicyDocuments, {});

export function usePolicyDocuments() {
  return useQuery({ ...policyDocumentListQuery, select: (response) => response.data });
}

/** A new document replaces the active one of its kind and language: the list and the public links (a prefix) are stale. */
export function usePublishPolicy() {
  return useMultipartMutation(
    contracts.publishPolicyDocument,
    (input: { kind: PolicyKind; language: PolicyLanguage; file: File }) => ({
      data: { kind: input.kind, language: input.language },
      file: input.file,
    }),
    [pathKey(contracts.listPolicyDocuments)],
  );
}

/** Changes the mills' consent, which no query of this feature shows. */
export function useRequireApprovalAgain() {
  return useEndpointMutation(contracts.requirePolicyApproval, () => ({}), []);
}
