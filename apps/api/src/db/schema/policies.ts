import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type PolicyKind = 'terms-of-service' | 'data-processing';

/** Published policy documents; the active one per kind and language is served to the terms pages. */
export const policyDocuments = pgTable('policy_documents', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<PolicyKind>().notNull(),
  language: text('language').notNull(),
  title: text('title').notNull(),
  /** Demo texts are HTML we wrote; real documents are the signed PDFs the manager uploads. */
  contentHtml: text('content_html'),
  /** Storage key of an uploaded PDF. */
  filePath: text('file_path'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
