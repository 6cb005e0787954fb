import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { companies } from '../schema/companies.ts';
import { dealerMembers, dealers, licenceTickets } from '../schema/dealers.ts';
import { labs, millClients } from '../schema/labs.ts';
import { millMembers, mills } from '../schema/mills.ts';
import { policyDocuments } from '../schema/policies.ts';
import { users } from '../schema/users.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { seedMillAdministration } from './demo-mill-admin.ts';
import { seedDemoContract } from './demo-contracts.ts';
import { seedDemoDesktopApp } from './demo-desktop-app.ts';
import { DEMO_DEALER_ACCOUNTS, seedDemoDealers } from './demo-dealers.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoUsage } from './demo-usage.ts';
import { seedDemoTickets } from './demo-tickets.ts';
import { DEMO_TWO_FACTOR_ACCOUNTS, seedDemoTwoFactor } from './demo-two-factor.ts';
import { POLICY_TEXTS } from './policy-texts.ts';

export const DEMO_PASSWORD = 'casebridge-demo';
const MIN_FREE_KEYS = 3;

export interface DemoSummary {
  accounts: { email: string; role: string }[];
  activationKeys: string[];
  summary: string;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function randomLicenceKey(): string {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: 5 }, group).join('-');
}

type CompanyInput = typeof companies.$inferInsert;

async function createCompany(db: Db, values: CompanyInput) {
  const [company] = await db
    .insert(companies)
    .values({ companyInfoIsUpdated: true, country: 'DE', ...values })
    .returning();
  return company!;
}

async function createUser(db: Db, passwordHash: string, values: Omit<typeof users.$inferInsert, 'passwordHash'>) {
  const [user] = await db
    .insert(users)
    .values({ passwordHash, confirmed: true, ...values })
    .returning();
  return user!;
}

async function seedAccounts(db: Db, storage: Storage, passwordHash: string): Promise<void> {
  const millCompany = await createCompany(db, {
    name: 'Demo Mill',
    email: 'office@demo-mill.test',
    vatNumber: 'DE123456789',
    street: 'Fräsweg 1',
    city: 'Stuttgart',
    zipCode: '70173',
    phone: '4971112345',
    contactPerson: 'Anna Admin',
  });
  const [mill] = await db
    .insert(mills)
    .values({
      companyId: millCompany.id,
      needPoliciesApproval: false,
      landingPageHeader: 'Demo Mill',
      landingPageContent: 'Precision milling for dental labs.',
      landingPageInfoIsUpdated: true,
    })
    .returning();
  const admin = await createUser(db, passwordHash, {
    email: 'admin@demo-mill.test',
    firstName: 'Anna',
    lastName: 'Admin',
    roleType: 'mill',
    companyId: millCompany.id,
  });
  const staff = await createUser(db, passwordHash, {
    email: 'user@demo-mill.test',
    firstName: 'Uwe',
    lastName: 'User',
    roleType: 'mill',
    companyId: millCompany.id,
  });
  await db.insert(millMembers).values([
    { millId: mill!.id, userId: admin.id, millRole: 'admin' },
    { millId: mill!.id, userId: staff.id, millRole: 'user' },
  ]);

  const labCompany = await createCompany(db, {
    name: 'Demo Lab',
    email: 'office@demo-lab.test',
    vatNumber: 'DE987654321',
    street: 'Laborstraße 5',
    city: 'München',
    zipCode: '80331',
    phone: '498912345',
    contactPerson: 'Lena Lab',
  });
  const [lab] = await db.insert(labs).values({ companyId: labCompany.id }).returning();
  const labUser = await createUser(db, passwordHash, {
    email: 'lab@demo-lab.test',
    firstName: 'Lena',
    lastName: 'Lab',
    roleType: 'lab',
    companyId: labCompany.id,
  });
  await db.insert(millClients).values({ millId: mill!.id, labId: lab!.id, userId: labUser.id, confirmed: true });
  await seedMillAdministration(db, passwordHash, mill!.id, millCompany.id);
  await seedDemoOrders(db, storage, { millId: mill!.id, labId: lab!.id, labUserId: labUser.id, millUserId: staff.id });

  const manager = await createUser(db, passwordHash, {
    email: 'manager@casebridge.test',
    firstName: 'Max',
    lastName: 'Manager',
    roleType: 'manager',
  });
  await seedDemoDesktopApp(db, storage, manager.id);

  const dealerCompany = await createCompany(db, {
    name: 'Demo Dealer',
    email: 'office@demo-dealer.test',
    vatNumber: 'DE111222333',
    street: 'Handelsplatz 2',
    city: 'Berlin',
    zipCode: '10115',
    phone: '493012345',
  });
  const [dealer] = await db.insert(dealers).values({ companyId: dealerCompany.id }).returning();
  const dealerUser = await createUser(db, passwordHash, {
    email: 'dealer@demo-dealer.test',
    firstName: 'Dora',
    lastName: 'Dealer',
    roleType: 'dealer',
    companyId: dealerCompany.id,
  });
  await db.insert(dealerMembers).values({ dealerId: dealer!.id, userId: dealerUser.id, dealerRole: 'dealer' });
  await seedDemoDealers(db, passwordHash, { dealerId: dealer!.id, companyId: dealerCompany.id, userId: dealerUser.id });
  // The ticket Demo Mill was created with.
  await db.insert(licenceTickets).values({ key: randomLicenceKey(), dealerId: dealer!.id, usedByMillId: mill!.id, usedAt: new Date() });
  await seedDemoTickets(db);

  for (const doc of POLICY_TEXTS) await db.insert(policyDocuments).values(doc);
  await seedContracts(db, passwordHash, mill!.id, millCompany);
  await seedDemoUsage(db, mill!.id);
}

const DEMO_MILLS = [
  { plan: 'basic', name: 'Alpine Mill', email: 'admin@alpine-mill.test', country: 'AT', vatNumber: '', city: 'Innsbruck' },
  { plan: 'enterprise', name: 'Nordic Mill', email: 'admin@nordic-mill.test', country: 'DK', vatNumber: '12345678', city: 'Aarhus' },
  { plan: 'custom', name: 'Atlas Mill', email: 'admin@atlas-mill.test', country: 'DE', vatNumber: '234567891', city: 'Hamburg' },
] as const;

/** Demo Mill on essential with two invoices, and one more mill on each other plan (spec §9). */
async function seedContracts(db: Db, passwordHash: string, demoMillId: number, demoCompany: typeof companies.$inferSelect): Promise<void> {
  const party = (company: typeof companies.$inferSelect) => ({
    name: company.name,
    street: company.street,
    zipCode: company.zipCode,
    city: company.city,
    country: company.country,
    vatNumber: company.vatNumber || null,
    email: company.email,
  });
  await seedDemoContract(db, { millId: demoMillId, planKey: 'essential', months: 2, buyer: party(demoCompany) });
  for (const demo of DEMO_MILLS) {
    const company = await createCompany(db, {
      name: demo.name,
      email: demo.email,
      country: demo.country,
      vatNumber: demo.vatNumber,
      street: 'Werkstraße 3',
      city: demo.city,
      zipCode: '6020',
      phone: '4351212345',
    });
    const [mill] = await db
      .insert(mills)
      .values({
        companyId: company.id,
        needPoliciesApproval: false,
        landingPageHeader: demo.name,
        landingPageContent: `${demo.name} mills zirconia and titanium.`,
        landingPageInfoIsUpdated: true,
      })
      .returning();
    const admin = await createUser(db, passwordHash, {
      email: demo.email,
      firstName: 'Demo',
      lastName: 'Admin',
      roleType: 'mill',
      companyId: company.id,
    });
    await db.insert(millMembers).values({ millId: mill!.id, userId: admin.id, millRole: 'admin' });
    if (demo.plan === 'basic') continue;
    const custom = demo.plan === 'custom' ? { priceCents: 9900, maxOrdersCount: 600, allowedClients: 60 } : undefined;
    await seedDemoContract(db, { millId: mill!.id, planKey: demo.plan, months: 1, buyer: party(company), custom });
  }
}

/** Bare keys only: the demo licence store's tickets (with content) are installations, not sign-up keys to list. */
const freeKey = () => and(isNull(licenceTickets.usedByMillId), isNull(licenceTickets.content));

async function ensureFreeKeys(db: Db): Promise<string[]> {
  const [dealer] = await db.select({ id: dealers.id }).from(dealers).orderBy(dealers.id).limit(1);
  let free = await db.select({ key: licenceTickets.key }).from(licenceTickets).where(freeKey());
  for (let i = free.length; i < MIN_FREE_KEYS; i++) {
    await db.insert(licenceTickets).values({ key: randomLicenceKey(), dealerId: dealer?.id ?? null });
  }
  free = await db.select({ key: licenceTickets.key }).from(licenceTickets).where(freeKey());
  return free.map((row) => row.key);
}

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo-mill.test', role: 'mill admin, Demo Mill' },
  { email: 'user@demo-mill.test', role: 'mill user, Demo Mill' },
  { email: 'lab@demo-lab.test', role: 'lab user, Demo Lab (client of Demo Mill)' },
  { email: 'manager@casebridge.test', role: 'manager' },
  { email: 'dealer@demo-dealer.test', role: 'root dealer, Demo Dealer' },
  ...DEMO_DEALER_ACCOUNTS,
  ...DEMO_MILLS.map((demo) => ({ email: demo.email, role: `mill admin, ${demo.name} (${demo.plan} plan)` })),
  ...DEMO_TWO_FACTOR_ACCOUNTS,
];

function describe(keys: string[]): string {
  const accounts = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(26)} ${a.role}`).join('\n');
  return `Demo accounts (password: ${DEMO_PASSWORD}):\n${accounts}\nUnused activation keys for signing up a new mill:\n${keys.map((k) => `  activation key: ${k}`).join('\n')}`;
}

/**
 * Adds the demo accounts unless they exist, and keeps at least three unused activation keys.
 * `encryptionKey` seals the demo authenticator's secret as the server will open it (lib/secrets.ts).
 */
export async function seedDemo(db: Db, storage: Storage, encryptionKey: string): Promise<DemoSummary> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo-mill.test'));
  if (!existing) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction(async (tx) => {
      await seedAccounts(tx, storage, passwordHash);
      await seedDemoTwoFactor(tx, passwordHash, encryptionKey);
    });
  }
  const activationKeys = await ensureFreeKeys(db);
  return { accounts: DEMO_ACCOUNTS, activationKeys, summary: describe(activationKeys) };
}

/** At start on the embedded database: only a database without any user gets demo data. */
export async function seedIfEmpty(db: Db, storage: Storage, encryptionKey: string): Promise<DemoSummary | null> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  return seedDemo(db, storage, encryptionKey);
}
