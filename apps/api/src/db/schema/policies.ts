import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type PolicyKind = 'terms-of-service' | 'data-processing';

/** Published policy documents; the active one per kind and language is served to the terms pages. */
export const policyDocuments = pgTable('policy_documents', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<PolicyKind>().notNull(),
  language: text('language').notNull(),
  title: text('title').notNull(),
  /** Sanitised HTML written by the operator, served in a sandboxed frame. */
  contentHtml: text('content_html').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
