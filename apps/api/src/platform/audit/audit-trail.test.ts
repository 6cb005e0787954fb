import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app.ts';
import type { Db } from '../../db/client.ts';
import { auditEntries } from '../../db/schema/audit.ts';
import { pruneAuditEntries } from './audit-prune.ts';
import { sealAuditEntries } from './audit-seal.ts';
import { AuditTrail, type AuditEntry } from './audit-trail.ts';
import { verifyAuditChain } from './audit-verify.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const trail = new AuditTrail();
const entry = (n: number): AuditEntry => ({
  actor: { userId: n, tenant: { kind: 'mill', id: 1 }, ip: '127.0.0.1' },
  action: 'order.status.changed',
  object: { kind: 'component', id: n },
  before: { status: 'Received' },
  after: { status: 'Done' },
  scope: { millId: 1 },
});
const append = (n: number) => db.transaction((tx) => trail.append(tx, entry(n)));
/** As a superuser who turns the triggers off for the statement: what the chain must reveal. */
const tamper = (statement: ReturnType<typeof sql>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
const idOfSeq = async (seq: number) => (await db.execute<{ id: string }>(sql`select id from audit_entries where seq = ${seq}`)).rows[0]!.id;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.database.db;
});
afterAll(async () => database.drop());

describe('the audit trail', () => {
  it('writes in the transaction of the change: a rolled-back change leaves no entry', async () => {
    await append(1);
    await db
      .transaction(async (tx) => {
        await trail.append(tx, entry(2));
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    expect(await db.$count(auditEntries)).toBe(1);
  });

  it('never stores a secret field, however nested', async () => {
    await db.transaction((tx) =>
      trail.append(tx, { ...entry(3), after: { password: 'hunter2-hunter2', nested: { resetToken: 'abc', name: 'A' }, totpSecret: 'S' } }),
    );
    const [row] = await db
      .execute<{ after: string }>(sql`select after::text from audit_entries where actor_user_id = 3`)
      .then((r) => r.rows);
    expect(row!.after).not.toMatch(/hunter2|abc|"S"/);
    expect(row!.after).toContain('"name": "A"');
  });

  it('chains concurrent transactions, and verify passes', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => append(100 + i)));
    expect(await sealAuditEntries(db)).toBe(22);
    expect(await verifyAuditChain(db, 730)).toEqual({ ok: true, checked: 22, unsealed: 0 });
  });

  it('refuses to update, delete or truncate entries in the database', async () => {
    await expect(db.execute(sql`update audit_entries set action = 'x' where seq = 1`)).rejects.toThrow();
    await expect(db.execute(sql`update audit_entries set seq = 99 where seq = 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_entries where seq = 1`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_entries`)).rejects.toThrow();
    await expect(
      db.execute(sql`insert into audit_entries (action, object_kind, object_id, seq, hash) values ('x', 'y', '1', 500, '\\x00')`),
    ).rejects.toThrow();
    expect((await verifyAuditChain(db, 730)).ok).toBe(true);
  });

  it('names an entry changed behind the triggers', async () => {
    const id = await idOfSeq(5);
    await tamper(sql`update audit_entries set after = '{"status":"Cancelled"}' where seq = 5`);
    expect(await verifyAuditChain(db, 730)).toMatchObject({ ok: false, brokenId: Number(id), checked: 4 });
    await tamper(sql`update audit_entries set after = '{"status":"Done"}' where seq = 5`);
    expect((await verifyAuditChain(db, 730)).ok).toBe(true);
  });

  it('names the entry after one removed behind the triggers', async () => {
    const next = await idOfSeq(8);
    await tamper(sql`delete from audit_entries where seq = 7`);
    const result = await verifyAuditChain(db, 730);
    expect(result).toMatchObject({ ok: false, brokenId: Number(next) });
    expect(result.ok || result.reason).toContain('7 is missing');
  });
});

describe('pruning', () => {
  it('removes entries past the retention; verify starts from the anchor and still finds a removal', async () => {
    const local = await createTestDatabase();
    db = local.database.db;
    try {
      const old = new Date(Date.now() - 10 * 86_400_000);
      for (let i = 0; i < 5; i++)
        await db.insert(auditEntries).values({ at: old, action: 'sign-in.succeeded', objectKind: 'user', objectId: String(i) });
      for (let i = 0; i < 3; i++) await append(10 + i);
      await sealAuditEntries(db);
      expect(await pruneAuditEntries(db, 5)).toBe(5);
      expect(await db.$count(auditEntries)).toBe(3);
      expect(await verifyAuditChain(db, 5)).toEqual({ ok: true, checked: 3, unsealed: 0 });
      await append(20);
      await sealAuditEntries(db);
      expect(await verifyAuditChain(db, 5)).toEqual({ ok: true, checked: 4, unsealed: 0 });
      // Without saying it prunes, nothing goes; a young entry removed behind the triggers is named.
      await expect(db.execute(sql`delete from audit_entries where seq = 6`)).rejects.toThrow();
      const next = await idOfSeq(7);
      await tamper(sql`delete from audit_entries where seq = 6`);
      expect(await verifyAuditChain(db, 5)).toMatchObject({ ok: false, brokenId: Number(next) });
    } finally {
      await local.drop();
    }
  });

  it('reports an anchor younger than the retention (entries removed as if pruned, too early)', async () => {
    const local = await createTestDatabase();
    db = local.database.db;
    try {
      for (let i = 0; i < 3; i++) await append(i);
      await sealAuditEntries(db);
      expect(await pruneAuditEntries(db, 1, new Date(Date.now() + 2 * 86_400_000))).toBe(3);
      expect(await verifyAuditChain(db, 1)).toMatchObject({ ok: false, brokenId: null });
    } finally {
      await local.drop();
    }
  });
});
