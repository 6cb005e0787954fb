import { createHash, randomBytes } from 'node:crypto';
import { openSync, readFileSync, writeSync, closeSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLab, createMill, signIn } from '../../../api/test/factories.ts';
import { binaryStl } from '../../../api/test/orders.ts';
import type { TestApp } from '../../../api/test/test-app.ts';
import { cli, countingProxy, loginAs, scratchDir, startPortal, writeTree } from '../test/harness.ts';
import type { SendState } from './send.ts';

let t: TestApp;
let url: string;
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  ({ t, url } = await startPortal());
  proxy = await countingProxy(url);
  scratch = await scratchDir();
});
afterAll(async () => {
  await proxy.close();
  await t.close();
  await scratch.remove();
});

const KiB64 = 64 * 1024;
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
/** A valid binary STL head followed by noise: 300 000 bytes in all. */
const bigStl = () => {
  const head = binaryStl(1);
  return Buffer.concat([head, randomBytes(300_000 - head.length)]);
};

async function setup(folderName: string, files: Record<string, Buffer>) {
  const { mill, admin } = await createMill(t.db);
  const lab = await createLab(t.db, { clientOf: mill.id });
  // The CLI talks to the portal through the counting proxy.
  const config = await loginAs(scratch.dir, proxy.url, lab.user.email);
  const folder = path.join(scratch.dir, folderName);
  await writeTree(folder, files);
  return { mill, millJwt: await signIn(t, admin.email), labJwt: await signIn(t, lab.user.email), config, folder };
}

const readState = async (folder: string) => JSON.parse(await readFile(path.join(folder, '.casebridge-send.json'), 'utf8')) as SendState;

async function serverOffset(uploadUrl: string, labJwt: string): Promise<number> {
  const head = await t.request({ method: 'HEAD', url: new URL(uploadUrl).pathname, token: labJwt, headers: { 'tus-resumable': '1.0.0' } });
  expect(head.statusCode).toBe(200);
  return Number(head.headers['upload-offset']);
}

async function millOrders(millId: number, millJwt: string) {
  return (await t.request({ method: 'GET', url: `/api/mills/${millId}/projects?_limit=100`, token: millJwt })).json() as {
    count: number;
    data: { id: number; components: { id: number; name: string; documentsCount: number }[] }[];
  };
}

async function documents(orderId: number, componentId: number, jwt: string) {
  return (
    (await t.request({ method: 'GET', url: `/api/projects/${orderId}/components/${componentId}`, token: jwt })).json() as {
      documents: { name: string; size: number; sha256: string }[];
    }
  ).documents;
}

describe('casebridge send: interrupted and resumed', () => {
  it('resumes the unfinished file from the server offset, sends only the remainder, never re-sends the finished one, then submits', async () => {
    const big = bigStl();
    const small = binaryStl(2);
    const s = await setup('Resume case', { 'Arch/a-small.stl': small, 'Arch/b-big.stl': big });

    // First run: 64 KiB chunks, cut off after the first chunk of the big file.
    const first = await cli(['send', s.folder, '--mill', String(s.mill.id)], {
      config: s.config,
      hooks: { chunkSize: KiB64, retryDelays: [], afterChunk: (file) => file === 'Arch/b-big.stl' },
    });
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('Interrupted. Run the same command again to resume order');
    expect(first.stderr).toContain('Arch/a-small.stl: done, SHA-256 verified');

    const state = await readState(s.folder);
    const files = state.components['Arch']!.files;
    expect(files['Arch/a-small.stl']).toMatchObject({ finished: true, sha256: sha256(small) });
    expect(files['Arch/b-big.stl']).toMatchObject({ finished: false, uploadUrl: expect.stringMatching(/\/api\/uploads\/\w+$/) });
    const uploadUrl = files['Arch/b-big.stl']!.uploadUrl!;
    const offset = await serverOffset(uploadUrl, s.labJwt);
    expect(offset).toBe(KiB64);
    // Not submitted: the mill sees nothing yet.
    expect((await millOrders(s.mill.id, s.millJwt)).count).toBe(0);

    // Second run, as a user would type it again.
    proxy.reset();
    const second = await cli(['send', s.folder, '--mill', String(s.mill.id)], { config: s.config, hooks: { retryDelays: [] } });
    expect(second.stderr).not.toContain('error');
    expect(second.code).toBe(0);
    expect(second.stderr).toContain(`Resuming order ${state.orderId}`);
    expect(second.stderr).toContain('Arch/b-big.stl: uploading 293.0 KiB, resuming at 64.0 KiB');
    expect(second.stdout).toContain(`Sent order ${state.orderId} "Resume case"`);
    // The server received exactly the rest of the big file, through the same upload; the small one not again.
    expect(proxy.counts.creates).toBe(0);
    expect(proxy.counts.patchBytes).toBe(big.length - offset);
    expect((await readState(s.folder)).components['Arch']!.files['Arch/b-big.stl']).toMatchObject({
      finished: true,
      uploadUrl,
      sha256: sha256(big),
    });

    const list = await millOrders(s.mill.id, s.millJwt);
    expect(list.count).toBe(1);
    const component = list.data[0]!.components[0]!;
    expect(component).toMatchObject({ name: 'Arch', documentsCount: 2 });
    const stored = await documents(state.orderId, component.id, s.millJwt);
    expect(stored.find((d) => d.name === 'b-big.stl')).toMatchObject({ size: big.length, sha256: sha256(big) });
    expect(stored.find((d) => d.name === 'a-small.stl')).toMatchObject({ sha256: sha256(small) });
  });

  it('a file whose upload finished but was not recorded is recognised on the server, not sent twice', async () => {
    const crown = binaryStl(7);
    const s = await setup('Lost record', { 'Crown/crown.stl': crown, 'Crown/later.stl': binaryStl(1) });
    // Interrupt at the second file, then forget that the first finished (as if killed right after its last PATCH).
    const first = await cli(['send', s.folder, '--mill', String(s.mill.id)], {
      config: s.config,
      hooks: { retryDelays: [], afterChunk: (file) => file === 'Crown/later.stl' },
    });
    expect(first.code).toBe(1);
    const state = await readState(s.folder);
    const record = state.components['Crown']!.files['Crown/crown.stl']!;
    expect(record.finished).toBe(true);
    record.finished = false;
    delete record.sha256;
    await writeFile(path.join(s.folder, '.casebridge-send.json'), JSON.stringify(state));

    proxy.reset();
    const second = await cli(['send', s.folder, '--mill', String(s.mill.id)], { config: s.config, hooks: { retryDelays: [] } });
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('Crown/crown.stl: already on the portal, SHA-256 verified');
    expect(proxy.counts.creates).toBe(0);
    const [order] = (await millOrders(s.mill.id, s.millJwt)).data;
    const stored = await documents(order!.id, order!.components[0]!.id, s.millJwt);
    expect(stored.filter((d) => d.name === 'crown.stl')).toEqual([expect.objectContaining({ sha256: sha256(crown) })]);
    expect(stored).toHaveLength(2);
  });

  it('reports a SHA-256 mismatch (the local file changed during the upload) as an error and does not submit', async () => {
    const s = await setup('Changing file', { 'Arch/jaw.stl': bigStl() });
    const file = path.join(s.folder, 'Arch', 'jaw.stl');
    let changed = false;
    const result = await cli(['send', s.folder, '--mill', String(s.mill.id)], {
      config: s.config,
      hooks: {
        chunkSize: KiB64,
        retryDelays: [],
        afterChunk: () => {
          // After the first chunk went out, its bytes change on disk (header text of the STL).
          if (!changed) {
            const fd = openSync(file, 'r+');
            writeSync(fd, Buffer.from('edited!'), 0, 7, 0);
            closeSync(fd);
            changed = true;
          }
          return false;
        },
      },
    });
    expect(changed).toBe(true);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('jaw.stl: SHA-256 MISMATCH');
    expect(result.stderr).toMatch(
      new RegExp(`error: Arch/jaw.stl: the portal stored a different file \\(SHA-256 [0-9a-f]{64}, local ${sha256(readFileSync(file))}\\)`),
    );
    expect(result.stderr).toContain('was not submitted');
    expect((await millOrders(s.mill.id, s.millJwt)).count).toBe(0);
  });
});
