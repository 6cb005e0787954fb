import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A legal entity: every mill, lab and dealer is one. Address fields are flat; the API nests them. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().default(''),
  web: text('web').notNull().default(''),
  contactPerson: text('contact_person').notNull().default(''),
  vatNumber: text('vat_number').notNull().default(''),
  taxId: text('tax_id').notNull().default(''),
  logoPath: text('logo_path'),
  logoName: text('logo_name'),
  country: text('country').notNull().default('DE'),
  state: text('state').notNull().default(''),
  street: text('street').notNull().default(''),
  city: text('city').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  phone: text('phone').notNull().default(''),
  companyInfoIsUpdated: boolean('company_info_is_updated').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
