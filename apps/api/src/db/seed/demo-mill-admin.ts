import type { Db } from '../client.ts';
import { companies } from '../schema/companies.ts';
import { labs, millClients } from '../schema/labs.ts';
import { licenceKeys } from '../schema/licence-keys.ts';
import { millMembers } from '../schema/mills.ts';
import { users } from '../schema/users.ts';

interface DemoLab {
  company: string;
  email: string;
  firstName: string;
  lastName: string;
  city: string;
  /** A pending invitation: the lab has not created its account yet. */
  pending?: boolean;
  blockedByMill?: boolean;
  blockedBySystem?: boolean;
}

/** Clients of Demo Mill in every state the clients screen shows. */
const DEMO_LABS: DemoLab[] = [
  { company: 'Smile Dental Lab', email: 'pending@smile-lab.test', firstName: 'Paula', lastName: 'Pending', city: 'Hamburg', pending: true },
  {
    company: 'Bright Teeth Lab',
    email: 'blocked@bright-lab.test',
    firstName: 'Bruno',
    lastName: 'Blocked',
    city: 'Köln',
    blockedByMill: true,
  },
  {
    company: 'Old Town Dental',
    email: 'system@oldtown-dental.test',
    firstName: 'Sven',
    lastName: 'System',
    city: 'Leipzig',
    blockedBySystem: true,
  },
];

async function addDemoLab(db: Db, passwordHash: string, millId: number, demo: DemoLab): Promise<void> {
  const [company] = await db
    .insert(companies)
    .values({
      name: demo.pending ? '' : demo.company,
      email: demo.email,
      city: demo.city,
      country: 'DE',
      vatNumber: demo.pending ? '' : 'DE100200300',
      street: demo.pending ? '' : 'Zahnweg 7',
      zipCode: demo.pending ? '' : '20095',
      phone: demo.pending ? '' : '4940123456',
      contactPerson: `${demo.firstName} ${demo.lastName}`,
      companyInfoIsUpdated: !demo.pending,
    })
    .returning();
  const [lab] = await db.insert(labs).values({ companyId: company!.id }).returning();
  const [user] = await db
    .insert(users)
    .values({
      email: demo.email,
      firstName: demo.firstName,
      lastName: demo.lastName,
      roleType: 'lab',
      companyId: company!.id,
      confirmed: !demo.pending,
      passwordHash: demo.pending ? null : passwordHash,
    })
    .returning();
  await db.insert(millClients).values({
    millId,
    labId: lab!.id,
    userId: user!.id,
    confirmed: !demo.pending,
    blockedByMill: demo.blockedByMill ?? false,
    blockedBySystem: demo.blockedBySystem ?? false,
    activationMessage: 'Welcome to Demo Mill! Send us your cases through CaseBridge.',
    // What the mill typed when inviting: all it sees of a lab that has not accepted yet.
    invitedFirstName: demo.firstName,
    invitedLastName: demo.lastName,
    invitedEmail: demo.email,
  });
}

/** Demo Mill's house: clients in every state, a second user, and registered licence keys. */
export async function seedMillAdministration(db: Db, passwordHash: string, millId: number, companyId: number): Promise<void> {
  for (const demo of DEMO_LABS) await addDemoLab(db, passwordHash, millId, demo);
  const [technician] = await db
    .insert(users)
    .values({
      email: 'tom@demo-mill.test',
      firstName: 'Tom',
      lastName: 'Technician',
      roleType: 'mill',
      companyId,
      confirmed: true,
      passwordHash,
    })
    .returning();
  await db.insert(millMembers).values({ millId, userId: technician!.id, millRole: 'user' });
  await db.insert(licenceKeys).values([
    { millId, key: 'DEMO1-MILL1-KEY01-AAAAA-00001', enableDataCollection: true },
    { millId, key: 'DEMO1-MILL1-KEY02-BBBBB-00002', enableDataCollection: false },
  ]);
}
