import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDealer,
  createDealerCustomer,
  createLab,
  createManager,
  createTicket,
  PASSWORD,
  signIn,
  signedInMill,
  uniqueEmail,
} from '../../../test/factories.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { binaryStl, multipartFile, orderWorkspace, sendOrder } from '../../../test/orders.ts';
import { createTestApp, tokenFromMail, waitForMail, type TestApp } from '../../../test/test-app.ts';
import { auditEntries } from '../../db/schema/audit.ts';
import { millSubscriptions, testPaymentObjects } from '../../db/schema/billing.ts';
import { companies } from '../../db/schema/companies.ts';
import { dealers, licenceTickets } from '../../db/schema/dealers.ts';
import { randomLicenceKey } from '../../db/seed/seed.ts';
import { currentTotp } from '../../modules/two-factor/two-factor.rules.ts';
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

/** The newest entry of an action kind about one object. */
async function lastAbout(action: string, objectId: number) {
  const [row] = await t.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.action, action), eq(auditEntries.objectId, String(objectId))))
    .orderBy(desc(auditEntries.id))
    .limit(1);
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

  it('client invitations: sent, accepted by an existing lab, withdrawn', async () => {
    const existing = await createLab(t.db);
    const invite = (email: string) =>
      t.request({
        method: 'POST',
        url: `/api/mills/${w.mill.id}/clients?locale=en`,
        token: w.adminJwt,
        payload: { firstName: 'Ivo', lastName: 'Invited', email, activationMessage: 'Welcome' },
      });
    expect((await invite(existing.user.email)).statusCode).toBe(200);
    expect(await last('client.invitation.sent')).toMatchObject({
      actorUserId: w.admin.id,
      actorTenantKind: 'mill',
      objectKind: 'lab',
      objectId: String(existing.lab.id),
      after: { email: existing.user.email, newAccount: false },
      millId: w.mill.id,
      labId: existing.lab.id,
    });
    const mail = await waitForMail(t, (m) => m.to === existing.user.email && m.text.includes('activation='));
    const linked = await t.request({
      method: 'POST',
      url: `/api/mills/${w.mill.id}/link-to-account`,
      token: await signIn(t, existing.user.email),
      payload: { confirmationToken: tokenFromMail(mail, 'activation'), millId: w.mill.id },
    });
    expect(linked.statusCode).toBe(200);
    expect(await last('client.invitation.accepted')).toMatchObject({
      actorUserId: existing.user.id,
      actorTenantKind: 'lab',
      objectId: String(existing.lab.id),
      millId: w.mill.id,
      labId: existing.lab.id,
    });
    const email = uniqueEmail('withdrawn');
    const added = await invite(email);
    const url = `/api/mills/${w.mill.id}/clients/${added.json<{ user: { id: number } }>().user.id}`;
    expect((await t.request({ method: 'DELETE', url, token: w.adminJwt })).statusCode).toBe(200);
    expect(await last('client.invitation.withdrawn')).toMatchObject({ actorUserId: w.admin.id, before: { email }, millId: w.mill.id });
  });

  it('licence keys and their consent, without the key itself', async () => {
    const key = randomLicenceKey();
    const url = '/api/toolpass-data-collection-consents';
    const payload = { millId: w.mill.id, licenseKey: key, enableDataCollection: true };
    const added = await t.request({ method: 'POST', url, token: w.adminJwt, payload });
    expect(added.statusCode).toBe(200);
    const id = added.json<{ id: number }>().id;
    const entry = { actorUserId: w.admin.id, objectKind: 'licenceKey', objectId: String(id), millId: w.mill.id };
    expect(await last('licenceKey.added')).toMatchObject({ ...entry, after: { keyEnd: key.slice(-4), enableDataCollection: true } });
    const off = await t.request({ method: 'PUT', url: `${url}/${id}`, token: w.adminJwt, payload: { enableDataCollection: false } });
    expect(off.statusCode).toBe(200);
    const withdrawn = { before: { enableDataCollection: true }, after: { enableDataCollection: false } };
    expect(await last('licenceKey.consent.withdrawn')).toMatchObject({ ...entry, ...withdrawn });
    const on = await t.request({ method: 'PUT', url: `${url}/${id}`, token: w.adminJwt, payload: { enableDataCollection: true } });
    expect(on.statusCode).toBe(200);
    const given = { before: { enableDataCollection: false }, after: { enableDataCollection: true } };
    expect(await last('licenceKey.consent.given')).toMatchObject({ ...entry, ...given });
    expect((await t.request({ method: 'DELETE', url: `${url}/${id}`, token: w.adminJwt })).statusCode).toBe(200);
    expect(await last('licenceKey.removed')).toMatchObject({ ...entry, before: { enableDataCollection: true }, after: null });
    expect(JSON.stringify(await t.db.select().from(auditEntries))).not.toContain(key);
  });

  it("plan and add-on changes by the mill's admin, the manager's plans and custom contracts", async () => {
    const paying = await signedInMill(t);
    const details = { country: 'DE', street: 'Hauptstraße 1', city: 'Berlin', zipCode: '10115', companyInfoIsUpdated: true };
    await t.db.update(companies).set(details).where(eq(companies.id, paying.company.id));
    const checkout = await t.request({
      method: 'POST',
      url: '/api/checkout',
      token: paying.jwt,
      payload: { millId: paying.mill.id, lookupKey: 'casebridge_essential_monthly', policyAgreement: true, dataProcessingAgreement: true },
    });
    const { sessionId } = checkout.json<{ sessionId: string }>();
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Test Buyer' };
    await t.request({ method: 'POST', url: `/api/test-payments/checkouts/${sessionId}/pay`, payload: card });
    const success = await t.request({ method: 'POST', url: '/api/payments/success', token: paying.jwt, payload: { sessionId } });
    expect(success.statusCode).toBe(200);
    const mill = { actorUserId: paying.admin.id, actorTenantKind: 'mill', objectKind: 'mill', millId: paying.mill.id };
    expect(await last('subscription.plan.changed')).toMatchObject({
      ...mill,
      after: { planKey: 'essential', addOnKey: null },
    });
    const addOns = await t.request({ method: 'GET', url: '/api/add-ons', token: paying.jwt });
    const addOnKey = addOns.json<{ data: { key: string }[] }>().data[0]!.key;
    const bought = await t.request({
      method: 'POST',
      url: '/api/add-ons',
      token: paying.jwt,
      payload: { millId: paying.mill.id, filesKeepDurationKey: addOnKey, policyAgreement: true, dataProcessingAgreement: true },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await last('subscription.addOn.changed')).toMatchObject({ ...mill, before: { addOnKey: null }, after: { addOnKey } });
    const cancelled = await t.request({ method: 'DELETE', url: `/api/payments?millId=${paying.mill.id}`, token: paying.jwt });
    expect(cancelled.statusCode).toBe(200);
    expect(await last('subscription.cancelled')).toMatchObject({ ...mill, before: { cancelAt: null }, after: { planKey: 'essential' } });
    const agreements = { policyAgreement: true, dataProcessingAgreement: true };
    const resumed = await t.request({
      method: 'POST',
      url: '/api/payments/resume',
      token: paying.jwt,
      payload: { millId: paying.mill.id, ...agreements },
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await last('subscription.resumed')).toMatchObject({ ...mill, after: { planKey: 'essential', cancelAt: null } });

    const manager = await createManager(t.db);
    const managerJwt = await signIn(t, manager.email);
    const terms = { priceCents: 12_345, maxOrdersCount: 10, allowedClients: 3 };
    const custom = await t.request({
      method: 'PUT',
      url: `/api/mills/${paying.mill.id}/custom-contract`,
      token: managerJwt,
      payload: { customContract: terms },
    });
    expect(custom.statusCode).toBe(200);
    expect(await last('subscription.customContract.changed')).toMatchObject({
      actorUserId: manager.id,
      actorTenantKind: 'platform',
      objectId: String(paying.mill.id),
      before: { customContract: null },
      after: { customContract: terms },
      millId: paying.mill.id,
    });
    const types = await t.request({ method: 'GET', url: '/api/contract-types', token: managerJwt });
    const plan = types.json<{ data: Record<string, unknown>[] }>().data.find((p) => p.id === 'enterprise')!;
    const values = { priceCents: 99_900, maxOrdersCount: plan.maxOrdersCount, allowedClients: plan.allowedClients };
    const payload = { ...values, storageMb: plan.storageMb, support: plan.support, filesKeepDays: plan.filesKeepDays };
    const changed = await t.request({ method: 'PUT', url: '/api/contract-types/enterprise', token: managerJwt, payload });
    expect(changed.statusCode).toBe(200);
    expect(await last('plan.changed')).toMatchObject({
      actorUserId: manager.id,
      objectKind: 'plan',
      objectId: 'enterprise',
      before: { priceCents: plan.priceCents },
      after: { priceCents: 99_900 },
      millId: null,
      dealerId: null,
    });
  });

  it("the dealer tree and dealer users, in the sub-dealer's trail that its parent reads", async () => {
    const root = await createDealer(t.db, { subDealerAllowed: true, dealerRole: 'manager' });
    const rootJwt = await signIn(t, root.user.email);
    const code = `SUB-${Date.now()}`;
    const created = await t.request({
      method: 'POST',
      url: '/api/dealers',
      token: rootJwt,
      payload: { dealerId: code, name: 'Sub dealer', parentDealerId: root.dealer.id },
    });
    expect(created.statusCode, created.body).toBe(200);
    const sub = created.json<{ id: number }>();
    const byRoot = { actorUserId: root.user.id, actorTenantKind: 'dealer', actorTenantId: root.dealer.id };
    expect(await last('dealer.created')).toMatchObject({
      ...byRoot,
      objectKind: 'dealer',
      objectId: String(sub.id),
      after: { parentId: root.dealer.id, name: 'Sub dealer' },
      dealerId: sub.id,
    });
    const changed = await t.request({
      method: 'PUT',
      url: `/api/dealers/${sub.id}`,
      token: rootJwt,
      payload: { dealerId: code, name: 'Renamed', parentDealerId: root.dealer.id },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await last('dealer.changed')).toMatchObject({
      ...byRoot,
      before: { name: 'Sub dealer' },
      after: { name: 'Renamed' },
      dealerId: sub.id,
    });

    const body = { firstName: 'Dana', lastName: 'Dealer', email: uniqueEmail('dealer'), role: 'dealer', dealerId: sub.id, blocked: false };
    const added = await t.request({ method: 'POST', url: '/api/dealer-users', token: rootJwt, payload: body });
    expect(added.statusCode, added.body).toBe(200);
    const userId = added.json<{ id: number }>().id;
    expect(await last('dealerUser.added')).toMatchObject({
      ...byRoot,
      objectKind: 'user',
      objectId: String(userId),
      after: { email: body.email, role: 'dealer', dealerId: sub.id },
      dealerId: sub.id,
    });
    const blocked = await t.request({
      method: 'PUT',
      url: `/api/dealer-users/${userId}`,
      token: rootJwt,
      payload: { ...body, blocked: true },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await last('dealerUser.changed')).toMatchObject({ before: { blocked: false }, after: { blocked: true }, dealerId: sub.id });

    // The parent's trail holds its sub-dealer's events; the sub-dealer's own users do not read the parent's.
    await sealAuditEntries(t.db);
    const trail = await t.request({ method: 'GET', url: `/api/dealers/${root.dealer.id}/audit?_limit=50`, token: rootJwt });
    expect(trail.statusCode, trail.body).toBe(200);
    const actions = trail.json<{ data: { action: string }[] }>().data.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['dealer.created', 'dealer.changed', 'dealerUser.added', 'dealerUser.changed']));
  });

  it('licence ticket assignments, moves and archives, in the dealer trail', async () => {
    const root = await createDealer(t.db, { subDealerAllowed: true, dealerRole: 'manager' });
    const sub = await createDealer(t.db, { parentId: root.dealer.id });
    const rootJwt = await signIn(t, root.user.email);
    const key = await createTicket(t.db);
    const [ticket] = await t.db.update(licenceTickets).set({ dealerId: sub.dealer.id }).where(eq(licenceTickets.key, key)).returning();
    const url = `/api/dealer-tickets/${ticket!.id}`;
    const customer = await createDealerCustomer(t.db, sub.dealer.id);
    const assigned = await t.request({ method: 'PUT', url: `${url}/customer`, token: rootJwt, payload: { dealerCustomerId: customer.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const entry = { actorUserId: root.user.id, actorTenantKind: 'dealer', objectKind: 'ticket', objectId: String(ticket!.id) };
    const assignment = { before: { customerId: null }, after: { customerId: customer.id }, dealerId: sub.dealer.id };
    expect(await last('ticket.assigned')).toMatchObject({ ...entry, ...assignment });
    const moved = await t.request({ method: 'PUT', url: `${url}/dealer`, token: rootJwt, payload: { dealerId: root.dealer.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    const move = { before: { dealerId: sub.dealer.id, customerId: customer.id }, after: { dealerId: root.dealer.id, customerId: null } };
    expect(await last('ticket.moved')).toMatchObject({ ...entry, ...move, dealerId: root.dealer.id });
    const external = { externalCustomerId: 'EXT-1', description: 'Front desk' };
    expect((await t.request({ method: 'PUT', url: `${url}/external`, token: rootJwt, payload: external })).statusCode).toBe(200);
    expect(await last('ticket.externalCustomer.changed')).toMatchObject({ ...entry, after: external });
    const batch = { ticketIds: [ticket!.id], archived: true };
    const archived = await t.request({ method: 'POST', url: '/api/dealer-tickets/batch-archive', token: rootJwt, payload: batch });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await last('ticket.archived')).toMatchObject({ ...entry, after: { archived: true }, dealerId: root.dealer.id });
    const back = await t.request({ method: 'PUT', url: `${url}/archived`, token: rootJwt, payload: { archived: false } });
    expect(back.statusCode, back.body).toBe(200);
    expect(await last('ticket.unarchived')).toMatchObject({ ...entry, after: { archived: false } });
  });

  it("a lab's deletion of a sent order, in the mill's and the lab's trail, without the order's name", async () => {
    // A workspace of its own: the shared one's lab stopped being a client above.
    const v = await orderWorkspace(t);
    const sent = await sendOrder(t, v.labJwt, v.mill.id, { name: 'Case of Erika Mustermann' });
    expect((await t.request({ method: 'DELETE', url: `/api/orders/${sent.id}`, token: v.labJwt })).statusCode).toBe(200);
    const entry = await last('order.deleted');
    expect(entry).toMatchObject({
      actorUserId: v.lab.user.id,
      actorTenantKind: 'lab',
      objectKind: 'order',
      objectId: String(sent.id),
      before: { submitted: true, components: sent.components.length },
      after: null,
      millId: v.mill.id,
      labId: v.lab.lab.id,
    });
    expect(JSON.stringify(entry)).not.toContain('Mustermann');
  });

  it('a sign-in completed with a second factor, with its method', async () => {
    const { admin } = await signedInMill(t);
    const jwt = await signIn(t, admin.email);
    const { secret } = (await t.request({ method: 'POST', url: '/api/users/me/two-factor/totp', payload: {}, token: jwt })).json<{
      secret: string;
    }>();
    const confirm = { code: currentTotp(secret, Date.now()) };
    expect(
      (await t.request({ method: 'POST', url: '/api/users/me/two-factor/totp/confirm', payload: confirm, token: jwt })).statusCode,
    ).toBe(200);
    const challenged = await t.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: admin.email, password: PASSWORD },
    });
    expect(await last('auth.signIn.challenged')).toMatchObject({ actorUserId: admin.id });
    const payload = {
      token: challenged.json<{ challenge: { token: string } }>().challenge.token,
      code: currentTotp(secret, Date.now() + 30_000),
    };
    const answered = await t.request({ method: 'POST', url: '/api/auth/sign-in/second-factor', payload });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await last('auth.signIn.succeeded')).toMatchObject({
      actorUserId: admin.id,
      objectKind: 'user',
      objectId: String(admin.id),
      ip: '127.0.0.1',
      after: { method: 'two-factor:totp' },
    });
  });

  it("a configuration's promotion to production, by its fingerprint, in the dealer's trail", async () => {
    const dealer = await createDealer(t.db, { ownConfigurationsAllowed: true, dealerRole: 'manager' });
    await t.db.update(dealers).set({ configurationType: 'FixedJson', fixedConfigJson: '{"v":1}' }).where(eq(dealers.id, dealer.dealer.id));
    const url = `/api/dealers/${dealer.dealer.id}/configuration-test/production`;
    const payload = { configJson: '{"v":2,"apiSecret":"do-not-log"}' };
    const promoted = await t.request({ method: 'POST', url, token: await signIn(t, dealer.user.email), payload });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const entry = await lastAbout('dealerConfiguration.promoted', dealer.dealer.id);
    expect(entry).toMatchObject({
      actorUserId: dealer.user.id,
      actorTenantKind: 'dealer',
      objectKind: 'dealer',
      before: { production: { bytes: 7, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } },
      after: { production: { bytes: JSON.stringify(JSON.parse(payload.configJson), null, 2).length } },
      dealerId: dealer.dealer.id,
    });
    expect(JSON.stringify(entry)).not.toContain('do-not-log');
  });

  it('a dealer invited, and invited again with the address it had and the one it has now', async () => {
    const root = await createDealer(t.db, { subDealerAllowed: true, dealerRole: 'manager' });
    const rootJwt = await signIn(t, root.user.email);
    const invite = (dealerId: number, email: string) =>
      t.request({
        method: 'POST',
        url: `/api/dealers/${dealerId}/invitation?locale=en`,
        token: rootJwt,
        payload: { email, confirm: true },
      });
    const created = await t.request({
      method: 'POST',
      url: '/api/dealers',
      token: rootJwt,
      payload: { dealerId: `NEW-${Date.now()}`, name: 'Without a user', parentDealerId: root.dealer.id, email: '' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const fresh = created.json<{ id: number }>().id;
    const firstEmail = uniqueEmail('invited');
    expect((await invite(fresh, firstEmail)).statusCode).toBe(200);
    expect(await lastAbout('dealer.invitation.sent', fresh)).toMatchObject({
      actorUserId: root.user.id,
      before: null,
      after: { userId: expect.any(Number), email: firstEmail, again: false },
      dealerId: fresh,
    });
    const sub = await createDealer(t.db, { parentId: root.dealer.id });
    const email = uniqueEmail('reinvited');
    const again = await invite(sub.dealer.id, email);
    expect(again.statusCode, again.body).toBe(200);
    expect(await lastAbout('dealer.invitation.sent', sub.dealer.id)).toMatchObject({
      actorUserId: root.user.id,
      actorTenantKind: 'dealer',
      actorTenantId: root.dealer.id,
      objectKind: 'dealer',
      before: { email: sub.user.email },
      after: { userId: sub.user.id, email, again: true },
      dealerId: sub.dealer.id,
    });
    // The invitation mails are sent by jobs: done before the app may close.
    await t.app.deps.jobs.idle(['mail.account'], 30_000);
  });

  it("customer and ticket imports: one entry per run, by the manager who started it, with the run's counts", async () => {
    const manager = await createManager(t.db);
    const token = await signIn(t, manager.email);
    const dealer = await createDealer(t.db);
    const upload = (url: string, name: string, lines: string[]) =>
      t.request({
        method: 'POST',
        url,
        token,
        ...multipartForm({}, { field: 'files.file', name, content: Buffer.from(lines.join('\n')) }),
      });
    const customers = await upload('/api/customers/import', 'customers.csv', [
      'Customer ID;Reseller Id;First Name;Last name;Company;E-Mail;Address;City;Show info',
      `KD-AUDIT-${Date.now()};${dealer.dealer.dealerCode};Ann;Lee;Co;;;;`,
      `KD-BAD;NO-SUCH-DEALER;Eve;Stray;Co;;;;`,
    ]);
    expect(customers.statusCode, customers.body).toBe(200);
    await t.app.deps.jobs.idle(['customers.import'], 60_000);
    const customerRun = customers.json<{ dataImportLog: { id: number } }>().dataImportLog.id;
    expect(await lastAbout('customerImport.finished', customerRun)).toMatchObject({
      actorUserId: manager.id,
      actorTenantKind: 'platform',
      objectKind: 'customerImport',
      before: null,
      after: { fileName: 'customers.csv', state: 'done', error: null, success: 1, duplicates: 0, failed: 1 },
    });
    const tickets = await upload('/api/ticket-imports', 'tickets.csv', [
      'Ticket Key;Reseller Id;Product;Licence expiry;Maintenance expiry;Network;Commercial',
      `${randomLicenceKey()};${dealer.dealer.dealerCode};CAM Basic;;;;`,
    ]);
    expect(tickets.statusCode, tickets.body).toBe(200);
    await t.app.deps.jobs.idle(['tickets.import'], 60_000);
    const ticketRun = tickets.json<{ log: { id: number } }>().log.id;
    expect(await lastAbout('ticketImport.finished', ticketRun)).toMatchObject({
      actorUserId: manager.id,
      objectKind: 'ticketImport',
      after: { fileName: 'tickets.csv', state: 'done', created: 1, updated: 0, failed: 0 },
    });
  });

  it("a plan ended by the provider's webhook alone, without an actor, in the mill's trail", async () => {
    const paying = await signedInMill(t);
    const details = { country: 'DE', street: 'Hauptstraße 1', city: 'Berlin', zipCode: '10115', companyInfoIsUpdated: true };
    await t.db.update(companies).set(details).where(eq(companies.id, paying.company.id));
    const agreed = { policyAgreement: true, dataProcessingAgreement: true };
    const checkout = await t.request({
      method: 'POST',
      url: '/api/checkout',
      token: paying.jwt,
      payload: { millId: paying.mill.id, lookupKey: 'casebridge_essential_monthly', ...agreed },
    });
    const { sessionId } = checkout.json<{ sessionId: string }>();
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Test Buyer' };
    await t.request({ method: 'POST', url: `/api/test-payments/checkouts/${sessionId}/pay`, payload: card });
    await t.request({ method: 'POST', url: '/api/payments/success', token: paying.jwt, payload: { sessionId } });
    await t.request({ method: 'DELETE', url: `/api/payments?millId=${paying.mill.id}`, token: paying.jwt });
    const paymentJobsDone = () => t.app.deps.jobs.idle(['payments.test-deliver', 'payments.apply-event'], 30_000);
    await paymentJobsDone();
    // The period's end arrives: the provider ends the subscription and says so only by webhook.
    const [row] = await t.db.select().from(millSubscriptions).where(eq(millSubscriptions.millId, paying.mill.id));
    const [object] = await t.db.select().from(testPaymentObjects).where(eq(testPaymentObjects.id, row!.providerSubscriptionId!));
    const ended = { ...(object!.data as object), currentPeriodEnd: new Date(Date.now() - 1000).toISOString() };
    await t.db.update(testPaymentObjects).set({ data: ended }).where(eq(testPaymentObjects.id, object!.id));
    expect(await t.app.deps.testPayments!.renewDueSubscriptions()).toBe(1);
    await paymentJobsDone();
    expect(await lastAbout('subscription.changedByProvider', paying.mill.id)).toMatchObject({
      actorUserId: null,
      actorTenantKind: null,
      ip: null,
      objectKind: 'mill',
      before: { planKey: 'essential', cancelAt: expect.any(String) },
      after: { planKey: 'basic', cancelAt: null, event: expect.any(String) },
      millId: paying.mill.id,
    });
  });

  it('every entry chains and verifies', async () => {
    expect(await sealAuditEntries(t.db)).toBeGreaterThan(5);
    expect(await verifyAuditChain(t.db, 730)).toMatchObject({ ok: true, unsealed: 0 });
  });
});

describe('the remaining audited kinds, each from the request a user makes', () => {
  let v: Awaited<ReturnType<typeof orderWorkspace>>;
  beforeAll(async () => {
    v = await orderWorkspace(t);
  });

  it('a mill user added by the admin, with the role given', async () => {
    const email = uniqueEmail('added');
    const payload = { firstName: 'Nora', lastName: 'Added', email, millRole: 'user' };
    const added = await t.request({ method: 'POST', url: `/api/mills/${v.mill.id}/users`, token: v.adminJwt, payload });
    expect(added.statusCode, added.body).toBe(200);
    expect(await lastAbout('millUser.added', added.json<{ id: number }>().id)).toMatchObject({
      actorUserId: v.admin.id,
      actorTenantKind: 'mill',
      objectKind: 'user',
      after: { millRole: 'user', email },
      millId: v.mill.id,
    });
  });

  it('a client unblocked, with the block before', async () => {
    const url = `/api/mill/${v.mill.id}/updateLabBlockStatus`;
    for (const blockedByMill of [true, false]) {
      const answer = await t.request({ method: 'POST', url, token: v.adminJwt, payload: { userId: v.lab.user.id, blockedByMill } });
      expect(answer.statusCode).toBe(200);
    }
    expect(await lastAbout('client.unblocked', v.lab.lab.id)).toMatchObject({
      actorUserId: v.admin.id,
      objectKind: 'lab',
      before: { blockedByMill: true },
      after: { blockedByMill: false },
      millId: v.mill.id,
    });
  });

  it("a component's comment changed without its status, as its own kind", async () => {
    const sent = await sendOrder(t, v.labJwt, v.mill.id);
    const component = sent.components[0]!;
    const url = `/api/projects/${sent.id}/components/${component.id}`;
    expect((await t.request({ method: 'PUT', url, token: v.staffJwt, payload: { comment: 'Check the margin' } })).statusCode).toBe(200);
    expect(await lastAbout('order.component.changed', component.id)).toMatchObject({
      actorUserId: v.staff.id,
      objectKind: 'component',
      after: { comment: 'Check the margin' },
      millId: v.mill.id,
      labId: v.lab.lab.id,
    });
    expect(await lastAbout('order.status.changed', component.id)).toBeUndefined();
  });

  it('a file the mill handed back and deleted', async () => {
    const sent = await sendOrder(t, v.labJwt, v.mill.id);
    const query = `projectId=${sent.id}&componentId=${sent.components[0]!.id}`;
    const form = multipartFile('files.file', 'milled.stl', binaryStl());
    const handedBack = await t.request({ method: 'POST', url: `/api/downloads?${query}`, token: v.adminJwt, ...form });
    expect(handedBack.statusCode, handedBack.body).toBe(200);
    const fileId = handedBack.json<{ id: number }>().id;
    expect((await t.request({ method: 'DELETE', url: `/api/downloads/${fileId}`, token: v.adminJwt })).statusCode).toBe(200);
    expect(await lastAbout('file.deleted', fileId)).toMatchObject({
      actorUserId: v.admin.id,
      actorTenantKind: 'mill',
      objectKind: 'file',
      millId: v.mill.id,
      labId: v.lab.lab.id,
    });
  });

  it("an order the lab discarded before sending it: in the lab's trail only", async () => {
    const draft = await sendOrder(t, v.labJwt, v.mill.id, { submit: false });
    expect((await t.request({ method: 'DELETE', url: `/api/orders/${draft.id}`, token: v.labJwt })).statusCode).toBe(200);
    expect(await lastAbout('order.discarded', draft.id)).toMatchObject({
      actorUserId: v.lab.user.id,
      actorTenantKind: 'lab',
      objectKind: 'order',
      before: { submitted: false },
      millId: null,
      labId: v.lab.lab.id,
    });
  });
});
