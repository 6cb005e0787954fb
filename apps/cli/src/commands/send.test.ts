import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { millClients } from '../../../api/src/db/schema/labs.ts';
import { createLab, createMill, PASSWORD, signIn } from '../../../api/test/factories.ts';
import { binaryStl } from '../../../api/test/orders.ts';
import type { TestApp } from '../../../api/test/test-app.ts';
import { cli, loginAs, scratchDir, startPortal, writeTree } from '../test/harness.ts';

let t: TestApp;
let url: string;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  ({ t, url } = await startPortal());
  scratch = await scratchDir();
});
afterAll(async () => {
  await t.close();
  await scratch.remove();
});

/** A port nobody listens on. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

async function millAndLab() {
  const { mill, admin } = await createMill(t.db);
  const lab = await createLab(t.db, { clientOf: mill.id });
  return { mill, admin, lab, millJwt: await signIn(t, admin.email), labJwt: await signIn(t, lab.user.email) };
}

async function millOrders(millId: number, millJwt: string) {
  const response = await t.request({ method: 'GET', url: `/api/mills/${millId}/projects?_limit=100`, token: millJwt });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    count: number;
    data: { id: number; name: string; components: { id: number; name: string; documentsCount: number }[] }[];
  };
}

async function documents(orderId: number, componentId: number, jwt: string) {
  const response = await t.request({ method: 'GET', url: `/api/projects/${orderId}/components/${componentId}`, token: jwt });
  expect(response.statusCode).toBe(200);
  return (response.json() as { documents: { name: string; size: number; sha256: string }[] }).documents;
}

describe('casebridge login / whoami / logout', () => {
  it('stores url, token and email readable by the owner only, never the password; whoami shows the mills', async () => {
    const { mill, lab } = await millAndLab();
    const config = path.join(scratch.dir, 'login', 'config.json');
    let prompt = '';
    const result = await cli(['login', '--url', `${url}/`, '--email', lab.user.email], {
      config,
      io: {
        readSecret: async (question) => {
          prompt = question;
          return PASSWORD;
        },
      },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(prompt).toContain(lab.user.email);
    expect((await stat(config)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(config, 'utf8'));
    expect(stored).toEqual({ url, email: lab.user.email, token: expect.any(String) });
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);

    const whoami = await cli(['whoami'], { config });
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toContain(lab.user.email);
    expect(whoami.stdout).toContain(`mill ${mill.id}:`);

    const token = stored.token as string;
    expect((await cli(['logout'], { config })).stdout).toContain('Signed out');
    expect(JSON.parse(await readFile(config, 'utf8')).token).toBeUndefined();
    // The session ended on the portal too: the token kept elsewhere no longer works.
    expect((await fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const after = await cli(['whoami'], { config });
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('run `casebridge login`');
  });

  it('says so when the password is wrong or the portal cannot be reached, and stores nothing', async () => {
    const { lab } = await millAndLab();
    const config = path.join(scratch.dir, 'wrong.json');
    const wrong = await cli(['login', '--url', url, '--email', lab.user.email], {
      config,
      env: { CASEBRIDGE_PASSWORD: 'not-the-password' },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/Sign-in failed: Invalid email or password/);
    await expect(stat(config)).rejects.toThrow();

    const closed = await freePort();
    const down = await cli(['login', '--url', `http://127.0.0.1:${closed}`, '--email', lab.user.email], {
      config,
      env: { CASEBRIDGE_PASSWORD: PASSWORD },
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain(`Cannot reach the portal at http://127.0.0.1:${closed} (ECONNREFUSED)`);
    await expect(stat(config)).rejects.toThrow();
  });
});

describe('casebridge send', () => {
  it('sends a folder with two component subfolders; the mill sees both components with their files, SHA-256 equal', async () => {
    const { mill, millJwt, lab } = await millAndLab();
    const config = await loginAs(scratch.dir, url, lab.user.email);
    const folder = path.join(scratch.dir, 'Case Miller');
    const files = { 'Upper jaw/upper.stl': binaryStl(3), 'Upper jaw/scans/prep.stl': binaryStl(5), 'Lower jaw/lower.stl': binaryStl(2) };
    await writeTree(folder, files);

    const result = await cli(['send', folder, '--mill', String(mill.id)], { config });
    expect(result.stderr).not.toMatch(/error|warning/);
    expect(result.code).toBe(0);
    const orderId = Number(/Sent order (\d+) "Case Miller" to mill/.exec(result.stdout)?.[1]);
    expect(orderId).toBeGreaterThan(0);
    // Progress went to stderr as plain lines (not a terminal).
    expect(result.stderr).toContain('Upper jaw/scans/prep.stl: done, SHA-256 verified');

    const list = await millOrders(mill.id, millJwt);
    expect(list.count).toBe(1);
    const order = list.data[0]!;
    expect(order).toMatchObject({ id: orderId, name: 'Case Miller' });
    const byName = Object.fromEntries(order.components.map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(['Lower jaw', 'Upper jaw']);
    expect(byName['Upper jaw']!.documentsCount).toBe(2);
    expect(byName['Lower jaw']!.documentsCount).toBe(1);

    const upper = await documents(orderId, byName['Upper jaw']!.id, millJwt);
    expect(upper.map((d) => [d.name, d.sha256]).sort()).toEqual(
      [
        ['prep.stl', sha256(files['Upper jaw/scans/prep.stl'])],
        ['upper.stl', sha256(files['Upper jaw/upper.stl'])],
      ].sort(),
    );
    const lower = await documents(orderId, byName['Lower jaw']!.id, millJwt);
    expect(lower).toEqual([expect.objectContaining({ name: 'lower.stl', sha256: sha256(files['Lower jaw/lower.stl']) })]);

    // Sending the same folder again neither creates nor re-sends anything.
    const again = await cli(['send', folder, '--mill', String(mill.id)], { config });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Order ${orderId} ("Case Miller") was already sent`);
    expect((await millOrders(mill.id, millJwt)).count).toBe(1);
  });

  it('sends a folder without subfolders as one component named after it; --name names the order', async () => {
    const { mill, millJwt, lab } = await millAndLab();
    const config = await loginAs(scratch.dir, url, lab.user.email);
    const folder = path.join(scratch.dir, 'Bridge 34-36');
    await writeTree(folder, { 'bridge.stl': binaryStl(4) });
    const result = await cli(['send', folder, '--mill', String(mill.id), '--name', 'Patient 7'], { config });
    expect(result.code).toBe(0);
    const [order] = (await millOrders(mill.id, millJwt)).data;
    expect(order).toMatchObject({ name: 'Patient 7', components: [expect.objectContaining({ name: 'Bridge 34-36', documentsCount: 1 })] });
  });

  it('leaves out files of other types with a warning naming them, and sends the rest', async () => {
    const { mill, millJwt, lab } = await millAndLab();
    const config = await loginAs(scratch.dir, url, lab.user.email);
    const folder = path.join(scratch.dir, 'With exe');
    await writeTree(folder, { 'Crown/crown.stl': binaryStl(), 'Crown/setup.exe': 'MZ not a mesh', 'Crown/notes.txt': 'hello' });
    const result = await cli(['send', folder, '--mill', String(mill.id)], { config });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /warning: not sending 2 file\(s\) of a type the portal does not accept:\n {2}Crown\/notes\.txt\n {2}Crown\/setup\.exe\n/,
    );
    const [order] = (await millOrders(mill.id, millJwt)).data;
    expect((await documents(order!.id, order!.components[0]!.id, millJwt)).map((d) => d.name)).toEqual(['crown.stl']);
  });

  it('without a session, or with a stale one, says to run login and creates no order', async () => {
    const { mill, millJwt, lab } = await millAndLab();
    const folder = path.join(scratch.dir, 'No session');
    await writeTree(folder, { 'Crown/crown.stl': binaryStl() });

    const none = await cli(['send', folder, '--mill', String(mill.id)], { config: path.join(scratch.dir, 'missing.json') });
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('error: Not signed in: run `casebridge login` first.\n');

    const stale = path.join(scratch.dir, 'stale.json');
    await writeFile(stale, JSON.stringify({ url, email: lab.user.email, token: 'expired.or.forged' }));
    const refused = await cli(['send', folder, '--mill', String(mill.id)], { config: stale });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/session has expired.*run `casebridge login`/);
    await expect(stat(path.join(folder, '.casebridge-send.json'))).rejects.toThrow();
    expect((await millOrders(mill.id, millJwt)).count).toBe(0);
  });

  it('refuses a mill the lab is no client of, a mill user, and a missing --mill, before creating anything', async () => {
    const { mill, admin, lab } = await millAndLab();
    const other = await createMill(t.db);
    const config = await loginAs(scratch.dir, url, lab.user.email);
    const folder = path.join(scratch.dir, 'Wrong mill');
    await writeTree(folder, { 'Crown/crown.stl': binaryStl() });
    const refused = await cli(['send', folder, '--mill', String(other.mill.id)], { config });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`error: Mill ${other.mill.id} is not one of your mills; yours: ${mill.id} (`);
    const missing = await cli(['send', folder], { config });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--mill <millId> is required');
    const asMill = await cli(['send', folder, '--mill', String(mill.id)], { config: await loginAs(scratch.dir, url, admin.email) });
    expect(asMill.code).toBe(1);
    expect(asMill.stderr).toContain(`send is for lab users; ${admin.email} is a mill user.`);
    await expect(stat(path.join(folder, '.casebridge-send.json'))).rejects.toThrow();
  });

  it('explains a refusal by the portal in words (the mill blocked the lab)', async () => {
    const { mill, lab } = await millAndLab();
    await t.db.update(millClients).set({ blockedByMill: true }).where(eq(millClients.labId, lab.lab.id));
    const config = await loginAs(scratch.dir, url, lab.user.email);
    const folder = path.join(scratch.dir, 'Blocked');
    await writeTree(folder, { 'Crown/crown.stl': binaryStl() });
    const refused = await cli(['send', folder, '--mill', String(mill.id)], { config });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('error: Not allowed (This mill does not accept orders or messages from you at the moment.).\n');
  });
});
