import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../test/factories.ts';
import { orderWorkspace, sendOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries } from '../../db/schema/audit.ts';
import { sealAuditEntries } from './audit-seal.ts';
import { verifyAuditChain } from './audit-verify.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof orderWorkspace>>;
let order: Awaited<ReturnType<typeof sendOrder>>;

/** The newest entry of an action kind. */
async function last(action: string) {
  const [row] = await t.db.select().from(auditEntries).where(eq(auditEntries.action, action)).orderBy(desc(auditEntries.id)).limit(1);
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorkspace(t);
  order = await sendOrder(t, w.labJwt, w.mill.id);
});
afterAll(async () => t.close());

describe('the first audited events (issue 28)', () => {
  it('sign-ins, successful and refused, with the address they came from and never the password', async () => {
    expect(await last('auth.signIn.succeeded')).toMatchObject({ actorUserId: w.lab.user.id, objectKind: 'user', ip: '127.0.0.1' });
    const refused = await t.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: w.admin.email, password: 'wrong-password-123' },
    });
    expect(refused.statusCode).toBe(400);
    const entry = await last('auth.signIn.refused');
    expect(entry).toMatchObject({ actorUserId: null, objectKind: 'sign-in', objectId: w.admin.email });
    expect(JSON.stringify(entry)).not.toContain('wrong-password-123');
    expect(JSON.stringify(await t.db.select().from(auditEntries))).not.toContain(PASSWORD);
  });

  it('document uploads, for the mill and the lab', async () => {
    expect(await last('file.uploaded')).toMatchObject({
      actorUserId: w.lab.user.id,
      actorTenantKind: 'lab',
      objectKind: 'file',
      millId: w.mill.id,
      labId: w.lab.lab.id,
      after: { name: 'crown.stl', kind: 'document' },
    });
  });

  it('a component status change with before and after', async () => {
    const component = order.components[0]!;
    const url = `/api/projects/${order.id}/components/${component.id}`;
    const changed = await t.request({ method: 'PUT', url, token: w.staffJwt, payload: { status: 'Closed' } });
    expect(changed.statusCode).toBe(200);
    expect(await last('order.status.changed')).toMatchObject({
      actorUserId: w.staff.id,
      actorTenantKind: 'mill',
      objectKind: 'component',
      objectId: String(component.id),
      after: { status: 'Closed' },
      millId: w.mill.id,
      labId: w.lab.lab.id,
    });
  });

  it('the responsible person', async () => {
    const url = `/api/mills/${w.mill.id}/labs/${w.lab.lab.id}/projects/${order.id}`;
    expect((await t.request({ method: 'PUT', url, token: w.adminJwt, payload: { responsibleId: w.staff.id } })).statusCode).toBe(200);
    expect(await last('order.responsible.changed')).toMatchObject({ objectId: String(order.id), after: { responsibleId: w.staff.id } });
  });

  it('downloads, by whoever fetched', async () => {
    const [file] = await t.db.select().from(auditEntries).where(eq(auditEntries.action, 'file.uploaded'));
    const fetched = await t.request({ method: 'GET', url: `/api/files/${file!.objectId}/download`, token: w.adminJwt });
    expect(fetched.statusCode).toBeLessThan(400);
    const link = fetched.json<{ url?: string }>().url;
    if (link) await t.request({ method: 'GET', url: link.replace(/^https?:\/\/[^/]+/, '') });
    expect(await last('file.downloaded')).toMatchObject({ actorUserId: w.admin.id, objectId: file!.objectId, millId: w.mill.id });
  });

  it('client blocks and removals', async () => {
    const url = `/api/mill/${w.mill.id}/updateLabBlockStatus`;
    const blocked = await t.request({ method: 'POST', url, token: w.adminJwt, payload: { userId: w.lab.user.id, blockedByMill: true } });
    expect(blocked.statusCode).toBe(200);
    expect(await last('client.blocked')).toMatchObject({
      objectKind: 'lab',
      objectId: String(w.lab.lab.id),
      after: { blockedByMill: true },
    });
    const removed = await t.request({ method: 'DELETE', url: `/api/mills/${w.mill.id}/clients/${w.lab.user.id}`, token: w.adminJwt });
    expect(removed.statusCode).toBe(200);
    expect(await last('client.removed')).toMatchObject({ objectKind: 'lab', millId: w.mill.id, labId: w.lab.lab.id });
  });

  it('mill members and roles', async () => {
    const url = `/api/mills/${w.mill.id}/users/${w.staff.id}`;
    const payload = { firstName: 'Changed', lastName: 'Name', email: w.staff.email, millRole: 'admin' };
    expect((await t.request({ method: 'PUT', url, token: w.adminJwt, payload })).statusCode).toBe(200);
    expect(await last('millUser.changed')).toMatchObject({ before: { millRole: 'user' }, after: { millRole: 'admin' }, millId: w.mill.id });
    expect((await t.request({ method: 'DELETE', url, token: w.adminJwt })).statusCode).toBe(200);
    expect(await last('millUser.removed')).toMatchObject({ objectId: String(w.staff.id), before: { millRole: 'admin' } });
  });

  it('every entry chains and verifies', async () => {
    expect(await sealAuditEntries(t.db)).toBeGreaterThan(5);
    expect(await verifyAuditChain(t.db, 730)).toMatchObject({ ok: true, unsealed: 0 });
  });
});
