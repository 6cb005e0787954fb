import { z } from 'zod';
import { policyDocumentsResponseSchema } from '../schemas/account.ts';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import { policyDocumentSchema, policyUploadDataSchema } from '../schemas/policies.ts';
import { commonRefusals, defineEndpoint, uploadRefusals } from './core.ts';

/**
 * The policy documents (terms of service, data processing): the manager publishes signed PDFs,
 * everyone reads the ones in force. A document's content is served by a signed link, not a contract.
 */
const tags = ['policies'] as const;

export const activePolicyDocuments = defineEndpoint({
  method: 'GET',
  path: '/policy-documents/active',
  summary: 'Signed links to the active terms and data-processing documents',
  tags,
  access: 'public',
  responses: { 200: policyDocumentsResponseSchema },
});

export const listPolicyDocuments = defineEndpoint({
  method: 'GET',
  path: '/policy-documents',
  summary: 'Every policy document, newest first (manager)',
  tags,
  access: 'policies.read',
  responses: { 200: z.object({ data: z.array(policyDocumentSchema) }), ...commonRefusals },
});

export const publishPolicyDocument = defineEndpoint({
  method: 'POST',
  path: '/policy-documents',
  summary: 'Publish a signed PDF (manager; multipart: data {kind, language}, files.file)',
  tags,
  access: 'policies.manage',
  multipart: { file: 'file', data: policyUploadDataSchema },
  responses: { 200: policyDocumentSchema, ...uploadRefusals },
});

export const requirePolicyApproval = defineEndpoint({
  method: 'POST',
  path: '/policy-documents/require-approval',
  summary: 'Ask every mill to approve the policies again (manager)',
  tags,
  access: 'policies.manage',
  responses: { 200: z.object({ ok: z.literal(true), mills: z.number() }), ...commonRefusals },
});

export const approvePolicies = defineEndpoint({
  method: 'GET',
  path: '/mills/:id/approval',
  summary: 'Record that the signed-in mill user accepted the policies for this mill',
  // A GET although it records the consent: the route was declared so before its contract, which keeps it.
  tags: ['mills'],
  access: 'mill.approvePolicies',
  params: z.object({ id: idSchema }),
  responses: { 200: messageResponseSchema, ...commonRefusals },
});
