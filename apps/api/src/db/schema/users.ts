import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RoleType } from '@casebridge/shared/constants/roles';
import type { UserSettings } from '@casebridge/shared/schemas/auth';
import { companies } from './companies.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased and trimmed: the unique index is the uniqueness rule. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    roleType: text('role_type').$type<RoleType>().notNull(),
    companyId: integer('company_id').references(() => companies.id),
    language: text('language').notNull().default('en'),
    avatarPath: text('avatar_path'),
    confirmed: boolean('confirmed').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    promotionsOptOut: boolean('promotions_opt_out').notNull().default(false),
    /** Bumped on password change or reset, block and email change: every older JWT stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    settings: jsonb('settings')
      .$type<Partial<UserSettings>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the user deleted their account: the row stays, pseudonymised (modules/personal-data). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);
