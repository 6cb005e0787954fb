import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { companies } from '../schema/companies.ts';
import { dealerCustomers, dealerMembers, dealers } from '../schema/dealers.ts';
import { users } from '../schema/users.ts';
import { seedDemoConfiguration } from './demo-configuration.ts';

/**
 * The demo reseller network (issue 13): Demo Dealer (the root, with dealer@demo-dealer.test) gets
 * a sub-dealer with a sub-sub-dealer, each with its own user, and a few customers on every level.
 */
export const DEMO_DEALER_ACCOUNTS = [
  { email: 'manager@demo-dealer.test', role: 'dealer manager, Demo Dealer (manages its users)' },
  { email: 'north@demo-dealer.test', role: 'sub-dealer, Demo Dealer North' },
  { email: 'hamburg@demo-dealer.test', role: 'sub-sub-dealer, Demo Dealer Hamburg (below North)' },
];

const CUSTOMERS = [
  { level: 0, code: 'DD-C-1001', firstName: 'Clara', lastName: 'Berg', company: 'Praxis Dr. Berg', city: 'Berlin' },
  { level: 0, code: 'DD-C-1002', firstName: 'Jonas', lastName: 'Keller', company: 'Zahnlabor Keller', city: 'Potsdam' },
  { level: 1, code: 'DD-C-2001', firstName: 'Marta', lastName: 'Nowak', company: 'Dental Nord', city: 'Rostock' },
  { level: 1, code: 'DD-C-2002', firstName: 'Piet', lastName: 'Jansen', company: 'Smile Kiel', city: 'Kiel' },
  { level: 2, code: 'DD-C-3001', firstName: 'Lea', lastName: 'Hansen', company: 'Elbe Dental', city: 'Hamburg' },
] as const;

interface Level {
  name: string;
  code: string;
  email: string;
  firstName: string;
  subDealerAllowed: boolean;
}

const LEVELS: Level[] = [
  { name: 'Demo Dealer North', code: 'DD-NORTH', email: 'north@demo-dealer.test', firstName: 'Nils', subDealerAllowed: true },
  { name: 'Demo Dealer Hamburg', code: 'DD-HAMBURG', email: 'hamburg@demo-dealer.test', firstName: 'Hanna', subDealerAllowed: false },
];

async function addDealer(db: Db, passwordHash: string, parentId: number, level: Level): Promise<number> {
  const [company] = await db
    .insert(companies)
    .values({ name: level.name, email: level.email, companyInfoIsUpdated: true, country: 'DE' })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      email: level.email,
      passwordHash,
      confirmed: true,
      firstName: level.firstName,
      lastName: 'Dealer',
      roleType: 'dealer',
      companyId: company!.id,
    })
    .returning();
  const [dealer] = await db
    .insert(dealers)
    .values({
      companyId: company!.id,
      parentId,
      dealerCode: level.code,
      name: level.name,
      email: level.email,
      userId: user!.id,
      subDealerAllowed: level.subDealerAllowed,
    })
    .returning();
  await db.insert(dealerMembers).values({ dealerId: dealer!.id, userId: user!.id, dealerRole: 'dealer' });
  return dealer!.id;
}

/** `root`: Demo Dealer and its user (seed.ts made them). */
export async function seedDemoDealers(
  db: Db,
  passwordHash: string,
  root: { dealerId: number; companyId: number; userId: number },
): Promise<void> {
  await db
    .update(dealers)
    .set({
      dealerCode: 'DD-ROOT',
      name: 'Demo Dealer',
      email: 'dealer@demo-dealer.test',
      userId: root.userId,
      subDealerAllowed: true,
      ownConfigurationsAllowed: true,
    })
    .where(eq(dealers.id, root.dealerId));
  const [manager] = await db
    .insert(users)
    .values({
      email: 'manager@demo-dealer.test',
      passwordHash,
      confirmed: true,
      firstName: 'Mira',
      lastName: 'Manager',
      roleType: 'dealer',
      companyId: root.companyId,
    })
    .returning();
  await db.insert(dealerMembers).values({ dealerId: root.dealerId, userId: manager!.id, dealerRole: 'manager' });
  await seedDemoConfiguration(db, root.dealerId);
  const ids = [root.dealerId];
  for (const level of LEVELS) ids.push(await addDealer(db, passwordHash, ids.at(-1)!, level));
  await db.insert(dealerCustomers).values(
    CUSTOMERS.map((c) => ({
      dealerId: ids[c.level]!,
      customerCode: c.code,
      firstName: c.firstName,
      lastName: c.lastName,
      company: c.company,
      salutation: 'Dr.',
      contactInformation: { city: c.city, country: 'DE', email: `${c.lastName.toLowerCase()}@example.test` },
    })),
  );
}
