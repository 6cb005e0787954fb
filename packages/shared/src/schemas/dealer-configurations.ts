import { z } from 'zod';
import { CONFIGURATION_TYPES } from './dealers.ts';

/**
 * The installation configuration test (spec manager-dealer §2 configuration page, §3 Dealer
 * configuration, §4 test/production, §5 ticket format and config JSON, §7 the configuration calls
 * under Dealers), in our REST shape under `/dealers/{id}/configuration-test`. ADR 0013 holds the
 * resolution rules.
 */

/** A configuration is a JSON document; 1 MB like the configuration file upload. */
export const CONFIG_JSON_MAX = 1024 * 1024;
const configText = z.string().max(CONFIG_JSON_MAX);

/** Spec §5 wording, also the text of the error code TICKET_FORMAT_INVALID. */
export const TICKET_FORMAT_MESSAGE = 'Invalid ticket format. Expected format: ABCDE-12345-FGHIJ-KLMNO-PQRST';

export const componentMetadataSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
});
export type ComponentMetadata = z.infer<typeof componentMetadataSchema>;

/** What the page shows for a dealer (GET). */
export const dealerConfigurationSchema = z.object({
  dealerId: z.number().int(),
  dealerCode: z.string(),
  dealerName: z.string(),
  isRoot: z.boolean(),
  configurationType: z.enum(CONFIGURATION_TYPES),
  /** The dealer's draft; the production text while no draft was saved. */
  draftConfiguration: z.string(),
  prodConfiguration: z.string(),
  componentBaseURL: z.string().nullable(),
  /** Whether this dealer may have a configuration of its own (ADR 0013). */
  ownConfigurationsAllowed: z.boolean(),
  strictModeConfiguration: z.boolean(),
  componentsMetadata: z
    .object({ fileName: z.string(), generatedAt: z.string(), count: z.number().int(), components: z.array(componentMetadataSchema) })
    .nullable(),
  /** Whether the caller is an admin-type user here: may push to production. */
  canPublish: z.boolean(),
  /** Whether the caller may save the draft and generate the components file. */
  canEdit: z.boolean(),
});
export type DealerConfiguration = z.infer<typeof dealerConfigurationSchema>;

export const draftBodySchema = z.strictObject({ draftConfiguration: configText });

/** Spec §7 test/installation/config: ticketId, initialCall, isTestMode, configJson. */
export const installationTestBodySchema = z.strictObject({
  // Checked against the 5×5 format by the service, so the answer carries its own error code.
  ticketId: z.string().max(100),
  initialCall: z.boolean().default(true),
  isTestMode: z.boolean().default(true),
  /** The page's unsaved draft; used in test mode when the tested dealer's own draft applies. */
  configJson: configText.optional(),
});
export type InstallationTestBody = z.infer<typeof installationTestBodySchema>;

export const CONFIGURATION_SOURCES = ['own', 'root', 'none'] as const;

export const installationResultSchema = z.object({
  ticketId: z.string(),
  /** The ticket's dealer, whose installer asks. */
  dealer: z.object({ id: z.number().int(), dealerCode: z.string(), name: z.string() }),
  /** The dealer whose configuration applies (the ticket's dealer or its root); null when none does. */
  configurationDealer: z.object({ id: z.number().int(), dealerCode: z.string(), name: z.string() }).nullable(),
  source: z.enum(CONFIGURATION_SOURCES),
  configurationType: z.enum(CONFIGURATION_TYPES),
  version: z.enum(['draft', 'production']),
  call: z.enum(['initial', 'update']),
  /** Why this configuration applies, step by step, in English (shown as is). */
  reasons: z.array(z.string()),
  /** What the installer receives: the parsed configuration, or null for none. */
  configuration: z.unknown(),
});
export type InstallationResult = z.infer<typeof installationResultSchema>;

/** Spec §7 components/verify; each list is comma-separated text or an array of ids. */
const idList = z.union([z.string().max(100_000), z.array(z.string().max(200)).max(5000)]).default('');
export const verifyBodySchema = z.strictObject({
  mandatoryComponentsIds: idList,
  optionalComponentsIds: idList,
  mandatoryThenOptionalComponentsIds: idList,
});
export type VerifyBody = z.input<typeof verifyBodySchema>;

const listCheck = z.object({ known: z.array(z.string()), unknown: z.array(z.string()) });
export const verifyResultSchema = z.object({
  valid: z.boolean(),
  mandatory: listCheck,
  optional: listCheck,
  mandatoryThenOptional: listCheck,
  /** Ids named in more than one list: the installer could not tell which rule holds. */
  inSeveralLists: z.array(z.string()),
  /** False when the dealer has no component metadata yet: every id is unknown. */
  hasMetadata: z.boolean(),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;

export const publishBodySchema = z.strictObject({ configJson: configText });

/** Splits a comma-separated list (or an array) into trimmed, non-empty, distinct ids. */
export function componentIds(value: string | readonly string[] | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : [...(value ?? [])];
  return [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
}

/** The component lists of a configuration's products section: an object or an array of them. */
export function productLists(configuration: unknown): { mandatory: string[]; optional: string[]; mandatoryThenOptional: string[] } {
  const lists = { mandatory: [] as string[], optional: [] as string[], mandatoryThenOptional: [] as string[] };
  const products = (configuration as { products?: unknown } | null)?.products;
  const entries = Array.isArray(products) ? products : products && typeof products === 'object' ? [products] : [];
  const read = (value: unknown) =>
    typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string')) ? componentIds(value) : [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') continue;
    const product = entry as Record<string, unknown>;
    lists.mandatory.push(...read(product.mandatory));
    lists.optional.push(...read(product.optional));
    lists.mandatoryThenOptional.push(...read(product.mandatoryThenOptional));
  }
  return {
    mandatory: [...new Set(lists.mandatory)],
    optional: [...new Set(lists.optional)],
    mandatoryThenOptional: [...new Set(lists.mandatoryThenOptional)],
  };
}
