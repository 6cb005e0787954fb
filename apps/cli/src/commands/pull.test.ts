import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../api/src/db/schema/orders.ts';
import { addMillUser, createLab, createMill, signIn } from '../../../api/test/factories.ts';
import { binaryStl, sendOrder } from '../../../api/test/orders.ts';
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

/** Every file under `dir` (relative, sorted), without the pull state. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name !== '.casebridge-pulled.json')
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

describe('casebridge pull', () => {
  it('fetches each order once, in the hierarchical layout, skips deleted orders, and later only the new ones', async () => {
    const { mill, admin } = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const labJwt = await signIn(t, lab.user.email);
    const crown = binaryStl(3);
    const inlay = binaryStl(4);
    const first = await sendOrder(t, labJwt, mill.id, {
      name: 'Case Alpha',
      components: ['Crown 11'],
      files: [
        { name: 'crown.stl', content: crown },
        { name: 'inlay.stl', content: inlay },
      ],
    });
    const deleted = await sendOrder(t, labJwt, mill.id, { name: 'Case Gone', components: ['Crown 21'] });
    await t.db.update(projects).set({ isDeleted: true }).where(eq(projects.id, deleted.id));
    // Not submitted: the mill does not see it, so pull must not fetch it.
    await sendOrder(t, labJwt, mill.id, { name: 'Draft', submit: false });

    const config = await loginAs(scratch.dir, url, admin.email);
    const dir = path.join(scratch.dir, 'inbox');
    const result = await cli(['pull', dir], { config });
    expect(result.stderr).toBe(`Skipping order ${deleted.id} "Case Gone": it was deleted.\n`);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Fetched order ${first.id} "Case Alpha": 2 file(s)`);
    expect(await tree(dir)).toEqual(['Case Alpha/Crown 11/crown.stl', 'Case Alpha/Crown 11/inlay.stl']);
    expect(await readFile(path.join(dir, 'Case Alpha', 'Crown 11', 'crown.stl'))).toEqual(crown);
    expect(await readFile(path.join(dir, 'Case Alpha', 'Crown 11', 'inlay.stl'))).toEqual(inlay);

    // Nothing new: nothing fetched, nothing written.
    const again = await cli(['pull', dir, '--mill', String(mill.id)], { config });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Nothing new to fetch from mill \d+ \(1 order\(s\) fetched/);
    expect(await tree(dir)).toEqual(['Case Alpha/Crown 11/crown.stl', 'Case Alpha/Crown 11/inlay.stl']);

    // A new order arrives: only it is fetched.
    const next = await sendOrder(t, labJwt, mill.id, {
      name: 'Case Beta',
      components: ['Bridge'],
      files: [{ name: 'bridge.stl', content: binaryStl(5) }],
    });
    const third = await cli(['pull', dir], { config });
    expect(third.code).toBe(0);
    expect(third.stdout).not.toContain('Case Alpha');
    expect(third.stdout).toContain(`Fetched order ${next.id} "Case Beta": 1 file(s)`);
    expect(await tree(dir)).toEqual(['Case Alpha/Crown 11/crown.stl', 'Case Alpha/Crown 11/inlay.stl', 'Case Beta/Bridge/bridge.stl']);

    const state = JSON.parse(await readFile(path.join(dir, '.casebridge-pulled.json'), 'utf8'));
    expect(Object.keys(state.mills[String(mill.id)].orders).map(Number).sort()).toEqual([first.id, next.id].sort());
  });

  it('with the flat layout setting writes files side by side and never overwrites a taken name', async () => {
    const { mill, company } = await createMill(t.db);
    const member = await addMillUser(t.db, mill.id, company.id, 'user');
    const lab = await createLab(t.db, { clientOf: mill.id });
    const labJwt = await signIn(t, lab.user.email);
    const one = binaryStl(1);
    const two = binaryStl(2);
    await sendOrder(t, labJwt, mill.id, { name: 'One', files: [{ name: 'crown.stl', content: one }] });
    await sendOrder(t, labJwt, mill.id, { name: 'Two', files: [{ name: 'crown.stl', content: two }] });
    const settings = await t.request({
      method: 'PUT',
      url: '/api/users/settings',
      token: await signIn(t, member.email),
      payload: { projectDownloadFolderStructure: 'flat' },
    });
    expect(settings.statusCode).toBe(200);

    const config = await loginAs(scratch.dir, url, member.email);
    const dir = path.join(scratch.dir, 'flat');
    const result = await cli(['pull', dir], { config });
    expect(result.code).toBe(0);
    expect(await tree(dir)).toEqual(['crown (2).stl', 'crown.stl']);
    expect(await readFile(path.join(dir, 'crown.stl'))).toEqual(one);
    expect(await readFile(path.join(dir, 'crown (2).stl'))).toEqual(two);
    expect(result.stderr).toContain('note: crown.stl exists already; written as crown (2).stl');
  });

  it('is refused for lab users, and a folder already used for another portal is not mixed up', async () => {
    const { mill } = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const config = await loginAs(scratch.dir, url, lab.user.email);
    const labPull = await cli(['pull', path.join(scratch.dir, 'lab-pull')], { config });
    expect(labPull.code).toBe(1);
    expect(labPull.stderr).toContain('pull is for mill users');

    const { admin } = await createMill(t.db);
    const millConfig = await loginAs(scratch.dir, url, admin.email);
    const dir = path.join(scratch.dir, 'other-portal');
    await writeTree(dir, { '.casebridge-pulled.json': JSON.stringify({ version: 1, url: 'https://elsewhere.example', mills: {} }) });
    const mixed = await cli(['pull', dir], { config: millConfig });
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toContain('holds orders pulled from https://elsewhere.example');
  });

  it("says a mill that is not the user's is not theirs", async () => {
    const { admin } = await createMill(t.db);
    const other = await createMill(t.db);
    const config = await loginAs(scratch.dir, url, admin.email);
    const result = await cli(['pull', path.join(scratch.dir, 'not-mine'), '--mill', String(other.mill.id)], { config });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: (Not found|Not allowed)/);
  });
});
