import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mills } from '../db/schema/mills.ts';
import { users } from '../db/schema/users.ts';
import { addMillUser, createLab, createMill, PASSWORD, signIn, signedInMill } from '../../test/factories.ts';
import { createTestApp, tokenFromMail, type TestApp } from '../../test/test-app.ts';

/**
 * HTTP requests, tus uploads and the websocket handshake all go through the one session check:
 * for every state a session can be in, the three must give the same answer.
 */
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
});

type Outcome = 'accepted' | string;

async function overHttp(token: string): Promise<Outcome> {
  const response = await t.request({ method: 'GET', url: '/api/users/me', token });
  return response.statusCode === 200 ? 'accepted' : (response.json().code as string);
}

/** A tus creation without order metadata: past the session check it is refused for the metadata. */
async function overTus(token: string): Promise<Outcome> {
  const response = await t.request({
    method: 'POST',
    url: '/api/uploads',
    token,
    headers: { 'tus-resumable': '1.0.0', 'upload-length': '1' },
  });
  if (response.statusCode !== 401) return 'accepted';
  return JSON.parse(response.body).code as string;
}

function openSocket(token: string): Socket {
  return connectSocket(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
}

async function overWebsocket(token: string): Promise<Outcome> {
  const socket = openSocket(token);
  try {
    return await new Promise<Outcome>((resolve) => {
      socket.once('connect', () => resolve('accepted'));
      socket.once('connect_error', (error: Error & { data?: { code?: string } }) => resolve(error.data?.code ?? error.message));
    });
  } finally {
    socket.close();
  }
}

async function allPaths(token: string) {
  return { http: await overHttp(token), tus: await overTus(token), websocket: await overWebsocket(token) };
}

const same = (outcome: Outcome) => ({ http: outcome, tus: outcome, websocket: outcome });

describe('one session check for HTTP, uploads and the websocket', () => {
  it('accepts a valid session on all three', async () => {
    const lab = await createLab(t.db);
    expect(await allPaths(await signIn(t, lab.user.email))).toEqual(same('accepted'));
  });

  it('refuses a blocked user the same way', async () => {
    const lab = await createLab(t.db);
    const token = await signIn(t, lab.user.email);
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, lab.user.id));
    expect(await allPaths(token)).toEqual(same('ACCOUNT_BLOCKED'));
  });

  it("keeps a blocked mill's staff signed in on all three (the rule book limits what they may change)", async () => {
    const { mill, jwt } = await signedInMill(t);
    await t.db.update(mills).set({ blocked: true }).where(eq(mills.id, mill.id));
    expect(await allPaths(jwt)).toEqual(same('accepted'));
  });

  it('refuses every session of a deleted account the same way (issue 28 part 4)', async () => {
    const lab = await createLab(t.db);
    const token = await signIn(t, lab.user.email);
    const kept = await signIn(t, lab.user.email);
    const deleted = await t.request({ method: 'DELETE', url: '/api/users/me', token, payload: { password: PASSWORD } });
    expect(deleted.statusCode).toBe(200);
    expect(await allPaths(token)).toEqual(same('UNAUTHENTICATED'));
    expect(await allPaths(kept)).toEqual(same('UNAUTHENTICATED'));
  });

  it('refuses an unconfirmed address the same way', async () => {
    const lab = await createLab(t.db);
    const token = await signIn(t, lab.user.email);
    await t.db.update(users).set({ confirmed: false }).where(eq(users.id, lab.user.id));
    expect(await allPaths(token)).toEqual(same('EMAIL_NOT_CONFIRMED'));
  });

  it('ends the old session after a password change on all three', async () => {
    const lab = await createLab(t.db);
    const token = await signIn(t, lab.user.email);
    const changed = await t.request({
      method: 'PUT',
      url: '/api/auth/password',
      token,
      payload: { currentPassword: PASSWORD, password: 'another-long-password', passwordConfirmation: 'another-long-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await allPaths(token)).toEqual(same('UNAUTHENTICATED'));
    expect(await allPaths(changed.json().jwt)).toEqual(same('accepted'));
  });

  it('ends the old session after a password reset on all three', async () => {
    const lab = await createLab(t.db);
    const token = await signIn(t, lab.user.email);
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: lab.user.email } });
    const mail = (await t.mails()).find((m) => m.to === lab.user.email)!;
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code: tokenFromMail(mail, 'code'), password: 'another-long-password', passwordConfirmation: 'another-long-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await allPaths(token)).toEqual(same('UNAUTHENTICATED'));
  });

  it('ends the old session after an email change on all three', async () => {
    const lab = await createLab(t.db);
    const token = await signIn(t, lab.user.email);
    // What the profile service writes for a new address (users.service.ts updateProfile).
    await t.db
      .update(users)
      .set({ email: `changed-${lab.user.email}`, confirmed: false, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, lab.user.id));
    expect(await allPaths(token)).toEqual(same('UNAUTHENTICATED'));
  });

  it('refuses forged, expired and missing tokens the same way', async () => {
    const lab = await createLab(t.db);
    const expired = t.app.jwt.sign({ sub: String(lab.user.id), ver: 0, sid: randomUUID() }, { expiresIn: -10 });
    const forged = `${(await signIn(t, lab.user.email)).slice(0, -4)}AAAA`;
    for (const token of [expired, forged, 'garbage', '']) expect(await allPaths(token)).toEqual(same('UNAUTHENTICATED'));
  });

  it('refuses a token signed before sessions had rows (no sid), and one of an ended session, on all three', async () => {
    const lab = await createLab(t.db);
    expect(await allPaths(t.app.jwt.sign({ sub: String(lab.user.id), ver: 0 } as never))).toEqual(same('UNAUTHENTICATED'));
    const token = await signIn(t, lab.user.email);
    const ended = await t.request({ method: 'POST', url: '/api/users/me/sessions/end-others', token: await signIn(t, lab.user.email) });
    expect(ended.json()).toEqual({ ended: 1 });
    expect(await allPaths(token)).toEqual(same('UNAUTHENTICATED'));
  });

  it('closes the websocket of an ended session at once, and not the sockets of the user’s other sessions', async () => {
    const lab = await createLab(t.db);
    const tokens = [await signIn(t, lab.user.email), await signIn(t, lab.user.email)];
    const [ending, staying] = tokens.map(openSocket) as [Socket, Socket];
    await Promise.all([ending, staying].map((socket) => new Promise((resolve) => socket.once('connect', () => resolve(null)))));
    const closed = new Promise<string>((resolve) => ending.once('disconnect', (reason) => resolve(reason)));
    let stayingClosed = false;
    staying.once('disconnect', () => (stayingClosed = true));
    const mine = await signIn(t, lab.user.email);
    const sessions = (await t.request({ method: 'GET', url: '/api/users/me/sessions', token: mine })).json().sessions as { id: string }[];
    // The oldest session is the first socket's: the list is the most recently used first.
    const response = await t.request({ method: 'DELETE', url: `/api/users/me/sessions/${sessions.at(-1)!.id}`, token: mine });
    expect(response.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stayingClosed).toBe(false);
    staying.close();
  });

  it("closes a user's open websocket when their session ends", async () => {
    const { mill, company, jwt } = await signedInMill(t);
    const member = await addMillUser(t.db, mill.id, company.id);
    const socket = openSocket(await signIn(t, member.email));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const removed = await t.request({ method: 'DELETE', url: `/api/mills/${mill.id}/users/${member.id}`, token: jwt });
    expect(removed.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    socket.close();
  });

  it('keeps the sockets of a user whose session goes on', async () => {
    const { mill } = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const socket = openSocket(await signIn(t, lab.user.email));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let disconnected = false;
    socket.once('disconnect', () => (disconnected = true));
    await signIn(t, lab.user.email);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(disconnected).toBe(false);
    socket.close();
  });
});
