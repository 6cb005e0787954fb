import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { millSubscriptions } from '../src/db/schema/billing.ts';
import { companies } from '../src/db/schema/companies.ts';
import { dealerCustomers, dealerMembers, dealers, licenceTickets } from '../src/db/schema/dealers.ts';
import { labs, millClients } from '../src/db/schema/labs.ts';
import { millMembers, mills } from '../src/db/schema/mills.ts';
import { users } from '../src/db/schema/users.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { randomLicenceKey } from '../src/db/seed/seed.ts';
import type { TestApp } from './test-app.ts';

export const PASSWORD = 'a-long-test-password';
let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.test`;
}

async function company(db: Db, name: string) {
  const [row] = await db.insert(companies).values({ name, companyInfoIsUpdated: true }).returning();
  return row!;
}

async function user(db: Db, values: Partial<typeof users.$inferInsert> & Pick<typeof users.$inferInsert, 'roleType'>) {
  const [row] = await db
    .insert(users)
    .values({
      email: uniqueEmail(values.roleType),
      firstName: 'Test',
      lastName: 'Person',
      confirmed: true,
      passwordHash: await passwordHash(),
      ...values,
    })
    .returning();
  return row!;
}

export async function createMill(db: Db, options: { millRole?: 'admin' | 'user'; needPoliciesApproval?: boolean } = {}) {
  const millCompany = await company(db, `Mill ${randomBytes(2).toString('hex')}`);
  const [mill] = await db
    .insert(mills)
    .values({ companyId: millCompany.id, needPoliciesApproval: options.needPoliciesApproval ?? false })
    .returning();
  const admin = await user(db, { roleType: 'mill', companyId: millCompany.id });
  await db.insert(millMembers).values({ millId: mill!.id, userId: admin.id, millRole: options.millRole ?? 'admin' });
  return { mill: mill!, company: millCompany, admin };
}

export async function addMillUser(db: Db, millId: number, companyId: number, millRole: 'admin' | 'user' = 'user') {
  const member = await user(db, { roleType: 'mill', companyId });
  await db.insert(millMembers).values({ millId, userId: member.id, millRole });
  return member;
}

export async function createLab(db: Db, options: { clientOf?: number; confirmed?: boolean } = {}) {
  const labCompany = await company(db, `Lab ${randomBytes(2).toString('hex')}`);
  const [lab] = await db.insert(labs).values({ companyId: labCompany.id }).returning();
  const labUser = await user(db, { roleType: 'lab', companyId: labCompany.id });
  if (options.clientOf) {
    await db
      .insert(millClients)
      .values({ millId: options.clientOf, labId: lab!.id, userId: labUser.id, confirmed: options.confirmed ?? true });
  }
  return { lab: lab!, company: labCompany, user: labUser };
}

/**
 * Puts a mill on the custom plan with these limits (its storage is the custom plan's), as if the
 * manager had offered it and the mill subscribed: a test's own limits, or room beyond basic.
 */
export async function putOnCustomPlan(db: Db, millId: number, limits: { maxOrders?: number; allowedClients?: number } = {}) {
  const terms = {
    planKey: 'custom',
    customPriceCents: 0,
    customMaxOrders: limits.maxOrders ?? 1_000_000,
    customAllowedClients: limits.allowedClients ?? 1_000_000,
  };
  await db
    .insert(millSubscriptions)
    .values({ millId, ...terms })
    .onConflictDoUpdate({ target: millSubscriptions.millId, set: terms });
}

/**
 * Puts a mill on a plan as the payment provider's webhook would leave it (active, with the
 * retention add-on when given): for tests of what a plan or add-on allows.
 */
export async function putOnPlan(db: Db, millId: number, planKey: string, addOnKey: string | null = null) {
  const terms = { planKey, addOnKey, status: 'active', providerSubscriptionId: `sub_test_${randomBytes(6).toString('hex')}` };
  await db
    .insert(millSubscriptions)
    .values({ millId, ...terms })
    .onConflictDoUpdate({ target: millSubscriptions.millId, set: terms });
}

export async function createManager(db: Db) {
  return user(db, { roleType: 'manager' });
}

/**
 * A dealer with its user (linked as the dealer's invited user). Without `parentId` a root dealer.
 * `dealerRole` is the user's role at the dealer (a dealer manager: `manager`).
 */
export async function createDealer(
  db: Db,
  options: {
    parentId?: number;
    subDealerAllowed?: boolean;
    ownConfigurationsAllowed?: boolean;
    dealerRole?: 'dealer' | 'manager';
    name?: string;
  } = {},
) {
  const name = options.name ?? `Dealer ${randomBytes(2).toString('hex')}`;
  const dealerCompany = await company(db, name);
  const dealerUser = await user(db, { roleType: 'dealer', companyId: dealerCompany.id });
  const [dealer] = await db
    .insert(dealers)
    .values({
      companyId: dealerCompany.id,
      parentId: options.parentId ?? null,
      name,
      email: dealerUser.email,
      userId: dealerUser.id,
      subDealerAllowed: options.subDealerAllowed ?? false,
      ownConfigurationsAllowed: options.ownConfigurationsAllowed ?? false,
    })
    .returning();
  await db.insert(dealerMembers).values({ dealerId: dealer!.id, userId: dealerUser.id, dealerRole: options.dealerRole ?? 'dealer' });
  return { dealer: dealer!, user: dealerUser };
}

/** Another user of an existing dealer. */
export async function addDealerUser(db: Db, dealerId: number, companyId: number, dealerRole: 'dealer' | 'manager' = 'dealer') {
  const member = await user(db, { roleType: 'dealer', companyId });
  await db.insert(dealerMembers).values({ dealerId, userId: member.id, dealerRole });
  return member;
}

/** A customer of a dealer, with a unique customer id. */
export async function createDealerCustomer(db: Db, dealerId: number, values: Partial<typeof dealerCustomers.$inferInsert> = {}) {
  const [row] = await db
    .insert(dealerCustomers)
    .values({
      dealerId,
      customerCode: `C-${randomBytes(4).toString('hex')}`,
      firstName: 'Carla',
      lastName: 'Customer',
      company: 'Practice',
      ...values,
    })
    .returning();
  return row!;
}

export async function createTicket(db: Db): Promise<string> {
  const key = randomLicenceKey();
  await db.insert(licenceTickets).values({ key });
  return key;
}

export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/api/auth/local', payload: { identifier: email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json().jwt as string;
}

/** A mill with its admin, signed in: the start of most mill-side tests. */
export async function signedInMill(t: TestApp) {
  const created = await createMill(t.db);
  return { ...created, jwt: await signIn(t, created.admin.email) };
}
