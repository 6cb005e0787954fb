import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { MillRole } from '@casebridge/shared/constants/roles';
import { companies } from './companies.ts';
import { users } from './users.ts';

export const mills = pgTable('mills', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  needPoliciesApproval: boolean('need_policies_approval').notNull().default(true),
  landingPageHeader: text('landing_page_header').notNull().default(''),
  landingPageContent: text('landing_page_content').notNull().default(''),
  landingPageInfoIsUpdated: boolean('landing_page_info_is_updated').notNull().default(false),
  blocked: boolean('blocked').notNull().default(false),
  blockReason: text('block_reason'),
  blockedMillClientMessage: text('blocked_mill_client_message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staff of a mill. A user may belong to several mills (the mill selector). */
export const millMembers = pgTable(
  'mill_members',
  {
    millId: integer('mill_id')
      .notNull()
      .references(() => mills.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    millRole: text('mill_role').$type<MillRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.millId, t.userId] })],
);

/** Who accepted the policies for a mill, and when (spec §4, policy approval). */
export const policyConsents = pgTable('policy_consents', {
  id: serial('id').primaryKey(),
  millId: integer('mill_id')
    .notNull()
    .references(() => mills.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  /** Which documents were in force when the user accepted (ids of policy_documents, EN and DE). */
  documentIds: jsonb('document_ids')
    .$type<number[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});
