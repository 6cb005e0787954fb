import type { ConfigurationType } from '@casebridge/shared/schemas/dealers';

/**
 * Which configuration the installer of a ticket receives (ADR 0013), as pure rules: the service
 * loads dealers and contents, these decide. Kept apart so every type × permission combination is
 * tested as a table without a database.
 */

export interface ConfigDealer {
  id: number;
  dealerCode: string;
  name: string;
  parentId: number | null;
  configurationType: ConfigurationType;
  ownConfigurationsAllowed: boolean;
  strictModeConfiguration: boolean;
}

/**
 * Whether `dealer` may use (and its users edit) a configuration of its own (spec §5, §6): it has the
 * permission, and for a sub-dealer its root also allows own configurations in its network. A root's
 * configuration is the network's base and applies to its tickets whatever its flag says; the flag
 * only decides whether the root's own users test and edit it (the manager always may).
 */
export function ownConfigurationsAllowed(dealer: ConfigDealer, root: ConfigDealer): boolean {
  if (dealer.parentId === null) return dealer.ownConfigurationsAllowed;
  return root.ownConfigurationsAllowed && dealer.ownConfigurationsAllowed;
}

/** Strict mode only holds with own configurations (spec §4: turning those off turns strict off). */
export function strictMode(dealer: ConfigDealer, root: ConfigDealer): boolean {
  return dealer.parentId !== null && ownConfigurationsAllowed(dealer, root) && dealer.strictModeConfiguration;
}

export interface Candidate {
  dealer: ConfigDealer;
  source: 'own' | 'root';
}

/**
 * The configurations to try, in order; the first that yields content is what the installer gets.
 * A root dealer's ticket: the root's. A sub-dealer with own configurations: its own, then (not in
 * strict mode) the root's. A sub-dealer without: the root's.
 */
export function candidates(dealer: ConfigDealer, root: ConfigDealer): { list: Candidate[]; reasons: string[] } {
  if (dealer.parentId === null)
    return { list: [{ dealer, source: 'own' }], reasons: [`${dealer.dealerCode} is a root dealer: its own configuration applies`] };
  if (!ownConfigurationsAllowed(dealer, root)) {
    const why = root.ownConfigurationsAllowed
      ? `${dealer.dealerCode} may not use own configurations`
      : `the root ${root.dealerCode} allows no own configurations in its network`;
    return { list: [{ dealer: root, source: 'root' }], reasons: [`${why}: the root's configuration applies`] };
  }
  if (strictMode(dealer, root)) {
    return {
      list: [{ dealer, source: 'own' }],
      reasons: [`${dealer.dealerCode} uses its own configuration in strict mode: no fallback to the root ${root.dealerCode}`],
    };
  }
  return {
    list: [
      { dealer, source: 'own' },
      { dealer: root, source: 'root' },
    ],
    reasons: [`${dealer.dealerCode} may use its own configuration, falling back to the root ${root.dealerCode}'s`],
  };
}

/** What loading one candidate's content gave: the parsed configuration, or why there is none. */
export type Loaded = { ok: true; value: unknown; version: 'draft' | 'production'; note?: string } | { ok: false; reason: string };

export interface Resolution {
  source: 'own' | 'root' | 'none';
  dealer: ConfigDealer | null;
  configurationType: ConfigurationType;
  version: 'draft' | 'production';
  value: unknown;
  reasons: string[];
}

/** Walks the candidates with `load` (which knows types, draft and production, files and URLs). */
export async function resolveConfiguration(
  dealer: ConfigDealer,
  root: ConfigDealer,
  testMode: boolean,
  load: (candidate: Candidate) => Promise<Loaded>,
): Promise<Resolution> {
  const { list, reasons } = candidates(dealer, root);
  for (const candidate of list) {
    if (candidate.dealer.configurationType === 'None') {
      reasons.push(`${candidate.dealer.dealerCode} has no configuration (type None)`);
      continue;
    }
    const loaded = await load(candidate);
    if (!loaded.ok) {
      reasons.push(`${candidate.dealer.dealerCode} (${candidate.dealer.configurationType}): ${loaded.reason}`);
      continue;
    }
    if (loaded.note) reasons.push(loaded.note);
    reasons.push(`${candidate.dealer.dealerCode}'s ${candidate.dealer.configurationType} configuration applies (${loaded.version})`);
    return {
      source: candidate.source,
      dealer: candidate.dealer,
      configurationType: candidate.dealer.configurationType,
      version: loaded.version,
      value: loaded.value,
      reasons,
    };
  }
  reasons.push('the installer receives no configuration');
  return { source: 'none', dealer: null, configurationType: 'None', version: testMode ? 'draft' : 'production', value: null, reasons };
}

/**
 * The initial call and an update may differ: a configuration object's `initialCall` and `update`
 * members are laid over the rest for that call (ADR 0013); without them both calls get the same.
 */
export function forCall(value: unknown, initialCall: boolean): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { initialCall: initial, update, ...base } = value as Record<string, unknown>;
  const overlay = initialCall ? initial : update;
  return overlay && typeof overlay === 'object' && !Array.isArray(overlay) ? { ...base, ...(overlay as Record<string, unknown>) } : base;
}

/** Parses configuration JSON text; null for empty or invalid text. */
export function parseJson(text: string | null | undefined): { ok: true; value: unknown } | { ok: false } {
  if (text === null || text === undefined || text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch {
    return { ok: false };
  }
}
