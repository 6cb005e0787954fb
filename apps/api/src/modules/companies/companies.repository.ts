import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { labs } from '../../db/schema/labs.ts';

/** The companies and labs tables: every mill, lab and dealer is a company; a lab company has one lab row. */
export type CompanyRow = typeof companies.$inferSelect;
export type LabRow = typeof labs.$inferSelect;
export type CompanyPatch = Partial<Omit<typeof companies.$inferInsert, 'id' | 'createdAt'>>;
export interface ShippingAddress {
  shippingAtSameAddress: boolean;
  street: string;
  city: string;
  zipCode: string;
  phone: string;
}

export async function findCompany(db: Db, id: number): Promise<CompanyRow | null> {
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  return company ?? null;
}

export async function findCompanies(db: Db, ids: number[]): Promise<CompanyRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(companies).where(inArray(companies.id, ids));
}

export async function insertCompany(db: Db, values: { name: string; email: string }): Promise<CompanyRow> {
  const [company] = await db.insert(companies).values(values).returning();
  return company!;
}

export async function updateCompany(db: Db, id: number, patch: CompanyPatch): Promise<CompanyRow> {
  const [company] = await db.update(companies).set(patch).where(eq(companies.id, id)).returning();
  return company!;
}

export async function deleteCompany(db: Db, id: number): Promise<void> {
  await db.delete(companies).where(eq(companies.id, id));
}

export async function findLab(db: Db, id: number): Promise<LabRow | null> {
  const [lab] = await db.select().from(labs).where(eq(labs.id, id));
  return lab ?? null;
}

export async function findLabOfCompany(db: Db, companyId: number): Promise<LabRow | null> {
  const [lab] = await db.select().from(labs).where(eq(labs.companyId, companyId));
  return lab ?? null;
}

export async function insertLab(db: Db, companyId: number): Promise<LabRow> {
  const [lab] = await db.insert(labs).values({ companyId }).returning();
  return lab!;
}

export async function updateShipping(db: Db, labId: number, address: ShippingAddress): Promise<LabRow> {
  const [lab] = await db
    .update(labs)
    .set({
      shippingAtSameAddress: address.shippingAtSameAddress,
      shippingStreet: address.street,
      shippingCity: address.city,
      shippingZipCode: address.zipCode,
      shippingPhone: address.phone,
    })
    .where(eq(labs.id, labId))
    .returning();
  return lab!;
}

export async function deleteLabOfCompany(db: Db, companyId: number): Promise<void> {
  await db.delete(labs).where(eq(labs.companyId, companyId));
}
