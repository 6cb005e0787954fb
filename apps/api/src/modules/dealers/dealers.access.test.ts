import { randomBytes } from 'node:crypto';
import { sessionToken } from '../../../test/session-token.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDealerUser,
  createDealer,
  createDealerCustomer,
  createLab,
  createManager,
  createMill,
  uniqueEmail,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dealers } from '../../db/schema/dealers.ts';
import { eq } from 'drizzle-orm';

/**
 * Issue 13's access table: every dealer, dealer-user and customer endpoint against root dealer A,
 * its sub-dealer A1, A1's sub-dealer A1a, another root B, a dealer manager of A, the platform
 * manager, a mill admin, a lab and an anonymous caller. Another subtree's ids answer 404.
 * `ok` means the rule book let the call through: 2xx, or a 400/409 of the record's own rules.
 */
type Caller = 'A' | 'A1' | 'A1a' | 'B' | 'AM' | 'manager' | 'millAdmin' | 'lab' | 'anonymous';
type Want = 'ok' | 401 | 403 | 404;
const CALLERS: Caller[] = ['A', 'A1', 'A1a', 'B', 'AM', 'manager', 'millAdmin', 'lab', 'anonymous'];

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;

/** A session token as sign-in issues it (signing in by password per world would be slow). */
const tokenOf = (user: { id: number; tokenVersion: number }) => sessionToken(t.app, user);

async function world() {
  const a = await createDealer(t.db, { subDealerAllowed: true, name: 'Dealer A' });
  const a1 = await createDealer(t.db, { parentId: a.dealer.id, name: 'Dealer A1' });
  const a1a = await createDealer(t.db, { parentId: a1.dealer.id, name: 'Dealer A1a' });
  const b = await createDealer(t.db, { subDealerAllowed: true, name: 'Dealer B' });
  const am = await addDealerUser(t.db, a.dealer.id, a.dealer.companyId, 'manager');
  const a1Colleague = await addDealerUser(t.db, a1.dealer.id, a1.dealer.companyId);
  const mill = await createMill(t.db);
  const lab = await createLab(t.db);
  const tokens: Record<Exclude<Caller, 'anonymous'>, string> = {
    A: await tokenOf(a.user),
    A1: await tokenOf(a1.user),
    A1a: await tokenOf(a1a.user),
    B: await tokenOf(b.user),
    AM: await tokenOf(am),
    manager: await tokenOf(await createManager(t.db)),
    millAdmin: await tokenOf(mill.admin),
    lab: await tokenOf(lab.user),
  };
  return {
    a: a.dealer,
    a1: a1.dealer,
    a1a: a1a.dealer,
    b: b.dealer,
    a1Colleague,
    tokens,
    customerOfA: await createDealerCustomer(t.db, a.dealer.id),
    customerOfA1: await createDealerCustomer(t.db, a1.dealer.id),
  };
}

const code = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;
const dealerBody = (parentDealerId: number | null) => ({
  dealerId: code('D'),
  name: 'New dealer',
  parentDealerId,
  email: uniqueEmail('dealer'),
});
const customerBody = (dealerId?: number) => ({
  ...(dealerId ? { dealerId } : {}),
  customerInfo: { customerId: code('C'), firstName: 'Cleo', lastName: 'Client', company: 'Smile Practice' },
});
/** The form as it is: saving it unchanged touches no lock. */
const sameDealer = (d: typeof w.a1a) => ({ dealerId: d.dealerCode, name: d.name, parentDealerId: d.parentId, email: d.email });
const userBody = (dealerId: number, email = uniqueEmail('dealer-user')) => ({
  firstName: 'Dana',
  lastName: 'User',
  email,
  role: 'dealer',
  dealerId,
});

interface Row {
  call: string;
  request: () => { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object };
  want: Record<Caller, Want>;
}

/** Rows in the order of CALLERS: A, A1, A1a, B, AM, manager, millAdmin, lab, anonymous. */
const row = (call: string, request: Row['request'], ...wants: Want[]): Row => ({
  call,
  request,
  want: Object.fromEntries(CALLERS.map((caller, i) => [caller, wants[i]!])) as Record<Caller, Want>,
});

const TABLE: Row[] = [
  row('list dealers', () => ({ method: 'GET', url: '/api/dealers' }), 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 403, 403, 401),
  row('read sub-dealer A1', () => ({ method: 'GET', url: `/api/dealers/${w.a1.id}` }), 'ok', 'ok', 404, 404, 'ok', 'ok', 404, 404, 401),
  row('branch of A1', () => ({ method: 'GET', url: `/api/dealers/${w.a1.id}/branch` }), 'ok', 'ok', 404, 404, 'ok', 'ok', 404, 404, 401),
  row(
    'save A1a unchanged',
    () => ({ method: 'PUT', url: `/api/dealers/${w.a1a.id}`, payload: sameDealer(w.a1a) }),
    'ok',
    'ok',
    'ok',
    404,
    'ok',
    'ok',
    404,
    404,
    401,
  ),
  // The configuration section (dealer.configure): A is a root with subDealerAllowed; A1 and A1a may use no own configurations.
  row(
    'change the configuration of A1a',
    () => ({
      method: 'PUT',
      url: `/api/dealers/${w.a1a.id}`,
      payload: { ...sameDealer(w.a1a), configuration: { componentBaseURL: 'https://example.com/components' } },
    }),
    'ok',
    403,
    403,
    404,
    'ok',
    'ok',
    404,
    404,
    401,
  ),
  // A1 has no subDealerAllowed: it may not add below itself.
  row(
    'create below A1',
    () => ({ method: 'POST', url: '/api/dealers', payload: dealerBody(w.a1.id) }),
    'ok',
    403,
    404,
    404,
    'ok',
    'ok',
    404,
    404,
    401,
  ),
  row(
    'create a root dealer',
    () => ({ method: 'POST', url: '/api/dealers', payload: dealerBody(null) }),
    403,
    403,
    403,
    403,
    403,
    'ok',
    403,
    403,
    401,
  ),
  row(
    'invite A1a',
    () => ({ method: 'POST', url: `/api/dealers/${w.a1a.id}/invitation`, payload: { email: uniqueEmail('invite') } }),
    'ok',
    'ok',
    'ok',
    404,
    'ok',
    'ok',
    404,
    404,
    401,
  ),
  row('list dealer users', () => ({ method: 'GET', url: '/api/dealer-users' }), 403, 403, 403, 403, 'ok', 'ok', 403, 403, 401),
  row(
    'add a user to A1',
    () => ({ method: 'POST', url: '/api/dealer-users', payload: userBody(w.a1.id) }),
    403,
    403,
    404,
    404,
    'ok',
    'ok',
    404,
    404,
    401,
  ),
  row(
    'change a user of A1',
    () => ({ method: 'PUT', url: `/api/dealer-users/${w.a1Colleague.id}`, payload: userBody(w.a1.id, w.a1Colleague.email) }),
    403,
    403,
    404,
    404,
    'ok',
    'ok',
    404,
    404,
    401,
  ),
  row('list customers', () => ({ method: 'GET', url: '/api/dealer-customers' }), 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 403, 403, 401),
  row(
    "list A1's customers",
    () => ({ method: 'GET', url: `/api/dealer-customers?dealerId=${w.a1.id}` }),
    'ok',
    'ok',
    404,
    404,
    'ok',
    'ok',
    403,
    403,
    401,
  ),
  row(
    'is a customer id unique',
    () => ({ method: 'GET', url: '/api/dealer-customers/is-unique/C-1' }),
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    403,
    403,
    401,
  ),
  row(
    "read A1's customer",
    () => ({ method: 'GET', url: `/api/dealer-customers/${w.customerOfA1.id}` }),
    'ok',
    'ok',
    404,
    404,
    'ok',
    'ok',
    404,
    404,
    401,
  ),
  row(
    'add a customer to A',
    () => ({ method: 'POST', url: '/api/dealer-customers', payload: customerBody(w.a.id) }),
    'ok',
    404,
    404,
    404,
    'ok',
    'ok',
    404,
    404,
    401,
  ),
  row(
    "change A's customer",
    () => ({ method: 'PUT', url: `/api/dealer-customers/${w.customerOfA.id}`, payload: customerBody() }),
    'ok',
    404,
    404,
    404,
    'ok',
    'ok',
    404,
    404,
    401,
  ),
  // Read-only for the sub-dealer, and not A's own customer for A: only the manager changes it.
  row(
    "change A1's customer",
    () => ({ method: 'PUT', url: `/api/dealer-customers/${w.customerOfA1.id}`, payload: customerBody() }),
    403,
    403,
    404,
    404,
    403,
    'ok',
    404,
    404,
    401,
  ),
];

const outcome = (status: number): Want | number =>
  status === 401 || status === 403 || status === 404 ? status : status < 300 || status === 400 || status === 409 ? 'ok' : status;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the reseller network’s access table', () => {
  it('answers every caller on every dealer, dealer-user and customer endpoint as the table says', { timeout: 120_000 }, async () => {
    const mismatches: string[] = [];
    for (const entry of TABLE) {
      for (const caller of CALLERS) {
        // A fresh world per call: an allowed change (an invitation, a block) must not colour the next caller's answer.
        w = await world();
        const token = caller === 'anonymous' ? undefined : w.tokens[caller];
        const response = await t.request({ ...entry.request(), token });
        const got = outcome(response.statusCode);
        if (got !== entry.want[caller])
          mismatches.push(
            `${entry.call} as ${caller}: want ${entry.want[caller]}, got ${response.statusCode} ${response.body.slice(0, 140)}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lists exactly one’s own subtree: A three dealers, A1 two, A1a one, B one, the manager all', async () => {
    w = await world();
    const names = async (caller: Exclude<Caller, 'anonymous'>) => {
      const response = await t.request({ method: 'GET', url: '/api/dealers?_limit=100&_q=Dealer%20A', token: w.tokens[caller] });
      return (response.json().data as { name: string }[]).map((d) => d.name).sort();
    };
    expect(await names('A')).toEqual(['Dealer A', 'Dealer A1', 'Dealer A1a']);
    expect(await names('A1')).toEqual(['Dealer A1', 'Dealer A1a']);
    expect(await names('A1a')).toEqual(['Dealer A1a']);
    expect(await names('B')).toEqual([]);
    expect((await names('manager')).length).toBeGreaterThanOrEqual(3);
  });

  it('lists customers of one’s subtree only: A sees A1’s customer, A1a and B do not', async () => {
    w = await world();
    const codes = async (caller: Exclude<Caller, 'anonymous'>) => {
      const response = await t.request({ method: 'GET', url: '/api/dealer-customers?_limit=100', token: w.tokens[caller] });
      return (response.json().data as { customerInfo: { customerId: string } }[]).map((c) => c.customerInfo.customerId);
    };
    expect(await codes('A')).toEqual(expect.arrayContaining([w.customerOfA.customerCode, w.customerOfA1.customerCode]));
    expect(await codes('A1')).toEqual([w.customerOfA1.customerCode]);
    expect(await codes('A1a')).toEqual([]);
    expect(await codes('B')).toEqual([]);
  });

  it('lets a sub-dealer without dealer.configure save its form while its row keeps an input of a type not chosen', async () => {
    w = await world();
    // The manager's API call stored a FixedJson text although the type is DynamicUrl; the form sends null for it.
    await t.db.update(dealers).set({ configurationType: 'DynamicUrl', fixedConfigJson: '{"left":"over"}' }).where(eq(dealers.id, w.a1a.id));
    const form = { ...sameDealer(w.a1a), configuration: { configurationType: 'DynamicUrl', fixedConfigJson: null } };
    const save = (payload: object) => t.request({ method: 'PUT', url: `/api/dealers/${w.a1a.id}`, token: w.tokens.A1a, payload });
    expect((await save(form)).statusCode).toBe(200);
    // A real change of the section is still refused.
    const changed = { ...form, configuration: { ...form.configuration, configurationType: 'FixedJson', fixedConfigJson: '{}' } };
    expect((await save(changed)).json()).toMatchObject({ statusCode: 403, code: 'DEALER_CONFIGURATION_NOT_ALLOWED' });
  });
});
