import { LICENCE_KEY_PATTERN } from '@casebridge/shared/constants/licence-key';
import {
  componentIds,
  TICKET_FORMAT_MESSAGE,
  type ComponentMetadata,
  type DealerConfiguration,
  type InstallationResult,
  type InstallationTestBody,
  type VerifyBody,
  type VerifyResult,
} from '@casebridge/shared/schemas/dealer-configurations';
import { createHash } from 'node:crypto';
import { authorize, grantAllows, type Grant } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { networkActor } from '../../platform/audit/audit-trail.ts';
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch.ts';
import { dealerById, dealerIsInSubtree } from '../dealers/dealers.queries.ts';
import { ticketDealerByKey } from '../licence-tickets/licence-tickets.queries.ts';
import { findConfiguration, saveComponentsMetadata, saveDraft } from './dealer-configurations.repository.ts';
import {
  forCall,
  ownConfigurationsAllowed,
  parseJson,
  resolveConfiguration,
  type Candidate,
  type ConfigDealer,
  type Loaded,
} from './dealer-configurations.rules.ts';

/**
 * The installation configuration test (issue 14 item 3; spec manager-dealer §2 configuration page,
 * §4, §5, §7; ADR 0013): a dealer's draft and production configuration, what the installer of a
 * ticket would receive, the component check, the push to production and the component metadata
 * generated from the components base URL. Every call is about one dealer (`dealerId`), whose
 * subtree bounds the tickets it may test.
 */

const PUSH_UNAVAILABLE = 'This functionality is unavailable: only a FixedJson configuration can be pushed to production';
const BASE_URL_MISSING = 'Set the components base URL of the dealer first';
const LIST_INVALID = 'The components base URL did not answer a list of components';
const INVALID_JSON = 'Invalid JSON';
/** A DynamicUrl answer and a components list are small JSON documents. */
const MAX_FETCH_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5000;
const MAX_COMPONENTS = 10_000;

type DealerRow = NonNullable<Awaited<ReturnType<typeof dealerById>>>;

function configDealer(row: DealerRow): ConfigDealer {
  return {
    id: row.id,
    dealerCode: row.dealerCode,
    name: row.name,
    parentId: row.parentId,
    configurationType: row.configurationType,
    ownConfigurationsAllowed: row.ownConfigurationsAllowed,
    strictModeConfiguration: row.strictModeConfiguration,
  };
}

async function dealerOrNotFound(deps: AppDeps, id: number): Promise<DealerRow> {
  const row = await dealerById(deps.db, id);
  if (!row) throw AppError.notFound('Dealer');
  return row;
}

/** The root of a dealer's tree: the first id of its materialised path. */
async function rootOf(deps: AppDeps, row: DealerRow): Promise<DealerRow> {
  if (row.parentId === null) return row;
  return dealerOrNotFound(deps, row.path[0] ?? row.id);
}

async function toConfiguration(deps: AppDeps, grant: Grant, dealer: DealerRow): Promise<DealerConfiguration> {
  const root = await rootOf(deps, dealer);
  const stored = await findConfiguration(deps.db, dealer.id);
  const production = dealer.fixedConfigJson ?? '';
  const components = stored?.componentsMetadata ?? null;
  return {
    dealerId: dealer.id,
    dealerCode: dealer.dealerCode,
    dealerName: dealer.name,
    isRoot: dealer.parentId === null,
    configurationType: dealer.configurationType,
    draftConfiguration: stored?.draftConfigJson ?? production,
    prodConfiguration: production,
    componentBaseURL: dealer.componentBaseUrl,
    ownConfigurationsAllowed: ownConfigurationsAllowed(configDealer(dealer), configDealer(root)),
    strictModeConfiguration: dealer.strictModeConfiguration,
    componentsMetadata:
      components && stored?.componentsGeneratedAt
        ? {
            fileName: stored.componentsMetadataFileName ?? 'components.json',
            generatedAt: stored.componentsGeneratedAt.toISOString(),
            count: components.length,
            components,
          }
        : null,
    // The grant is about this dealer: the rule book's dealer rules decide on it as they would for the call.
    canPublish: grantAllows(grant, 'dealerConfig.publish'),
    canEdit: grantAllows(grant, 'dealerConfig.edit'),
  };
}

export async function readConfiguration(deps: AppDeps, user: SessionUser, dealerId: number): Promise<DealerConfiguration> {
  const grant = await authorize(deps.db, user, 'dealerConfig.test', { dealerId });
  return toConfiguration(deps, grant, await dealerOrNotFound(deps, dealerId));
}

/** A dealer user edits only where own configurations are allowed (the rule book's dealer rule; the manager anywhere). */
async function editable(deps: AppDeps, user: SessionUser, action: 'dealerConfig.edit' | 'dealerConfig.publish', dealerId: number) {
  const grant = await authorize(deps.db, user, action, { dealerId });
  return { grant, dealer: await dealerOrNotFound(deps, dealerId) };
}

/** Saves the draft as typed (it may be unfinished JSON: validating is a separate step). */
export async function saveDraftConfiguration(
  deps: AppDeps,
  user: SessionUser,
  dealerId: number,
  draft: string,
): Promise<DealerConfiguration> {
  const { grant, dealer } = await editable(deps, user, 'dealerConfig.edit', dealerId);
  await saveDraft(deps.db, dealerId, draft);
  return toConfiguration(deps, grant, dealer);
}

function checkTicketFormat(ticketId: string): string {
  const key = ticketId.trim().toUpperCase();
  if (!LICENCE_KEY_PATTERN.test(key))
    throw new AppError(400, 'TICKET_FORMAT_INVALID', TICKET_FORMAT_MESSAGE, { ticketId: ['TICKET_FORMAT_INVALID'] });
  return key;
}

/**
 * What the installer would receive for a ticket of the dealer's subtree (spec §7
 * test/installation/config). In test mode FixedJson drafts apply, with the page's unsaved text
 * (`configJson`) as the tested dealer's draft; otherwise production.
 */
export async function testInstallation(
  deps: AppDeps,
  user: SessionUser,
  dealerId: number,
  body: InstallationTestBody,
): Promise<InstallationResult> {
  await authorize(deps.db, user, 'dealerConfig.test', { dealerId });
  const key = checkTicketFormat(body.ticketId);
  const ticket = await ticketDealerByKey(deps.db, key);
  // Another subtree's ticket is not found, exactly like a missing one.
  if (!ticket || ticket.dealerId === null || !(await dealerIsInSubtree(deps.db, dealerId, ticket.dealerId)))
    throw AppError.notFound('Ticket');
  const ticketDealer = await dealerOrNotFound(deps, ticket.dealerId);
  const root = await rootOf(deps, ticketDealer);
  const rows = new Map([ticketDealer, root].map((row) => [row.id, row]));
  const drafts = new Map<number, string | null>();
  const load = async (candidate: Candidate): Promise<Loaded> => {
    const row = rows.get(candidate.dealer.id)!;
    if (!drafts.has(row.id)) drafts.set(row.id, (await findConfiguration(deps.db, row.id))?.draftConfigJson ?? null);
    return loadContent(
      deps,
      row,
      { ...body, ticketId: key },
      row.id === dealerId ? body.configJson : undefined,
      drafts.get(row.id) ?? null,
    );
  };
  const resolved = await resolveConfiguration(configDealer(ticketDealer), configDealer(root), body.isTestMode, load);
  const named = (d: ConfigDealer | DealerRow) => ({ id: d.id, dealerCode: d.dealerCode, name: d.name });
  return {
    ticketId: key,
    dealer: named(ticketDealer),
    configurationDealer: resolved.dealer ? named(resolved.dealer) : null,
    source: resolved.source,
    configurationType: resolved.configurationType,
    version: resolved.version,
    call: body.initialCall ? 'initial' : 'update',
    reasons: resolved.reasons,
    configuration: resolved.value === null ? null : forCall(resolved.value, body.initialCall),
  };
}

/** One dealer's configuration content by its type, draft or production. */
async function loadContent(
  deps: AppDeps,
  row: DealerRow,
  body: InstallationTestBody & { ticketId: string },
  pageDraft: string | undefined,
  storedDraft: string | null,
): Promise<Loaded> {
  switch (row.configurationType) {
    case 'FixedJson': {
      if (body.isTestMode) {
        const text = pageDraft ?? storedDraft ?? row.fixedConfigJson;
        const parsed = parseJson(text);
        // The tested dealer's own draft is what the user is editing: say so, rather than skip it.
        if (!parsed.ok && pageDraft !== undefined) throw AppError.fields({ configJson: ['INVALID_JSON'] }, INVALID_JSON);
        return parsed.ok
          ? { ok: true, value: parsed.value, version: 'draft' }
          : { ok: false, reason: 'the draft is empty or not valid JSON' };
      }
      const parsed = parseJson(row.fixedConfigJson);
      return parsed.ok
        ? { ok: true, value: parsed.value, version: 'production' }
        : { ok: false, reason: 'the production configuration is empty or not valid JSON' };
    }
    case 'FixedFile': {
      const opened = row.fixedConfigFileKey ? await deps.storage.open(row.fixedConfigFileKey) : null;
      if (!opened) return { ok: false, reason: 'no configuration file is stored' };
      const parsed = parseJson(await readText(opened.stream));
      if (!parsed.ok) return { ok: false, reason: 'the configuration file is not valid JSON' };
      return {
        ok: true,
        value: parsed.value,
        version: 'production',
        note: body.isTestMode ? 'a FixedFile configuration has no draft: test mode uses the stored file' : undefined,
      };
    }
    case 'DynamicUrl': {
      if (!row.dynamicConfigUrlPath) return { ok: false, reason: 'no configuration URL is set' };
      let url: URL;
      try {
        url = new URL(row.dynamicConfigUrlPath);
      } catch {
        return { ok: false, reason: 'the configuration URL is not a valid URL' };
      }
      // The installer's question, as the dynamic service needs it to answer.
      url.searchParams.set('ticketId', body.ticketId);
      url.searchParams.set('initialCall', String(body.initialCall));
      url.searchParams.set('testMode', String(body.isTestMode));
      try {
        const fetched = await safeFetch(url.toString(), {
          allowedHosts: deps.config.outboundAllowedHosts,
          maxBytes: MAX_FETCH_BYTES,
          timeoutMs: FETCH_TIMEOUT_MS,
        });
        const parsed = parseJson(fetched.body.toString('utf8'));
        if (!parsed.ok) return { ok: false, reason: 'the configuration URL did not answer JSON' };
        return {
          ok: true,
          value: parsed.value,
          version: body.isTestMode ? 'draft' : 'production',
          note: `fetched from ${url.origin}${url.pathname}`,
        };
      } catch (error) {
        if (error instanceof SafeFetchError)
          return { ok: false, reason: `the configuration URL could not be fetched (${error.reason}: ${error.message})` };
        throw error;
      }
    }
    default:
      return { ok: false, reason: 'no configuration' };
  }
}

/** Checks the products' component lists against the dealer's component metadata (spec §7 components/verify). */
export async function verifyComponents(deps: AppDeps, user: SessionUser, dealerId: number, body: VerifyBody): Promise<VerifyResult> {
  await authorize(deps.db, user, 'dealerConfig.test', { dealerId });
  await dealerOrNotFound(deps, dealerId);
  const metadata = (await findConfiguration(deps.db, dealerId))?.componentsMetadata ?? null;
  const known = new Set((metadata ?? []).map((component) => component.id));
  const check = (ids: string[]) => ({ known: ids.filter((id) => known.has(id)), unknown: ids.filter((id) => !known.has(id)) });
  const mandatory = componentIds(body.mandatoryComponentsIds);
  const optional = componentIds(body.optionalComponentsIds);
  const mandatoryThenOptional = componentIds(body.mandatoryThenOptionalComponentsIds);
  const seen = new Map<string, number>();
  for (const id of [...mandatory, ...optional, ...mandatoryThenOptional]) seen.set(id, (seen.get(id) ?? 0) + 1);
  const inSeveralLists = [...seen].filter(([, times]) => times > 1).map(([id]) => id);
  const result = { mandatory: check(mandatory), optional: check(optional), mandatoryThenOptional: check(mandatoryThenOptional) };
  const unknownCount = result.mandatory.unknown.length + result.optional.unknown.length + result.mandatoryThenOptional.unknown.length;
  return {
    valid: metadata !== null && unknownCount === 0 && inSeveralLists.length === 0,
    ...result,
    inSeveralLists,
    hasMetadata: metadata !== null,
  };
}

declare module '../../platform/events/domain-events.ts' {
  interface DomainEvents {
    /** A dealer's tested configuration is ready for production: the dealer's production text, which the dealer form edits (dealers). */
    'dealerConfiguration.published': { dealerId: number; configJson: string };
  }
}

/**
 * Ready for production (spec §4, §7 push/config/to/production): FixedJson only; the JSON must
 * parse and is stored formatted; afterwards the production text is also the draft.
 */
export async function publishConfiguration(
  deps: AppDeps,
  user: SessionUser,
  dealerId: number,
  configJson: string,
): Promise<DealerConfiguration> {
  const { grant, dealer } = await editable(deps, user, 'dealerConfig.publish', dealerId);
  if (dealer.configurationType !== 'FixedJson') throw AppError.conflict(PUSH_UNAVAILABLE, 'CONFIGURATION_PUSH_UNAVAILABLE');
  const parsed = parseJson(configJson);
  if (!parsed.ok) throw AppError.fields({ configJson: ['INVALID_JSON'] }, INVALID_JSON);
  const text = JSON.stringify(parsed.value, null, 2);
  await deps.db.transaction(async (tx) => {
    await deps.events.publish(tx, 'dealerConfiguration.published', { dealerId, configJson: text });
    await saveDraft(tx, dealerId, text);
    await deps.audit.append(tx, {
      actor: networkActor(user, grant),
      action: 'dealerConfiguration.promoted',
      object: { kind: 'dealer', id: dealerId },
      before: { production: fingerprint(dealer.fixedConfigJson) },
      after: { production: fingerprint(text) },
      scope: { dealerId },
    });
  });
  return toConfiguration(deps, grant, await dealerOrNotFound(deps, dealerId));
}

/**
 * A production configuration in the audit trail (issue 28): its size and SHA-256, not its text. A
 * configuration is up to 1 MB and may carry a dealer's credentials for its services; the
 * fingerprint still tells which version was replaced by which.
 */
function fingerprint(text: string | null): { sha256: string; bytes: number } | null {
  if (!text) return null;
  return { sha256: createHash('sha256').update(text).digest('hex'), bytes: Buffer.byteLength(text) };
}

/**
 * Generates the component metadata (spec §4 component file, §7 components/xml) from
 * `<components base URL>/components.json`: a list of components, each an id or an object with
 * `id` and optional `name` and `version`. Stored as the dealer's metadata; the previous one stays
 * when anything fails.
 */
export async function generateComponentsMetadata(deps: AppDeps, user: SessionUser, dealerId: number): Promise<DealerConfiguration> {
  const { grant, dealer } = await editable(deps, user, 'dealerConfig.edit', dealerId);
  if (!dealer.componentBaseUrl) throw AppError.conflict(BASE_URL_MISSING, 'COMPONENT_BASE_URL_MISSING');
  let index: string;
  try {
    const base = dealer.componentBaseUrl.endsWith('/') ? dealer.componentBaseUrl : `${dealer.componentBaseUrl}/`;
    index = new URL('components.json', base).toString();
  } catch {
    throw new AppError(422, 'OUTBOUND_URL_REFUSED', 'The components base URL is not a valid URL');
  }
  let body: Buffer;
  try {
    body = (
      await safeFetch(index, { allowedHosts: deps.config.outboundAllowedHosts, maxBytes: MAX_FETCH_BYTES, timeoutMs: FETCH_TIMEOUT_MS })
    ).body;
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    if (error.reason === 'address' || error.reason === 'protocol' || error.reason === 'url')
      throw new AppError(422, 'OUTBOUND_URL_REFUSED', `The components base URL is not allowed: ${error.message}`);
    throw new AppError(502, 'OUTBOUND_URL_FAILED', `The components base URL could not be fetched: ${error.message}`);
  }
  const components = componentsOf(parseJson(body.toString('utf8')));
  if (!components) throw new AppError(422, 'COMPONENTS_LIST_INVALID', LIST_INVALID);
  await saveComponentsMetadata(deps.db, dealerId, components, `components-${dealer.dealerCode}.json`);
  return toConfiguration(deps, grant, dealer);
}

/** The components of a list answer, or null when it is none. */
function componentsOf(parsed: ReturnType<typeof parseJson>): ComponentMetadata[] | null {
  if (!parsed.ok) return null;
  const list = Array.isArray(parsed.value) ? parsed.value : (parsed.value as { components?: unknown } | null)?.components;
  if (!Array.isArray(list) || list.length > MAX_COMPONENTS) return null;
  const components: ComponentMetadata[] = [];
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, 200) : '');
  for (const item of list) {
    const entry: Record<string, unknown> = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : { id: item };
    const id = text(entry.id);
    if (!id) return null;
    components.push({ id, name: text(entry.name), version: text(entry.version) });
  }
  return components;
}

async function readText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
