import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/audit.ts';
import { userSessions } from '../../db/schema/user-sessions.ts';
import { createLab, createMill, PASSWORD, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { pruneOldSessions } from './user-sessions.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The session ids of each `session.ended` audit entry of a user, oldest first. */
async function endedEntriesOf(userId: number): Promise<string[][]> {
  const rows = await t.db.select().from(auditEntries).where(eq(auditEntries.actorUserId, userId)).orderBy(auditEntries.id);
  return rows.filter((row) => row.action === 'session.ended').map((row) => (row.after as { sessionIds: string[] }).sessionIds);
}

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signInWith(email: string, userAgent: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/local',
    headers: { 'user-agent': userAgent },
    payload: { identifier: email, password: PASSWORD },
  });
  return response.json().jwt as string;
}

interface Listed {
  id: string;
  device: string;
  ip: string;
  method: string;
  current: boolean;
}
const listOf = async (token: string): Promise<Listed[]> =>
  (await t.request({ method: 'GET', url: '/api/users/me/sessions', token })).json().sessions;
const me = async (token: string) => (await t.request({ method: 'GET', url: '/api/users/me', token })).statusCode;

describe('sessions a user sees and ends', () => {
  it('records every sign-in with its device, address and method, and marks the current one', async () => {
    const lab = await createLab(t.db);
    const first = await signInWith(lab.user.email, FIREFOX);
    const second = await signIn(t, lab.user.email);
    const sessions = await listOf(second);
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => !s.current)).toMatchObject({ device: 'Firefox on Windows', ip: '127.0.0.1', method: 'password' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect((await listOf(first)).find((s) => s.current)!.device).toBe('Firefox on Windows');
  });

  it('signs out on the server: the token is refused afterwards, the session leaves the list, a second sign-out is harmless', async () => {
    const lab = await createLab(t.db);
    const leaving = await signIn(t, lab.user.email);
    const staying = await signIn(t, lab.user.email);
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', token: leaving });
    expect(out.statusCode, out.body).toBe(200);
    expect(await me(leaving)).toBe(401);
    expect(await me(staying)).toBe(200);
    expect(await listOf(staying)).toHaveLength(1);
    expect((await t.request({ method: 'POST', url: '/api/auth/sign-out', token: leaving })).statusCode).toBe(401);
    const actions = (await t.db.select().from(auditEntries).where(eq(auditEntries.actorUserId, lab.user.id))).map((row) => row.action);
    expect(actions.filter((action) => action === 'auth.signedOut')).toHaveLength(1);
  });

  it('ends one session: its next request is refused, the other goes on', async () => {
    const lab = await createLab(t.db);
    const other = await signIn(t, lab.user.email);
    const mine = await signIn(t, lab.user.email);
    const target = (await listOf(mine)).find((s) => !s.current)!;
    expect((await t.request({ method: 'DELETE', url: `/api/users/me/sessions/${target.id}`, token: mine })).statusCode).toBe(200);
    expect(await me(other)).toBe(401);
    expect(await me(mine)).toBe(200);
    expect(await listOf(mine)).toHaveLength(1);
    expect(await endedEntriesOf(lab.user.id)).toEqual([[target.id]]);
  });

  it("answers 404 for another user's session, and leaves it alive", async () => {
    const a = await createLab(t.db);
    const b = await createLab(t.db);
    const tokenA = await signIn(t, a.user.email);
    const tokenB = await signIn(t, b.user.email);
    const ofB = (await listOf(tokenB))[0]!;
    expect((await listOf(tokenA)).map((s) => s.id)).not.toContain(ofB.id);
    const response = await t.request({ method: 'DELETE', url: `/api/users/me/sessions/${ofB.id}`, token: tokenA });
    expect(response.statusCode).toBe(404);
    expect(await me(tokenB)).toBe(200);
    expect(await endedEntriesOf(a.user.id)).toEqual([]);
    const anonymous = await t.request({ method: 'DELETE', url: `/api/users/me/sessions/${ofB.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('ends every other session at once and keeps the current one', async () => {
    const { admin } = await createMill(t.db);
    const others = [await signIn(t, admin.email), await signIn(t, admin.email)];
    const mine = await signIn(t, admin.email);
    const response = await t.request({ method: 'POST', url: '/api/users/me/sessions/end-others', token: mine });
    expect(response.json()).toEqual({ ended: 2 });
    for (const token of others) expect(await me(token)).toBe(401);
    expect((await endedEntriesOf(admin.id)).map((ids) => ids.length)).toEqual([2]);
    expect(await me(mine)).toBe(200);
  });

  it('no longer lists the sessions a password change ended', async () => {
    const lab = await createLab(t.db);
    await signIn(t, lab.user.email);
    const token = await signIn(t, lab.user.email);
    const password = 'another-long-password';
    const changed = await t.request({
      method: 'PUT',
      url: '/api/auth/password',
      token,
      payload: { currentPassword: PASSWORD, password, passwordConfirmation: password },
    });
    expect((await listOf(changed.json().jwt)).map((s) => s.current)).toEqual([true]);
  });
});

describe('last seen', () => {
  const seenAt = async (id: string) => (await t.db.select().from(userSessions).where(eq(userSessions.id, id)))[0]!.lastSeenAt;

  it('ends a session unused for 72 hours: refused and no longer listed, while one used 71 hours ago goes on', async () => {
    const lab = await createLab(t.db);
    const idle = await signIn(t, lab.user.email);
    const used = await signIn(t, lab.user.email);
    const [a, b] = (await listOf(used)).sort((x, y) => Number(x.current) - Number(y.current));
    await t.db
      .update(userSessions)
      .set({ lastSeenAt: sql`now() - interval '72 hours 1 minute'` })
      .where(eq(userSessions.id, a!.id));
    await t.db
      .update(userSessions)
      .set({ lastSeenAt: sql`now() - interval '71 hours'` })
      .where(eq(userSessions.id, b!.id));
    expect(await me(idle)).toBe(401);
    expect(await me(used)).toBe(200);
    expect((await listOf(used)).map((s) => s.id)).toEqual([b!.id]);
  });

  it('is written when older than a minute, and not on every request', async () => {
    const lab = await createLab(t.db);
    const token = await signIn(t, lab.user.email);
    const { id } = (await listOf(token))[0]!;
    await t.db
      .update(userSessions)
      .set({ lastSeenAt: sql`now() - interval '30 seconds'` })
      .where(eq(userSessions.id, id));
    const recent = await seenAt(id);
    await me(token);
    expect(await seenAt(id)).toEqual(recent);
    await t.db
      .update(userSessions)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(userSessions.id, id));
    await me(token);
    expect(Date.now() - (await seenAt(id)).getTime()).toBeLessThan(10_000);
  });
});

describe('retention', () => {
  it('prunes rows ended or expired more than 90 days ago, and keeps the rest', async () => {
    const lab = await createLab(t.db);
    const token = await signIn(t, lab.user.email);
    await signIn(t, lab.user.email);
    await signIn(t, lab.user.email);
    const [live, old, recent] = await t.db.select().from(userSessions).where(eq(userSessions.userId, lab.user.id));
    await t.db
      .update(userSessions)
      .set({ endedAt: sql`now() - interval '91 days'` })
      .where(eq(userSessions.id, old!.id));
    await t.db
      .update(userSessions)
      .set({ expiresAt: sql`now() - interval '89 days'` })
      .where(eq(userSessions.id, recent!.id));
    await pruneOldSessions(t.db);
    const kept = await t.db.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.userId, lab.user.id));
    expect(kept.map((row) => row.id).sort()).toEqual([live!.id, recent!.id].sort());
    expect(await me(token)).toBeDefined();
  });
});
