import { z } from 'zod';

/** The documents a mill approves (spec: terms of service and data processing), each in English and German. */
export const POLICY_KINDS = ['terms-of-service', 'data-processing'] as const;
export const POLICY_LANGUAGES = ['en', 'de'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];
export type PolicyLanguage = (typeof POLICY_LANGUAGES)[number];

/** The `data` part of an upload: which document the PDF is. */
export const policyUploadDataSchema = z.strictObject({ kind: z.enum(POLICY_KINDS), language: z.enum(POLICY_LANGUAGES) });

export const policyDocumentSchema = z.object({
  id: z.number(),
  kind: z.enum(POLICY_KINDS),
  language: z.string(),
  title: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  /** A signed link to the content, valid for an hour. */
  url: z.string(),
});
export type PolicyDocument = z.infer<typeof policyDocumentSchema>;
