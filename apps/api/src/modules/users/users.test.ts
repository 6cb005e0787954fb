import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMillUser, createDealer, createLab, createManager, createMill, PASSWORD, signIn, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, tokenFromMail, waitForMail, type TestApp } from '../../../test/test-app.ts';
import { dealers } from '../../db/schema/dealers.ts';
import { storageRemovals } from '../../db/schema/storage.ts';
import { users } from '../../db/schema/users.ts';
import { removeQueued } from '../../platform/storage/removals.ts';
import { LocalStorage } from '../../platform/storage/storage.ts';
import { multipartForm as multipart, PNG } from '../../../test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The images in one storage folder of the test app. */
async function storedFiles(folder: 'avatars' | 'logos'): Promise<string[]> {
  return readdir(path.join(t.config.dataDir, 'files', folder)).catch(() => []);
}

describe('GET /api/users/me', () => {
  it('gives a lab user the mills it is a confirmed client of, and not the others', async () => {
    const a = await createMill(t.db);
    const b = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: a.mill.id });
    await createLab(t.db, { clientOf: b.mill.id });
    const jwt = await signIn(t, lab.user.email);
    const me = (await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).json();
    expect(me.mills.map((m: { id: number }) => m.id)).toEqual([a.mill.id]);
    expect(me.user.role.type).toBe('lab');
  });

  it('gives a dealer its dealer', async () => {
    const dealer = await createDealer(t.db);
    const jwt = await signIn(t, dealer.user.email);
    const me = (await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).json();
    expect(me.dealer).toMatchObject({ id: dealer.dealer.id, parentId: null, dealerRole: 'dealer' });
  });

  it("lists dealerConfig.edit where the dealer may use its own configurations, a sub-dealer only with its root's permission too", async () => {
    const root = await createDealer(t.db, { subDealerAllowed: true });
    const sub = await createDealer(t.db, { parentId: root.dealer.id });
    const allowedFor = async (email: string) => {
      const me = (await t.request({ method: 'GET', url: '/api/users/me', token: await signIn(t, email) })).json();
      // The actions say it; the dealer summary carries no copy of the permission.
      expect(Object.keys(me.dealer).sort()).toEqual(['dealerRole', 'id', 'name', 'parentId']);
      return (me.actions as string[]).includes('dealerConfig.edit');
    };
    const allow = (id: number, ownConfigurationsAllowed: boolean) =>
      t.db.update(dealers).set({ ownConfigurationsAllowed }).where(eq(dealers.id, id));
    expect(await allowedFor(root.user.email)).toBe(false);
    await allow(root.dealer.id, true);
    await allow(sub.dealer.id, true);
    expect(await allowedFor(root.user.email)).toBe(true);
    expect(await allowedFor(sub.user.email)).toBe(true);
    await allow(root.dealer.id, false);
    expect(await allowedFor(sub.user.email)).toBe(false);
  });

  it('refuses a request without a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/profile', () => {
  it('updates the name and stores a real image as avatar', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const form = multipart(
      { data: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: admin.email }) },
      { field: 'files.avatar', name: 'me.png', type: 'image/png', content: PNG },
    );
    const response = await t.request({ method: 'PUT', url: '/api/users/profile', token: jwt, ...form });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ emailChanged: false, user: { firstName: 'Ada', lastName: 'Lovelace' } });
    const avatar = await t.request({ method: 'GET', url: body.user.avatar.url });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(avatar.headers['x-content-type-options']).toBe('nosniff');
    expect(avatar.headers['content-disposition']).toBe('attachment');
  });

  it('replaces the avatar and removes the old bytes through the removal queue, also when the store cannot remove them at once', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const put = (name: string) =>
      t.request({
        method: 'PUT',
        url: '/api/users/profile',
        token: jwt,
        ...multipart(
          { data: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: admin.email }) },
          { field: 'files.avatar', name, type: 'image/png', content: PNG },
        ),
      });
    expect((await put('one.png')).statusCode).toBe(200);
    const [{ avatarPath: first }] = (await t.db.select({ avatarPath: users.avatarPath }).from(users).where(eq(users.id, admin.id))) as [
      { avatarPath: string },
    ];
    const storeAway = vi.spyOn(LocalStorage.prototype, 'remove').mockRejectedValueOnce(new Error('the store is away'));
    try {
      expect((await put('two.png')).statusCode).toBe(200);
    } finally {
      storeAway.mockRestore();
    }
    expect((await t.db.select().from(storageRemovals)).map((row) => row.storageKey)).toContain(first);
    expect(await storedFiles('avatars')).toContain(path.basename(first));
    // The queue's next run (every few minutes, and at start) removes them.
    await removeQueued(t.db, new LocalStorage(path.join(t.config.dataDir, 'files')));
    expect(await storedFiles('avatars')).not.toContain(path.basename(first));
  });

  it('refuses HTML disguised as a PNG', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const form = multipart(
      { data: JSON.stringify({ firstName: 'Eve', lastName: 'Evil', email: admin.email }) },
      { field: 'files.avatar', name: 'cat.png', type: 'image/png', content: Buffer.from('<html><script>alert(1)</script></html>') },
    );
    const response = await t.request({ method: 'PUT', url: '/api/users/profile', token: jwt, ...form });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const me = (await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).json();
    expect(me.user.firstName).not.toBe('Eve');
  });

  it('refuses an image over the size limit', async () => {
    const small = await createTestApp({ env: { MAX_IMAGE_BYTES: '100' } });
    try {
      const { admin } = await createMill(small.db);
      const jwt = await signIn(small, admin.email);
      const form = multipart(
        { data: JSON.stringify({ firstName: 'A', lastName: 'B', email: admin.email }) },
        { field: 'files.avatar', name: 'big.png', type: 'image/png', content: Buffer.concat([PNG, Buffer.alloc(200)]) },
      );
      const response = await small.request({ method: 'PUT', url: '/api/users/profile', token: jwt, ...form });
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('FILE_TOO_LARGE');
    } finally {
      await small.close();
    }
  });

  it('validates the data field', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const form = multipart({ data: JSON.stringify({ firstName: '', lastName: 'B', email: 'nope', role: 'manager' }) });
    const response = await t.request({ method: 'PUT', url: '/api/users/profile', token: jwt, ...form });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(['firstName', 'email']));
  });

  it('needs the current password to change the email address, and nothing changes without it', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    for (const currentPassword of [undefined, 'not-the-password']) {
      const form = multipart({ data: JSON.stringify({ firstName: 'A', lastName: 'B', email: uniqueEmail('hijack'), currentPassword }) });
      const response = await t.request({ method: 'PUT', url: '/api/users/profile', token: jwt, ...form });
      expect([response.statusCode, response.json().errors]).toEqual([400, { currentPassword: ['WRONG_CURRENT_PASSWORD'] }]);
    }
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: jwt });
    expect([me.statusCode, me.json().user.email]).toEqual([200, admin.email]);
    // The name alone changes without it.
    const rename = multipart({ data: JSON.stringify({ firstName: 'Renamed', lastName: 'B', email: admin.email }) });
    expect((await t.request({ method: 'PUT', url: '/api/users/profile', token: jwt, ...rename })).statusCode).toBe(200);
  });

  it('ends the session on an email change and asks to confirm the new address', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const newEmail = uniqueEmail('moved');
    const form = multipart({ data: JSON.stringify({ firstName: 'A', lastName: 'B', email: newEmail, currentPassword: PASSWORD }) });
    const response = await t.request({ method: 'PUT', url: '/api/users/profile', token: jwt, ...form });
    expect(response.json().emailChanged).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: jwt })).statusCode).toBe(401);
    const token = tokenFromMail(await waitForMail(t, (m) => m.to === newEmail), 'confirmation');
    expect((await t.request({ method: 'GET', url: `/api/auth/email-confirmation?confirmation=${token}` })).statusCode).toBe(200);
    await signIn(t, newEmail, PASSWORD);
  });

  it('lets only one of two accounts moving to the same new address at once have it', async () => {
    const one = await createMill(t.db);
    const two = await createMill(t.db);
    const target = uniqueEmail('contested');
    const move = async (email: string) => {
      const jwt = await signIn(t, email);
      return t.request({
        method: 'PUT',
        url: '/api/users/profile',
        token: jwt,
        ...multipart({ data: JSON.stringify({ firstName: 'A', lastName: 'B', email: target, currentPassword: PASSWORD }) }),
      });
    };
    const answers = await Promise.all([move(one.admin.email), move(two.admin.email)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, expect.any(Number)]);
    const loser = answers.find((answer) => answer.statusCode !== 200)!;
    expect([400, 409]).toContain(loser.statusCode);
    expect(loser.json().errors).toEqual({ email: ['EMAIL_TAKEN'] });
  });

  it('refuses an email that another account has', async () => {
    const { admin } = await createMill(t.db);
    const other = await createLab(t.db);
    const jwt = await signIn(t, admin.email);
    const form = multipart({ data: JSON.stringify({ firstName: 'A', lastName: 'B', email: other.user.email, currentPassword: PASSWORD }) });
    const response = await t.request({ method: 'PUT', url: '/api/users/profile', token: jwt, ...form });
    expect(response.json().errors).toEqual({ email: ['EMAIL_TAKEN'] });
  });
});

describe('settings and language', () => {
  it('merges settings and validates their values', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const ok = await t.request({
      method: 'PUT',
      url: '/api/users/settings',
      token: jwt,
      payload: { pageSize: 25, projectDownloadFolderStructure: 'flat' },
    });
    expect(ok.json().userSettings).toMatchObject({
      pageSize: 25,
      projectDownloadFolderStructure: 'flat',
      notificationOnNewMessageReceived: true,
    });
    for (const payload of [{ pageSize: 7 }, { projectDownloadFolderStructure: 'deep' }, { isAdmin: true }]) {
      expect((await t.request({ method: 'PUT', url: '/api/users/settings', token: jwt, payload })).statusCode).toBe(400);
    }
  });

  it('keeps a dealer’s ticket-expiry reminder settings: 10 days weekly by default, only the offered values', async () => {
    const { user } = await createDealer(t.db);
    const jwt = await signIn(t, user.email);
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: jwt });
    expect(me.json().user.userSettings).toMatchObject({
      ticketExpiryReminder: true,
      ticketExpiryReminderDays: 10,
      ticketExpiryReminderFrequency: 'weekly',
    });
    const ok = await t.request({
      method: 'PUT',
      url: '/api/users/settings',
      token: jwt,
      payload: { ticketExpiryReminder: false, ticketExpiryReminderDays: 30, ticketExpiryReminderFrequency: 'biweekly' },
    });
    expect(ok.json().userSettings).toMatchObject({
      ticketExpiryReminder: false,
      ticketExpiryReminderDays: 30,
      ticketExpiryReminderFrequency: 'biweekly',
      pageSize: 10,
    });
    for (const payload of [{ ticketExpiryReminderDays: 7 }, { ticketExpiryReminderFrequency: 'yearly' }, { ticketExpiryReminder: 'yes' }]) {
      expect((await t.request({ method: 'PUT', url: '/api/users/settings', token: jwt, payload })).statusCode).toBe(400);
    }
  });

  it('changes the language, and only to one of the six', async () => {
    const { admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const ok = await t.request({ method: 'PUT', url: '/api/users/language', token: jwt, payload: { language: 'pl' } });
    expect(ok.json()).toMatchObject({ language: 'pl', userSettings: { language: 'pl' } });
    expect((await t.request({ method: 'PUT', url: '/api/users/language', token: jwt, payload: { language: 'es' } })).statusCode).toBe(400);
  });
});

describe('company info', () => {
  const valid = {
    name: 'Smile Lab',
    email: 'office@smile.test',
    country: 'DE',
    vatNumber: 'DE123456789',
    street: 'Hauptstr. 1',
    city: 'Köln',
    zipCode: '50667',
    phone: '49221123',
  };

  it('lets a lab update its company and marks it updated', async () => {
    const lab = await createLab(t.db);
    const jwt = await signIn(t, lab.user.email);
    const response = await t.request({
      method: 'PUT',
      url: '/api/users/companyInfo',
      token: jwt,
      ...multipart({ data: JSON.stringify(valid) }, { field: 'files.logo', name: 'logo.png', type: 'image/png', content: PNG }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Smile Lab',
      companyInfoIsUpdated: true,
      address: { city: 'Köln' },
      logo: { name: 'logo.png' },
    });
    const read = await t.request({ method: 'GET', url: '/api/users/companyInfo', token: jwt });
    expect(read.json().vatNumber).toBe('DE123456789');
  });

  it('requires a VAT number in EU countries only, letters and digits only, a digits-only phone and a short zip', async () => {
    const lab = await createLab(t.db);
    const jwt = await signIn(t, lab.user.email);
    const send = (data: object) =>
      t.request({ method: 'PUT', url: '/api/users/companyInfo', token: jwt, ...multipart({ data: JSON.stringify(data) }) });
    expect((await send({ ...valid, vatNumber: '' })).json().errors).toEqual({ vatNumber: ['VALIDATION_FAILED'] });
    expect((await send({ ...valid, country: 'CH', vatNumber: '' })).statusCode).toBe(200);
    expect((await send({ ...valid, vatNumber: 'DE-123' })).json().errors.vatNumber).toBeDefined();
    expect((await send({ ...valid, phone: '+49 221' })).json().errors.phone).toBeDefined();
    expect((await send({ ...valid, zipCode: '12345678901' })).json().errors.zipCode).toBeDefined();
    expect((await send({ ...valid, name: '' })).json().errors.name).toBeDefined();
  });

  it('refuses a mill user who is not an admin, before storing any byte of the logo', async () => {
    const { mill, company } = await createMill(t.db);
    const member = await addMillUser(t.db, mill.id, company.id, 'user');
    const jwt = await signIn(t, member.email);
    const before = await storedFiles('logos');
    const form = multipart({ data: JSON.stringify(valid) }, { field: 'files.logo', name: 'logo.png', type: 'image/png', content: PNG });
    const response = await t.request({ method: 'PUT', url: '/api/users/companyInfo', token: jwt, ...form });
    expect(response.statusCode).toBe(403);
    expect(await storedFiles('logos')).toEqual(before);
  });

  it('answers 404 to someone without a company (the manager)', async () => {
    const manager = await createManager(t.db);
    const jwt = await signIn(t, manager.email);
    expect((await t.request({ method: 'GET', url: '/api/users/companyInfo', token: jwt })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PUT', url: '/api/users/companyInfo', token: jwt, ...multipart({ data: JSON.stringify(valid) }) }))
        .statusCode,
    ).toBe(404);
  });
});
