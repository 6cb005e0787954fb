import { randomBytes } from 'node:crypto';
import { sessionToken } from '../../test/session-token.ts';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../db/schema/companies.ts';
import { dealerMembers, dealers, licenceTickets } from '../db/schema/dealers.ts';
import { users } from '../db/schema/users.ts';
import { randomLicenceKey } from '../db/seed/seed.ts';
import { wellFormedRequest } from '../fuzz/malformed-requests.ts';
import { operationsOf, type IdBook, type OpenApiDocument, type Operation } from '../fuzz/openapi-operations.ts';
import {
  addDealerUser,
  addMillUser,
  createDealer,
  createDealerCustomer,
  createLab,
  createManager,
  createMill,
} from '../../test/factories.ts';
import { binaryStl, multipartFile, sendOrder } from '../../test/orders.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TENANCY } from '../../test/tenancy.ts';
import type { RouteAccess } from './route-access.ts';
import {
  ACTIONS,
  failedDealerRule,
  ROLES,
  roleMay,
  type Action,
  type ActionRule,
  type DealerFacts,
  type Role,
  type ScopeKind,
} from './rule-book.ts';

/**
 * Role × endpoint × tenant, read from the same tables the server decides with: every operation of
 * the OpenAPI document, with the access its route declares (route-access.ts), is called by every
 * role of the rule book and by an anonymous caller, on records of the caller's own tenant and of
 * another tenant. Manager and dealer callers try every mill and lab endpoint too.
 */
let t: TestApp;
let operations: { operation: Operation; access: RouteAccess | undefined }[];

/** One tenant: a mill with an admin and a plain user, a confirmed client lab, a sent order with a document and a download, a licence key. */
async function tenant() {
  const { mill, company, admin } = await createMill(t.db);
  const plain = await addMillUser(t.db, mill.id, company.id, 'user');
  const colleague = await addMillUser(t.db, mill.id, company.id, 'user');
  const lab = await createLab(t.db, { clientOf: mill.id });
  const adminJwt = await tokenOf(admin);
  const order = await sendOrder(t, await tokenOf(lab.user), mill.id);
  const componentId = order.components[0]!.id;
  const documentId = (
    await t.request({ method: 'GET', url: `/api/projects/${order.id}/components/${componentId}`, token: adminJwt })
  ).json().documents[0].id as number;
  const download = await t.request({
    method: 'POST',
    url: `/api/downloads?projectId=${order.id}&componentId=${componentId}`,
    token: adminJwt,
    ...multipartFile('files.file', 'result.stl', binaryStl()),
  });
  const key = await t.request({
    method: 'POST',
    url: '/api/toolpass-data-collection-consents',
    token: adminJwt,
    payload: { millId: mill.id, licenseKey: randomLicenceKey(), enableDataCollection: false },
  });
  if (download.statusCode !== 200 || key.statusCode !== 200) throw new Error(`tenant setup failed: ${download.body} ${key.body}`);
  const network = await dealerNetwork((await createDealer(t.db, { subDealerAllowed: true })).dealer);
  return {
    callers: { millAdmin: admin, millUser: plain, lab: lab.user },
    millCompanyId: company.id,
    labCompanyId: lab.company.id,
    ids: {
      mills: mill.id,
      millId: mill.id,
      invitedMillId: mill.id,
      labs: lab.lab.id,
      labId: lab.lab.id,
      client: lab.lab.id,
      orders: order.id,
      projects: order.id,
      project: order.id,
      projectId: order.id,
      orderId: order.id,
      components: componentId,
      componentId,
      users: colleague.id,
      userId: lab.user.id,
      responsibleId: admin.id,
      responsible: admin.id,
      files: documentId,
      downloads: download.json().id as number,
      'toolpass-data-collection-consents': key.json().id as number,
      ...network,
    } satisfies IdBook,
  };
}

/**
 * The records of a root dealer's subtree a dealer call names: a sub-dealer (without a user, so an
 * invitation goes through, with a configuration file), a user of it, and a customer of the root (its own users may change it).
 */
async function dealerNetwork(root: typeof dealers.$inferSelect): Promise<IdBook> {
  // The sub-dealer has a stored configuration file, so reading it finds one.
  const configKey = `dealer-configs/${randomBytes(16).toString('base64url')}`;
  await mkdir(path.join(t.config.dataDir, 'files', 'dealer-configs'), { recursive: true });
  await writeFile(path.join(t.config.dataDir, 'files', configKey), '{"machines":[]}');
  const [child] = await t.db
    .insert(dealers)
    .values({ companyId: root.companyId, parentId: root.id, fixedConfigFileKey: configKey, fixedConfigFileName: 'config.json' })
    .returning();
  const colleague = await addDealerUser(t.db, child!.id, root.companyId);
  const customer = await createDealerCustomer(t.db, root.id);
  // The ticket has a customer, so its registration record exists.
  const [ticket] = await t.db
    .insert(licenceTickets)
    .values({ key: randomLicenceKey(), dealerId: root.id, customerId: customer.id })
    .returning();
  return {
    dealers: child!.id,
    parentDealerId: root.id,
    dealerId: root.id,
    'dealer-users': colleague.id,
    'dealer-customers': customer.id,
    'dealer-tickets': ticket!.id,
    dealerCustomerId: customer.id,
  };
}

type Caller = typeof users.$inferSelect;

function tokenOf(user: Caller): Promise<string> {
  return sessionToken(t.app, user);
}

async function withCompany(user: Caller, name: string): Promise<Caller> {
  const [company] = await t.db.insert(companies).values({ name }).returning();
  const [updated] = await t.db.update(users).set({ companyId: company!.id }).where(eq(users.id, user.id)).returning();
  return updated!;
}

/** What a dealer caller's dealer is, as the dealer rules ask it (the manager and mill roles have none). */
interface DealerKind {
  isRoot: boolean;
  subDealerAllowed: boolean;
  /** Its own dealer may use own configurations (the root allowing them too); its sub-dealer never does here. */
  ownConfigurations: boolean;
}

interface DealerCaller {
  user: Caller;
  network: IdBook;
  kind: DealerKind;
  dealer: typeof dealers.$inferSelect;
}

async function dealerOf(
  dealerRole: 'dealer' | 'manager',
  parent?: DealerCaller,
  { subDealerAllowed = true, ownConfigurationsAllowed = true } = {},
): Promise<DealerCaller> {
  const created = await createDealer(t.db, { subDealerAllowed, parentId: parent?.dealer.id, ownConfigurationsAllowed });
  await t.db.update(dealerMembers).set({ dealerRole }).where(eq(dealerMembers.userId, created.user.id));
  // Every dealer above a caller here has its own permission, so the parent's says whether the root allows them.
  const ownConfigurations = ownConfigurationsAllowed && (!parent || parent.kind.ownConfigurations);
  const kind = { isRoot: !parent, subDealerAllowed, ownConfigurations };
  return { user: created.user, network: await dealerNetwork(created.dealer), kind, dealer: created.dealer };
}

/**
 * Who calls: every role of the rule book, and dealer users of other kinds of dealer, whose answers
 * differ by the dealer rules: a sub-dealer, a sub-sub-dealer (without subDealerAllowed or own
 * configurations: no configuration section), and a user with the dealer role manager at a sub-dealer.
 */
const EXTRA_DEALER_CALLERS = { subDealer: 'dealer', subSubDealer: 'dealer', subDealerManager: 'dealerManager' } as const;
type CallerName = Role | keyof typeof EXTRA_DEALER_CALLERS;
const CALLERS: { name: CallerName; role: Role }[] = [
  ...ROLES.map((role) => ({ name: role, role })),
  ...Object.entries(EXTRA_DEALER_CALLERS).map(([name, role]) => ({ name: name as CallerName, role })),
];

/** Everything one call needs: both tenants, and a caller for every role. */
async function world() {
  const own = await tenant();
  const other = await tenant();
  const dealer = await dealerOf('dealer');
  const dealerManager = await dealerOf('manager');
  const subDealer = await dealerOf('dealer', dealer);
  const dealerCallers: Partial<Record<CallerName, DealerCaller>> = {
    dealer,
    dealerManager,
    subDealer,
    subSubDealer: await dealerOf('dealer', subDealer, { subDealerAllowed: false, ownConfigurationsAllowed: false }),
    subDealerManager: await dealerOf('manager', dealerManager),
  };
  const callers: Record<CallerName, Caller> = {
    ...own.callers,
    manager: await withCompany(await createManager(t.db), 'Operator'),
    ...(Object.fromEntries(Object.entries(dealerCallers).map(([name, caller]) => [name, caller.user])) as Record<
      'dealer' | 'dealerManager' | keyof typeof EXTRA_DEALER_CALLERS,
      Caller
    >),
  };
  return { own, other, callers, dealerCallers };
}
type World = Awaited<ReturnType<typeof world>>;

const MISSING = 2_000_000_000;

/**
 * Calls about a payment provider's record (a checkout session id, an invoice the provider's webhook
 * created): the generic world has none, so subscriptions.test.ts tries these rules with real ones
 * (another mill's session and invoice: 404; a mill user: 403).
 */
const NAMED_BY_PROVIDER_RECORDS = new Set(['POST /api/payments/success', 'GET /api/payments/invoices/{id}/pdf']);

/**
 * Calls naming a record by a key the generic sample cannot know (a ticket's 5×5 key, a session's
 * random id, a data export link's token): the sample is one fixed key that no world's record has. licence-tickets.test.ts,
 * user-sessions.test.ts and personal-data.test.ts call them as their callers instead (anonymous, owner, another user).
 */
const NAMED_BY_KEY = new Set([
  'GET /api/dealer-tickets/by-key/{key}/content',
  'DELETE /api/users/me/sessions/{sessionId}',
  'GET /api/users/me/data-export/{token}',
  // A passkey's id exists only once a browser registered one: passkeys.test.ts calls these as owner and as another user.
  'PUT /api/users/me/passkeys/{passkeyId}',
  'DELETE /api/users/me/passkeys/{passkeyId}',
]);

/** The records a caller calls "its own": for company reads a mill's staff pick their client's company; a dealer user its subtree's. */
function ownIds(w: World, name: CallerName, kind: ScopeKind | null): IdBook {
  const caller = w.callers[name];
  const staff = name === 'millAdmin' || name === 'millUser';
  const companies = kind === 'company' && staff ? w.own.labCompanyId : (caller.companyId ?? MISSING);
  return { ...w.own.ids, ...w.dealerCallers[name]?.network, companies };
}

function otherIds(w: World, role: Role): IdBook {
  // The manager's tenant is the platform: only a record that does not exist is someone else's.
  if (role === 'manager') return Object.fromEntries([...Object.keys(w.other.ids), 'companies'].map((key) => [key, MISSING]));
  return { ...w.other.ids, companies: w.other.labCompanyId };
}

/**
 * A company-scoped call names its company by a company id, a lab id, or not at all (one's own):
 * which company it is decides the caller's tenancy, as access.ts decides it.
 */
function companyTenancy(w: World, role: Role, operation: Operation, ids: IdBook, kind: 'company' | 'ownCompany', caller: Caller): boolean {
  const byLab = /\/labs\/\{id\}/.test(operation.path);
  const named = /\{id\}/.test(operation.path);
  const target = !named
    ? caller.companyId
    : byLab
      ? ids.labs === w.own.ids.labs
        ? w.own.labCompanyId
        : ids.labs === w.other.ids.labs
          ? w.other.labCompanyId
          : MISSING
      : ids.companies;
  if (target === null || target === undefined || target === MISSING) return false;
  // A lab route about a company that has no lab (a mill's, the operator's, a dealer's) finds nothing.
  if (/\/labs\//.test(operation.path) && target !== w.own.labCompanyId && target !== w.other.labCompanyId) return false;
  if (target === caller.companyId) return true;
  if (kind === 'ownCompany') return false;
  if (role === 'manager') return true;
  const staff = role === 'millAdmin' || role === 'millUser';
  return staff && target === w.own.labCompanyId;
}

/** Fields the generic sample cannot make valid from the schema alone (a transformed pattern). */
function completed(payload: string | Buffer | undefined): string | Buffer | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return payload;
  const body = JSON.parse(payload) as Record<string, unknown>;
  if ('licenseKey' in body) body.licenseKey = randomLicenceKey();
  // Another shipping address needs all its fields filled in; the same address needs none.
  if ('shippingAtSameAddress' in body) body.shippingAtSameAddress = true;
  // A plan changed by the manager must leave room for the next world's orders, clients and files.
  if ('storageMb' in body) Object.assign(body, { storageMb: 1_000_000, maxOrdersCount: 100_000, allowedClients: 100_000 });
  // The desktop app's link must be an https address with a real host name.
  if ('releaseNotes' in body) body.url = 'https://downloads.example.test/casebridge-setup.exe';
  return JSON.stringify(body);
}

async function call(operation: Operation, ids: IdBook, caller: Caller | null): Promise<LightMyRequestResponse> {
  const generic = wellFormedRequest(operation, ids);
  const request = { ...generic, payload: completed(generic.payload) };
  const headers = { ...request.headers, ...(caller ? { authorization: `Bearer ${await tokenOf(caller)}` } : {}) };
  return t.app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload });
}

type Expectation = 'allowed' | 401 | 403 | 404 | 409;

/**
 * The dealer rules' facts for a dealer caller's call on its own records: a call about `/dealers/{id}`
 * names its sub-dealer (which may use no own configurations), any other its own dealer.
 */
function dealerFacts(dealer: DealerCaller, operation: Operation): DealerFacts {
  const aboutSubDealer = /^\/api\/dealers\/\{id\}/.test(operation.path);
  return {
    isRoot: dealer.kind.isRoot,
    subDealerAllowed: dealer.kind.subDealerAllowed,
    ownConfigurations: dealer.kind.ownConfigurations,
    target: { isOwn: !aboutSubDealer, ownConfigurationsAllowed: !aboutSubDealer && dealer.kind.ownConfigurations },
  };
}

function expected(
  w: World,
  operation: Operation,
  access: Action | 'signedIn',
  caller: { name: CallerName; role: Role } | null,
  ids: IdBook,
  tenantOf: 'own' | 'other',
): Expectation {
  if (caller === null) return 401;
  if (access === 'signedIn') return 'allowed';
  const { name, role } = caller;
  const kind: ScopeKind = ACTIONS[access].scope;
  const tenancy =
    kind === 'company' || kind === 'ownCompany'
      ? companyTenancy(w, role, operation, ids, kind, w.callers[name])
      : tenantOf === 'own' && TENANCY[kind].includes(role);
  if (!tenancy) return 404;
  if (!roleMay(role, access)) return 403;
  const dealer = w.dealerCallers[name];
  return (dealer && failedDealerRule(access, dealerFacts(dealer, operation))?.status) || 'allowed';
}

/** Whether "another tenant's record" means anything for this call: not for one's own account or the platform. */
function namesRecord(operation: Operation, access: Action | 'signedIn'): boolean {
  if (access === 'signedIn') return false;
  const kind: ScopeKind = ACTIONS[access].scope;
  if (kind === 'account' || kind === 'platform') return false;
  return (
    operation.pathParams.length > 0 ||
    operation.query.some((p) => p.required) ||
    /millId|projectId/.test(JSON.stringify(operation.body ?? {}))
  );
}

/** A dealer rule's refusal with 409 (own configurations) is a refusal; other 409s (a taken id) passed the rule book. */
const DEALER_RULE_CONFLICTS = new Set(
  (Object.values(ACTIONS) as ActionRule[]).flatMap((rule) =>
    (rule.dealerRules ?? []).filter((dealerRule) => dealerRule.status === 409).map((dealerRule) => dealerRule.code),
  ),
);

function outcomeOf(response: LightMyRequestResponse): Expectation | number {
  const status = response.statusCode;
  if (status === 401 || status === 403 || status === 404) return status;
  if (status === 409 && (DEALER_RULE_CONFLICTS as Set<string>).has((response.json() as { code?: string }).code ?? '')) return 409;
  return status < 500 ? 'allowed' : status;
}

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
  operations = operationsOf(document).map((operation) => ({
    operation,
    access: t.app.routeAccess.get(`${operation.method} ${operation.path.replace(/\{(\w+)\}/g, ':$1')}`),
  }));
});
afterAll(async () => {
  await t.close();
});

describe('every endpoint declares who may call it', () => {
  it('has an access declaration naming a rule-book action, signedIn or public', () => {
    const undeclared = operations.filter(
      ({ access }) => access === undefined || (access !== 'public' && access !== 'signedIn' && !(access in ACTIONS)),
    );
    expect(undeclared.map(({ operation }) => operation.key)).toEqual([]);
  });
});

describe('role × endpoint × tenant', () => {
  it('answers every role, on its own and on another tenant’s records, as the rule book says', { timeout: 900_000 }, async () => {
    const mismatches: string[] = [];
    let calls = 0;
    let w = await world();
    for (const { operation, access } of operations) {
      if (!access || access === 'public' || NAMED_BY_PROVIDER_RECORDS.has(operation.key) || NAMED_BY_KEY.has(operation.key)) continue;
      const mutates = operation.method !== 'GET';
      const kind = access === 'signedIn' ? null : ACTIONS[access].scope;
      type Case = { caller: (typeof CALLERS)[number] | null; tenantOf: 'own' | 'other' };
      const cases: Case[] = [{ caller: null, tenantOf: 'own' }];
      for (const caller of CALLERS) {
        cases.push({ caller, tenantOf: 'own' });
        if (namesRecord(operation, access)) cases.push({ caller, tenantOf: 'other' });
      }
      const idsOf = ({ caller, tenantOf }: Case) =>
        caller === null ? ownIds(w, 'millAdmin', kind) : tenantOf === 'own' ? ownIds(w, caller.name, kind) : otherIds(w, caller.role);
      const want = (c: Case) => expected(w, operation, access, c.caller, idsOf(c), c.tenantOf);
      // Refusals change nothing, so they go first; an allowed change gets a fresh world after it.
      cases.sort((a, b) => Number(want(a) === 'allowed') - Number(want(b) === 'allowed'));
      for (const c of cases) {
        const wanted = want(c);
        const response = await call(operation, idsOf(c), c.caller === null ? null : w.callers[c.caller.name]);
        calls += 1;
        const got = outcomeOf(response);
        if (got !== wanted)
          mismatches.push(
            `${operation.key} as ${c.caller?.name ?? 'anonymous'} on ${c.tenantOf}: want ${wanted}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        if (mutates && got === 'allowed') w = await world();
      }
    }
    console.log(`role × endpoint × tenant: ${operations.length} operations, ${calls} calls`);
    expect(mismatches).toEqual([]);
    expect(calls).toBeGreaterThan(operations.length * CALLERS.length);
  });
});
