import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { labs } from './labs.ts';
import { mills } from './mills.ts';
import type { ComponentStatus } from '@casebridge/shared/constants/orders';
import { users } from './users.ts';

/** An order ("project" in the API): sent by a lab to one mill. */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    millId: integer('mill_id')
      .notNull()
      .references(() => mills.id, { onDelete: 'cascade' }),
    labId: integer('lab_id')
      .notNull()
      .references(() => labs.id),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    responsibleId: integer('responsible_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Until the lab finishes sending, the mill does not see the order. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /**
     * Kept by triggers on components (migration 0005): which statuses the order's components
     * have (bit 1 Open, 2 Downloaded, 4 Closed) and the lower-cased order and component names,
     * so the status filter and the search are index scans instead of a subquery per order.
     */
    statusMask: integer('status_mask').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The mill's list and its count see submitted orders only: a partial index serves both,
    // the count as an index-only scan.
    index('projects_mill_submitted_idx')
      .on(t.millId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.submittedAt} is not null`),
    index('projects_lab_created_idx').on(t.labId, t.createdAt.desc(), t.id.desc()),
    // One GIN over the mill and the trigrams: a search looks only at the mill's own orders.
    index('projects_mill_search_idx').using('gin', t.millId, sql`${t.searchText} gin_trgm_ops`),
    index('projects_mill_open_idx')
      .on(t.millId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.submittedAt} is not null and ${t.statusMask} & 1 <> 0`),
    index('projects_mill_downloaded_idx')
      .on(t.millId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.submittedAt} is not null and ${t.statusMask} & 2 <> 0`),
    index('projects_mill_closed_idx')
      .on(t.millId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.submittedAt} is not null and ${t.statusMask} & 4 <> 0`),
  ],
);

/** One restoration of an order, with its own files, messages and status. */
export const components = pgTable(
  'components',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<ComponentStatus>().notNull().default('Open'),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('components_project_idx').on(t.projectId)],
);

export type FileKind = 'document' | 'download';

/**
 * A file of a component: `document` is what the lab sent, `download` what the mill gives back.
 * The bytes live in storage under `storageKey`; size and SHA-256 are recorded at upload.
 */
export const componentFiles = pgTable(
  'component_files',
  {
    id: serial('id').primaryKey(),
    componentId: integer('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FileKind>().notNull(),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    fileType: text('file_type').notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The order's mill, filled by a trigger on insert (migration 0037), never by the caller: the
     * trigger that keeps `mill_stored_bytes` needs it when a cascade has already removed the order.
     */
    millId: integer('mill_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('component_files_component_idx').on(t.componentId, t.kind)],
);

/** Which user downloaded which document: all documents downloaded turns a component Downloaded. */
export const fileDownloads = pgTable(
  'file_downloads',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => componentFiles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.userId] })],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    componentId: integer('component_id').references(() => components.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the other side (the lab for a mill's message, the mill for a lab's) first read it: its author sees it. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('messages_project_idx').on(t.projectId, t.createdAt)],
);

/** Read state per user: reading marks a message read for that user only. */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

export type DownloadTarget = 'file' | 'component' | 'project' | 'report';

/**
 * The browser downloads by navigating, which cannot send a bearer token: it first asks for a
 * link, which carries a one-time token good for one target, for its user, for five minutes.
 */
export const downloadTokens = pgTable('download_tokens', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  target: text('target').$type<DownloadTarget>().notNull(),
  targetId: integer('target_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * How many submitted orders each mill has, kept by triggers on projects (migration 0006): the
 * unfiltered orders list reads its total here instead of counting tens of thousands of rows.
 */
export const millOrderCounts = pgTable('mill_order_counts', {
  millId: integer('mill_id')
    .primaryKey()
    .references(() => mills.id, { onDelete: 'cascade' }),
  submitted: integer('submitted').notNull().default(0),
});

/**
 * The bytes of all files of each mill's orders, kept by triggers on component_files (migration
 * 0037): an upload's storage check reads one row instead of summing every file of the mill.
 */
export const millStoredBytes = pgTable('mill_stored_bytes', {
  millId: integer('mill_id')
    .primaryKey()
    .references(() => mills.id, { onDelete: 'cascade' }),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});

/**
 * A number that moves whenever anything a mill's orders list shows changes (triggers of
 * migration 0008 on orders, components, files, messages and read marks). The list's response
 * cache is valid only while it stands still. Row 0 moves for changes that may show in any mill's
 * list: a company's name or logo, a person's name.
 */
export const orderListVersions = pgTable('order_list_versions', {
  millId: integer('mill_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
