import { createHash, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '@casebridge/shared/errors';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import { dealerTicketSchema, licenceContentSchema } from '@casebridge/shared/schemas/licence-tickets';
import type { z } from 'zod';
import type {
  pushedTicketSchema,
  ActiveProductResponse,
  DealerTicket,
  LicenceContent,
  LicenceContentResponse,
  TicketRegistration,
} from '@casebridge/shared/schemas/licence-tickets';
import { authorize, listScopeOf, type Grant } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { networkActor, type AuditEntry } from '../../platform/audit/audit-trail.ts';
import type { RateLimitPolicy } from '../../lib/rate-limit-guard.ts';
import { cachePerApp } from '../../lib/versioned-response-cache.ts';
import { customerById } from '../dealer-customers/dealer-customers.queries.ts';
import { dealerIsInSubtree } from '../dealers/dealers.queries.ts';
import {
  archiveTickets,
  countDeskSearch,
  countOfDesk,
  dealerIdsByCode,
  dealersWithTickets,
  deskPageIds,
  deskRowsByIds,
  dealerDeskVersion,
  findDeskTicket,
  lockTicketByKey,
  moveTicket,
  networkDeskVersion,
  setTicketCustomer,
  setTicketExternal,
  setTicketUsed,
  ticketContentById,
  ticketContentByKey,
  ticketIdByKey,
  ticketRegistrationSource,
  upsertPushedTickets,
  type DeskRow,
  type PushedTicketRow,
  type TicketListQuery,
  type TicketScope,
} from './licence-tickets.repository.ts';

type PushedTicket = z.infer<typeof pushedTicketSchema>;
export type { PushedTicketRow, TicketListQuery };

/**
 * Licence tickets (DESIGN §1): keys of the desktop software that dealers hand out. An unused ticket
 * is the activation key of a sign-up (modules/auth); below the sign-up helpers are the dealers'
 * ticket desk, the licence content lookup and the licence server's push.
 */
export interface SignUpTicket {
  id: number;
  /** Already created a mill: the key cannot be used again. */
  used: boolean;
}

/**
 * The ticket of an activation key, locked until the caller's transaction ends: a second sign-up
 * with the same key waits, then sees it used. Null for an unknown key.
 */
export async function lockTicketForSignUp(tx: Db, key: string): Promise<SignUpTicket | null> {
  const ticket = await lockTicketByKey(tx, key);
  return ticket ? { id: ticket.id, used: ticket.usedByMillId !== null } : null;
}

/** Records which mill the ticket created, in the sign-up's transaction. */
export async function markTicketUsed(tx: Db, ticketId: number, millId: number): Promise<void> {
  await setTicketUsed(tx, ticketId, millId);
}

// ---- The dealers' ticket desk (issue 14; spec manager-dealer §2 dealer tickets, §4, §5, §7 Tickets) ----

// Spec §2 and §5, in the words the dealer screens show.
const CUSTOMER_NOT_IN_SUBTREE = "The customer must belong to the ticket's dealer or one of its sub-dealers";

/** What an anonymous or repeated lookup may cost: enough for people, too few to walk the key space. */
export const LICENCE_LOOKUP_LIMIT: RateLimitPolicy = { perIp: { max: 60, windowMs: 15 * 60_000 } };
/** The licence server must answer within this, else the lookup answers 502. */
export const LICENCE_CONTENT_TIMEOUT_MS = 5000;
/** Licence content is a few kilobytes; a larger answer is not one. */
const MAX_CONTENT_BYTES = 2 * 1024 * 1024;

function ticketStatus(row: DeskRow): DealerTicket['status'] {
  if (row.expiryInDays === null) return 'unlimited';
  return row.expiryInDays < 0 ? 'expired' : 'active';
}

function toTicket(row: DeskRow): DealerTicket {
  return {
    id: row.id,
    key: row.key,
    status: ticketStatus(row),
    expiryInDays: row.expiryInDays,
    licenceExpiry: row.licenceExpiry,
    maintenanceExpiry: row.maintenanceExpiry,
    productText: row.productText,
    dealer:
      row.dealerId === null
        ? null
        : { id: row.dealerId, dealerCode: row.dealerCode ?? '', name: row.dealerName ?? '', parentId: row.dealerParentId },
    customer:
      row.customerId === null
        ? null
        : {
            id: row.customerId,
            customerId: row.customerCode ?? '',
            name: [row.customerCompany, row.customerLastName].filter(Boolean).join(', '),
          },
    externalCustomerId: row.externalCustomerId,
    description: row.description,
    archived: row.archived,
    hasContent: row.hasContent,
    signedUpMill: row.signedUpMillId === null ? null : { id: row.signedUpMillId, name: row.signedUpMillName ?? '' },
  };
}

/**
 * A ticket the caller may act on: one of its subtree (the manager: any). Another subtree's ticket,
 * and a ticket of no dealer for a dealer user, answer 404 exactly like a missing one.
 */
async function ticketFor<
  A extends 'tickets.read' | 'tickets.readRegistration' | 'tickets.assign' | 'tickets.move' | 'tickets.archive' | 'tickets.setExternal',
>(db: Db, user: SessionUser, action: A, id: number): Promise<{ row: DeskRow; grant: Grant }> {
  const row = await findDeskTicket(db, id);
  if (!row) throw AppError.notFound('Ticket');
  if (row.dealerId === null) {
    const grant = await authorize(db, user, 'tickets.list', {});
    if (grant.role !== 'manager') throw AppError.notFound('Ticket');
    return { row, grant };
  }
  try {
    return { row, grant: await authorize(db, user, action, { dealerId: row.dealerId }) };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw AppError.notFound('Ticket');
    throw error;
  }
}

/** A desk answer of 10 rows is about 6 KB, of 100 rows 60 KB: this holds a few thousand pages. */
const DESK_CACHE_BYTES = 32 * 1024 * 1024;
const deskAnswerSchema = listResponseSchema(dealerTicketSchema);

/** One cache per running app (its deps). */
const deskCacheOf = cachePerApp<AppDeps>(() => DESK_CACHE_BYTES);

/** The caller's desk stamp: the network's for the manager, its tree's for a dealer user. */
async function deskVersionOf(db: Db, grant: Grant): Promise<string> {
  return grant.dealer ? dealerDeskVersion(db, grant.dealer.rootId) : networkDeskVersion(db);
}

/**
 * The desk, as its serialized answer. A root dealer asks for the same pages of 100,000 tickets
 * over and over, so whole answers are kept in the versioned cache under the tree's desk stamp,
 * which moves with every ticket write and every rename of what a row shows (migration 0025),
 * and under today's date, from which the days to expiry count. A search's count (a weak term like
 * "mill pro" matches a fifth of the tickets) is kept apart, so paging a search counts it once.
 */
export async function listTickets(deps: AppDeps, user: SessionUser, query: TicketListQuery): Promise<string> {
  const grant = await authorize(deps.db, user, 'tickets.list', {});
  // A filter on another subtree's dealer answers 404, like a missing dealer.
  if (query.dealerId !== undefined) await authorize(deps.db, grant, 'tickets.read', { dealerId: query.dealerId });
  const scope: TicketScope = listScopeOf(grant);
  // Read before anything is built: a kept answer can only be newer than its stamp.
  const version = await deskVersionOf(deps.db, grant);
  const today = new Date().toISOString().slice(0, 10);
  return deskCacheOf(deps).getOrBuild(JSON.stringify(['page', scope, query, today]), version, () =>
    buildDesk(deps, scope, query, version, today),
  );
}

async function buildDesk(deps: AppDeps, scope: TicketScope, query: TicketListQuery, version: string, today: string): Promise<string> {
  const filter = { search: query.search, dealerId: query.dealerId, archived: query.archived };
  const count = filter.search
    ? deskCacheOf(deps).getOrBuild(JSON.stringify(['count', scope, filter]), version, async () =>
        String(await countDeskSearch(deps.db, scope, filter)),
      )
    : countOfDesk(deps.db, query.dealerId ?? (scope.kind === 'subtree' ? scope.dealerId : null), query.archived);
  const [ids, total] = await Promise.all([deskPageIds(deps.db, scope, query), count]);
  const rows = await deskRowsByIds(deps.db, ids, today);
  return JSON.stringify(deskAnswerSchema.parse({ count: Number(total), data: rows.map(toTicket) }));
}

export async function listTicketDealers(deps: AppDeps, user: SessionUser) {
  const grant = await authorize(deps.db, user, 'tickets.list', {});
  return { data: await dealersWithTickets(deps.db, listScopeOf(grant)) };
}

async function reread(db: Db, id: number): Promise<DealerTicket> {
  const row = await findDeskTicket(db, id);
  if (!row) throw AppError.notFound('Ticket');
  return toTicket(row);
}

export async function assignCustomer(deps: AppDeps, user: SessionUser, id: number, customerId: number | null): Promise<DealerTicket> {
  const { row, grant } = await ticketFor(deps.db, user, 'tickets.assign', id);
  if (customerId !== null) {
    const customer = await customerById(deps.db, customerId);
    // Missing and foreign customers answer alike, so the field error leaks nothing.
    const inSubtree = customer !== null && row.dealerId !== null && (await dealerIsInSubtree(deps.db, row.dealerId, customer.dealerId));
    if (!inSubtree) throw AppError.fields({ dealerCustomerId: ['VALIDATION_FAILED'] }, CUSTOMER_NOT_IN_SUBTREE);
  }
  await deps.db.transaction(async (tx) => {
    await setTicketCustomer(tx, id, customerId);
    const change = [{ customerId: row.customerId }, { customerId }] as const;
    await deps.audit.append(tx, ticketAudit(user, grant, { id, dealerId: row.dealerId }, 'ticket.assigned', ...change));
  });
  return reread(deps.db, id);
}

export async function changeTicketDealer(deps: AppDeps, user: SessionUser, id: number, dealerId: number): Promise<DealerTicket> {
  const { row, grant } = await ticketFor(deps.db, user, 'tickets.move', id);
  // The target must be in the caller's subtree too: another subtree's dealer is 404.
  await authorize(deps.db, grant, 'tickets.move', { dealerId });
  await deps.db.transaction(async (tx) => {
    await moveTicket(tx, id, dealerId);
    // In the new dealer's trail: the mover's own subtree holds both dealers, so the mover reads it.
    const change = [
      { dealerId: row.dealerId, customerId: row.customerId },
      { dealerId, customerId: null },
    ] as const;
    await deps.audit.append(tx, ticketAudit(user, grant, { id, dealerId }, 'ticket.moved', ...change));
  });
  return reread(deps.db, id);
}

export async function setExternalCustomer(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  externalCustomerId: string,
  description: string,
): Promise<DealerTicket> {
  const { row, grant } = await ticketFor(deps.db, user, 'tickets.setExternal', id);
  await deps.db.transaction(async (tx) => {
    await setTicketExternal(tx, id, externalCustomerId, description);
    const before = { externalCustomerId: row.externalCustomerId, description: row.description };
    const after = { externalCustomerId, description };
    await deps.audit.append(tx, ticketAudit(user, grant, { id, dealerId: row.dealerId }, 'ticket.externalCustomer.changed', before, after));
  });
  return reread(deps.db, id);
}

export async function archiveTicket(deps: AppDeps, user: SessionUser, id: number, archived: boolean): Promise<DealerTicket> {
  const { grant } = await ticketFor(deps.db, user, 'tickets.archive', id);
  await archiveAudited(deps, user, grant, [id], archived);
  return reread(deps.db, id);
}

export async function archiveTicketBatch(deps: AppDeps, user: SessionUser, ids: number[], archived: boolean): Promise<{ changed: number }> {
  // The batch names no dealer: the caller's own subtree bounds it in the statement itself.
  const grant = await authorize(deps.db, user, 'tickets.archiveMany', {});
  return { changed: await archiveAudited(deps, user, grant, [...new Set(ids)], archived) };
}

/** Archives or unarchives in one transaction with an audit entry per ticket that changed; answers how many. */
async function archiveAudited(deps: AppDeps, user: SessionUser, grant: Grant, ids: number[], archived: boolean): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const changed = await archiveTickets(tx, listScopeOf(grant), ids, archived);
    const action = archived ? 'ticket.archived' : 'ticket.unarchived';
    for (const ticket of changed)
      await deps.audit.append(tx, ticketAudit(user, grant, ticket, action, { archived: !archived }, { archived }));
    return changed.length;
  });
}

/**
 * An audit entry about a licence ticket (issue 28: ticket moves, archives and assignments), in its
 * dealer's trail, so the dealers above read it through their subtree; a ticket of no dealer is the manager's.
 */
function ticketAudit(
  user: SessionUser,
  grant: Grant,
  ticket: { id: number; dealerId: number | null },
  action: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditEntry {
  const object = { kind: 'ticket', id: ticket.id };
  return { actor: networkActor(user, grant), action, object, before, after, scope: { dealerId: ticket.dealerId } };
}

// ---- Licence content (spec §2 licence info page, §3 Licence content, §7 POST to a configurable URL) ----

function withKey(key: string, content: LicenceContent): LicenceContentResponse {
  return { ...content, mainProductInfo: { ticketId: key, ...content.mainProductInfo } };
}

const serverUnavailable = (why: string) => new AppError(502, 'LICENCE_SERVER_UNAVAILABLE', `The licence server cannot be reached (${why})`);

/**
 * Asks the licence server for a ticket's content. Whatever goes wrong on the way (no answer in
 * time, an error status, a body that is no licence content) is the upstream's fault: 502, never
 * 500. Its 404 means the ticket is unknown there.
 */
async function fetchContent(url: string, key: string): Promise<LicenceContent> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ticketId: key }),
      signal: AbortSignal.timeout(LICENCE_CONTENT_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw serverUnavailable(error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'no connection');
  }
  if (response.status === 404) {
    await response.body?.cancel();
    throw AppError.notFound('Ticket');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw serverUnavailable(`status ${response.status}`);
  }
  let text: string;
  try {
    text = await readCapped(response, MAX_CONTENT_BYTES);
  } catch {
    throw serverUnavailable('answer too large or cut off');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw serverUnavailable('answer is not JSON');
  }
  const parsed = licenceContentSchema.safeParse(json);
  if (!parsed.success) throw serverUnavailable('answer is not licence content');
  return parsed.data;
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new Error('too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function contentOf(deps: AppDeps, key: string, stored: LicenceContent | null | undefined): Promise<LicenceContentResponse> {
  if (deps.config.licenceContentUrl) return withKey(key, await fetchContent(deps.config.licenceContentUrl, key));
  if (!stored) throw AppError.notFound('Licence content');
  return withKey(key, stored);
}

/**
 * The public lookup: licence content only, never a dealer, customer or registration detail. Its
 * route limits it per address (LICENCE_LOOKUP_LIMIT) before this runs, so a guesser learns nothing fast.
 */
export async function lookupPublic(deps: AppDeps, key: string): Promise<LicenceContentResponse> {
  if (deps.config.licenceContentUrl) return contentOf(deps, key, null);
  const row = await ticketContentByKey(deps.db, key);
  return contentOf(deps, key, row?.content);
}

/** What a ticket the licence server never described holds: nothing but its key. */
const EMPTY_CONTENT: LicenceContent = {
  mainProductInfo: { dongleId: '', productName: '', licenseExp: null, maintenanceExp: null, isNetwork: false, isCommercial: false },
  activationLicenses: [],
  orderedLicenses: [],
  licenseDetails: [],
  nonExpandables: [],
};

/**
 * A dealer's (or the manager's) lookup of one of its tickets. A bare activation key shows as
 * empty content here; the public lookup answers 404 for it instead, so that it never confirms an
 * unused activation key to a stranger.
 */
export async function lookupTicket(deps: AppDeps, user: SessionUser, id: number): Promise<LicenceContentResponse> {
  await ticketFor(deps.db, user, 'tickets.read', id);
  const row = await ticketContentById(deps.db, id);
  if (!row) throw AppError.notFound('Ticket');
  return contentOf(deps, row.key, row.content ?? EMPTY_CONTENT);
}

/**
 * The dealer's lookup by key (`/dealer/license/info?licenseKey=…`): the same answer as by id. A
 * key outside the caller's subtree is 404 exactly like an unknown one, so it confirms nothing.
 */
export async function lookupTicketByKey(deps: AppDeps, user: SessionUser, key: string): Promise<LicenceContentResponse> {
  // Unknown keys and keys of other tenants answer alike (404), as by id; callers without a dealer
  // tenancy (mill, lab) get 404 for every key of a dealer, so the answer tells them nothing either.
  const id = await ticketIdByKey(deps.db, key);
  if (id === null) throw AppError.notFound('Ticket');
  return lookupTicket(deps, user, id);
}

// ---- Registration data and active product details of a ticket (spec §2 dealer tickets, §3, §7) ----

const NO_CUSTOMER = 'The ticket has no customer assigned, so it has no registration data';

/**
 * Spec §3 Customer registration record: the ticket's assigned customer with the ticket's product.
 * A ticket without a customer has no registration: 404 with its own code, so the screen can say
 * so instead of "not found".
 */
export async function ticketRegistration(deps: AppDeps, user: SessionUser, id: number): Promise<TicketRegistration> {
  await ticketFor(deps.db, user, 'tickets.readRegistration', id);
  const row = await ticketRegistrationSource(deps.db, id);
  if (!row) throw AppError.notFound('Ticket');
  if (row.customerId === null || row.firstName === null) throw new AppError(404, 'TICKET_WITHOUT_CUSTOMER', NO_CUSTOMER);
  const contact = row.contact ?? {};
  // The product id is the code of the ticket's product (its top licence detail, else its first
  // activated licence); the stored name stands in for a ticket the licence server never described.
  const productid = row.content?.licenseDetails[0]?.productCode || row.content?.activationLicenses[0]?.code || row.productText;
  return {
    salutation: row.salutation ?? '',
    firstname: row.firstName,
    lastname: row.lastName ?? '',
    position: row.position ?? '',
    company: row.company ?? '',
    zipcode: contact.zipCode ?? '',
    city: contact.city ?? '',
    // Our address has a state and a district; the record's region is the larger of the two given.
    region: contact.state || contact.district || '',
    country: contact.country ?? '',
    phone: contact.phone ?? '',
    email: contact.email ?? '',
    address_1: contact.address1 ?? '',
    address_2: contact.address2 ?? '',
    address_3: contact.address3 ?? '',
    productid,
  };
}

/**
 * The active product details of a ticket: the activated licences of its licence content, from
 * the same source as the lookup (the licence server when configured). A ticket without content
 * has none, which the screen shows as "No active product detail".
 */
export async function activeProduct(deps: AppDeps, user: SessionUser, id: number): Promise<ActiveProductResponse> {
  const content = await lookupTicket(deps, user, id);
  return { ticketId: content.mainProductInfo.ticketId, productName: content.mainProductInfo.productName, data: content.activationLicenses };
}

// ---- The licence server's push (issue 14 "Where tickets come from") ----

/** Constant-time, and length-blind: both sides are hashed to the same size first. */
export function tokenMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Checks the licence server's bearer token: the endpoint does not exist (404) while no token is
 * configured, and answers 401 to a missing or wrong one.
 */
export function checkLicenceServer(deps: AppDeps, authorization: string | undefined): void {
  const expected = deps.config.licenceServerToken;
  if (!expected) throw AppError.notFound('Route');
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!given || !tokenMatches(given, expected)) throw AppError.unauthenticated('A valid licence server token is required');
}

export async function receivePushedTickets(deps: AppDeps, tickets: PushedTicket[]): Promise<{ created: number; updated: number }> {
  const seen = new Map<string, number>();
  const duplicates: Record<string, ErrorCode[]> = {};
  tickets.forEach((ticket, index) => {
    if (seen.has(ticket.key)) duplicates[`tickets.${index}.key`] = ['VALIDATION_FAILED'];
    seen.set(ticket.key, index);
  });
  // One statement cannot insert a key twice; say which rows repeat one instead of failing.
  if (Object.keys(duplicates).length > 0) throw AppError.fields(duplicates, 'A ticket key appears more than once');
  return deps.db.transaction(async (tx) => {
    const ids = await dealerIdsByCode(
      tx,
      tickets.map((ticket) => ticket.dealerCode),
    );
    const unknown: Record<string, ErrorCode[]> = {};
    const rows: PushedTicketRow[] = [];
    tickets.forEach((ticket, index) => {
      const dealerId = ids.get(ticket.dealerCode.toLowerCase());
      if (dealerId === undefined) unknown[`tickets.${index}.dealerCode`] = ['UNKNOWN_DEALER_CODE'];
      else rows.push({ key: ticket.key, dealerId, content: ticket.content });
    });
    if (Object.keys(unknown).length > 0) {
      const list = Object.keys(unknown).map((field) => Number(field.split('.')[1]) + 1);
      throw new AppError(422, 'UNKNOWN_DEALER_CODE', `Unknown dealer id in row ${list.join(', ')}; nothing was stored`, unknown);
    }
    return upsertPushedTickets(tx, rows);
  });
}

// ---- Batch entry points for the import of the licence server's export (modules/ticket-imports) ----

/** Dealer ids by public code; the map's keys are lower-cased codes, as the push compares them. */
export async function dealerIdsForTicketCodes(db: Db, codes: string[]): Promise<Map<string, number>> {
  return dealerIdsByCode(db, codes);
}

/**
 * The push's upsert for rows already checked (dealer resolved, each key once), inside the caller's
 * transaction, so an import commits a batch together with its checkpoint.
 */
export async function applyTicketBatch(tx: Db, rows: PushedTicketRow[]): Promise<{ created: number; updated: number }> {
  return upsertPushedTickets(tx, rows);
}
