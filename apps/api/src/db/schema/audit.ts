import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A SHA-256 digest, kept as its 32 bytes. */
const digest = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The audit trail (issue 28, ADR 0019): append-only, no foreign keys (an entry outlives the user,
 * mill or order it names). A change writes its entry unsealed (seq and hash null) in its own
 * transaction; the sealing job gives each committed entry its place in the chain (seq) and its
 * hash over the previous entry's hash, once. Triggers of migration 0032 refuse every other UPDATE,
 * and every DELETE except pruning's. Who reads an entry: the mill, lab and dealer it is about
 * (`mill_id`, `lab_id`, `dealer_id`), and the manager.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Milliseconds, as JavaScript reads them back: the hash covers exactly what is stored. */
    at: timestamp('at', { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    actorUserId: integer('actor_user_id'),
    /** On behalf of which tenant the actor acted: 'mill' | 'lab' | 'dealer' | 'platform'. */
    actorTenantKind: text('actor_tenant_kind'),
    actorTenantId: integer('actor_tenant_id'),
    action: text('action').notNull(),
    objectKind: text('object_kind').notNull(),
    objectId: text('object_id').notNull(),
    ip: inet('ip'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    millId: integer('mill_id'),
    labId: integer('lab_id'),
    dealerId: integer('dealer_id'),
    /** The place in the chain, given by the sealing job; null until sealed. */
    seq: bigint('seq', { mode: 'number' }),
    hash: digest('hash'),
  },
  (t) => [
    uniqueIndex('audit_entries_seq_idx').on(t.seq),
    index('audit_entries_unsealed_idx')
      .on(t.id)
      .where(sql`seq is null`),
    index('audit_entries_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_entries_mill_idx')
      .on(t.millId, t.at.desc(), t.id.desc())
      .where(sql`mill_id is not null`),
    index('audit_entries_mill_action_idx')
      .on(t.millId, t.action, t.at.desc(), t.id.desc())
      .where(sql`mill_id is not null`),
    index('audit_entries_mill_actor_idx')
      .on(t.millId, t.actorUserId, t.at.desc(), t.id.desc())
      .where(sql`mill_id is not null`),
    index('audit_entries_mill_object_idx')
      .on(t.millId, t.objectKind, t.objectId, t.at.desc(), t.id.desc())
      .where(sql`mill_id is not null`),
    index('audit_entries_lab_idx')
      .on(t.labId, t.at.desc(), t.id.desc())
      .where(sql`lab_id is not null`),
    index('audit_entries_dealer_idx')
      .on(t.dealerId, t.at.desc(), t.id.desc())
      .where(sql`dealer_id is not null`),
    check('audit_entries_sealed_whole', sql`(seq is null) = (hash is null)`),
  ],
);

/**
 * Where the chain starts after pruning: the place and hash of the last entry pruned (one row, id 1).
 * Without a row, the chain starts at seq 1 from the empty hash.
 */
export const auditAnchor = pgTable('audit_anchor', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: digest('hash').notNull(),
  /** When the last pruned entry was written: verify checks no entry younger than the retention went. */
  at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
});
