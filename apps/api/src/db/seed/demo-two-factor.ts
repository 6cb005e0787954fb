import type { Db } from '../client.ts';
import { companies } from '../schema/companies.ts';
import { millMembers, mills } from '../schema/mills.ts';
import { twoFactorRequirements, userTotp } from '../schema/two-factor.ts';
import { users } from '../schema/users.ts';
import { SecretBox } from '../../lib/secret-box.ts';

/**
 * The demo's two-factor sign-in (ADR 0020): Secure Mill requires a second factor of its staff. Its
 * admin has an authenticator enrolled from this fixed, public secret (the README tells how to get
 * its codes); its user has none and is asked to enrol at sign-in. A mill of its own, because
 * requiring it of Demo Mill would change every journey that signs in as its staff.
 */
export const DEMO_TOTP_SECRET = 'CASEBRIDGEDEMO2FASECRETKEY234567';

export const DEMO_TWO_FACTOR_ACCOUNTS = [
  { email: 'admin@secure-mill.test', role: `mill admin, Secure Mill (requires two-factor sign-in; TOTP secret ${DEMO_TOTP_SECRET})` },
  { email: 'user@secure-mill.test', role: 'mill user, Secure Mill (enrols an authenticator at first sign-in)' },
];

export async function seedDemoTwoFactor(db: Db, passwordHash: string, encryptionKey: string): Promise<void> {
  const [company] = await db
    .insert(companies)
    .values({ name: 'Secure Mill', email: 'office@secure-mill.test', country: 'DE', companyInfoIsUpdated: true, city: 'Dresden' })
    .returning();
  const [mill] = await db
    .insert(mills)
    .values({ companyId: company!.id, needPoliciesApproval: false, landingPageHeader: 'Secure Mill', landingPageInfoIsUpdated: true })
    .returning();
  const people = await db
    .insert(users)
    .values(
      [
        { email: 'admin@secure-mill.test', firstName: 'Sven', lastName: 'Secure' },
        { email: 'user@secure-mill.test', firstName: 'Sina', lastName: 'Staff' },
      ].map((person) => ({ ...person, passwordHash, confirmed: true, roleType: 'mill' as const, companyId: company!.id })),
    )
    .returning();
  const [admin, staff] = people;
  await db.insert(millMembers).values([
    { millId: mill!.id, userId: admin!.id, millRole: 'admin' },
    { millId: mill!.id, userId: staff!.id, millRole: 'user' },
  ]);
  const sealedSecret = new SecretBox(encryptionKey, 'totp').seal(DEMO_TOTP_SECRET);
  await db.insert(userTotp).values({ userId: admin!.id, sealedSecret, confirmedAt: new Date() });
  await db.insert(twoFactorRequirements).values({ millId: mill!.id, setBy: admin!.id });
}
