import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { crownMesh } from '../apps/api/src/db/seed/demo-meshes.ts';
import { launchBrowser, newPage, signIn } from './browser.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/**
 * Issue 3's journey: a lab sends an order with the command-line client; the mill, already signed
 * in, sees it arrive live, previews the STL, downloads the ZIP, sets the status and answers; the
 * lab sees the answer.
 */
let browser: Browser;
let work: string;
beforeAll(async () => {
  browser = await launchBrowser();
  work = await mkdtemp(path.join(os.tmpdir(), 'casebridge-e2e-cli-'));
});
afterAll(async () => {
  await browser.close();
  await rm(work, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  const env = { ...process.env, CASEBRIDGE_CONFIG: path.join(work, 'config.json'), CASEBRIDGE_PASSWORD: 'casebridge-demo' };
  return run(process.execPath, [path.join(root, 'apps/cli/bin/casebridge.js'), ...args], { cwd: root, env });
}

describe('an order from the command line to the mill and back', () => {
  it('arrives live at the mill, is worked there, and the answer reaches the lab', async () => {
    const orderName = `CLI case ${Date.now()}`;
    const folder = path.join(work, orderName);
    await mkdir(path.join(folder, 'Crown 21'), { recursive: true });
    await writeFile(path.join(folder, 'Crown 21', 'crown21.stl'), crownMesh());

    const mill = await newPage(browser);
    await signIn(mill, 'admin@demo-mill.test');
    await mill.waitForURL((url) => url.pathname === '/mills/projects');
    await mill.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();

    await cli('login', '--url', inject('baseUrl'), '--email', 'lab@demo-lab.test');
    const sent = await cli('send', folder, '--mill', '1');
    expect(sent.stdout + sent.stderr).toMatch(/sent|order/i);

    // Live, without reloading: a toast and the bell's badge.
    await mill.getByText('New order').first().waitFor();
    await mill.getByRole('link', { name: /^Notifications \([1-9]\d* unread\)$/ }).waitFor();
    await mill.getByText('New orders since the list was loaded: 1').waitFor();
    await mill.getByRole('button', { name: 'Refresh list' }).click();
    await mill.getByRole('button', { name: `Show components of ${orderName}` }).click();
    await mill.getByRole('link', { name: 'Crown 21' }).click();
    await mill.waitForURL((url) => /\/mills\/projects\/\d+\/components\/\d+$/.test(url.pathname));

    await mill.getByRole('button', { name: 'Preview' }).first().click();
    const preview = mill.getByRole('dialog', { name: 'Preview crown21.stl' });
    await preview.locator('canvas').waitFor();
    await mill.keyboard.press('Escape');

    const [download] = await Promise.all([
      mill.waitForEvent('download'),
      mill.getByRole('button', { name: 'Download all documents' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await readFile((await download.path())!);
    expect(zip.includes(Buffer.from('crown21.stl'))).toBe(true);

    await mill.getByRole('combobox', { name: 'Status' }).click();
    await mill.getByRole('option', { name: 'Closed' }).click();
    await mill.getByText('Component updated').first().waitFor();

    await mill.getByRole('textbox', { name: 'Message', exact: true }).fill('Milled and shipped today.');
    await mill.getByRole('button', { name: 'Send', exact: true }).click();
    await mill.getByText('Milled and shipped today.').first().waitFor();

    const lab = await newPage(browser);
    await signIn(lab, 'lab@demo-lab.test');
    await lab.waitForURL((url) => url.pathname !== '/');
    await lab.goto('/lab/projects');
    await lab.getByRole('button', { name: `Show components of ${orderName}` }).click();
    await lab.getByRole('link', { name: 'Crown 21' }).click();
    await lab.getByText('Milled and shipped today.').first().waitFor();
    await mill.context().close();
    await lab.context().close();
  });

  it('lets the lab withdraw a sent order, which the mill then sees marked deleted, and discard an unfinished one', async () => {
    const orderName = `Withdrawn case ${Date.now()}`;
    const folder = path.join(work, orderName);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'crown.stl'), crownMesh());
    await cli('login', '--url', inject('baseUrl'), '--email', 'lab@demo-lab.test');
    await cli('send', folder, '--mill', '1');

    const lab = await newPage(browser);
    await signIn(lab, 'lab@demo-lab.test');
    await lab.waitForURL((url) => url.pathname !== '/');
    await lab.goto('/lab/projects');
    await lab.getByRole('button', { name: `Delete order ${orderName}` }).click();
    await lab.getByRole('dialog', { name: 'Delete this order?' }).getByRole('button', { name: 'Delete' }).click();
    await lab.getByText('Order deleted').first().waitFor();
    await lab.getByRole('button', { name: `Delete order ${orderName}` }).waitFor({ state: 'detached' });

    // A send that stopped half-way (the tab was closed): the order exists but was never submitted.
    const draftName = `Unfinished case ${Date.now()}`;
    const created = await lab.evaluate(async (name) => {
      const response = await fetch('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify({ millId: 1, name, components: [{ name: 'Crown 11' }] }),
      });
      return response.status;
    }, draftName);
    expect(created).toBe(200);
    await lab.goto('/lab/projects/new');
    const offer = lab.getByRole('region', { name: `Continue the unfinished order “${draftName}”?` });
    await offer.getByRole('button', { name: 'Discard' }).click();
    await lab.getByRole('dialog', { name: 'Discard the unfinished order?' }).getByRole('button', { name: 'Discard' }).click();
    await lab.getByText('Unfinished order discarded').first().waitFor();
    await offer.waitFor({ state: 'detached' });

    const mill = await newPage(browser);
    await signIn(mill, 'admin@demo-mill.test');
    await mill.waitForURL((url) => url.pathname === '/mills/projects');
    const row = mill.getByRole('row').filter({ hasText: orderName });
    await row.getByText('Deleted', { exact: true }).waitFor();
    expect(await mill.getByRole('row').filter({ hasText: draftName }).count()).toBe(0);
    await mill.context().close();
    await lab.context().close();
  });

  it('continues a browser upload after a reload from what the server already holds', async () => {
    const orderName = `Reloaded case ${Date.now()}`;
    // About 1.2 MB, sent at 200 kB/s: the reload comes while the file is part-way.
    const scan = path.join(work, 'reloaded-scan.stl');
    await writeFile(scan, crownMesh(5, 4, 3, 1000, 12));
    const sha256 = createHash('sha256')
      .update(await readFile(scan))
      .digest('hex');

    const lab = await newPage(browser);
    const offsets: number[] = [];
    let uploadUrl = '';
    lab.on('request', (request) => {
      if (request.method() !== 'PATCH' || !request.url().includes('/api/uploads/')) return;
      offsets.push(Number(request.headers()['upload-offset']));
      uploadUrl = request.url();
    });
    /** What the server holds of the upload, asked as tus-js-client asks (HEAD). */
    const serverOffset = () =>
      lab.evaluate(async (url) => {
        const response = await fetch(url, {
          method: 'HEAD',
          headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${localStorage.getItem('token')}` },
        });
        return Number(response.headers.get('upload-offset') ?? 0);
      }, uploadUrl);
    await signIn(lab, 'lab@demo-lab.test');
    await lab.waitForURL((url) => url.pathname !== '/');
    await lab.goto('/lab/projects/new');
    await lab.getByRole('textbox', { name: 'Order name' }).fill(orderName);
    await lab.getByRole('textbox', { name: 'Component name' }).fill('Scan');
    await lab.locator('input[type=file]:not([webkitdirectory])').first().setInputFiles(scan);
    const network = await lab.context().newCDPSession(lab);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    await lab.getByRole('button', { name: 'Send order' }).click();
    await expect.poll(async () => (uploadUrl ? serverOffset() : 0), { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
    await lab.reload();
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const offer = lab.getByRole('region', { name: `Continue the unfinished order “${orderName}”?` });
    await offer.getByRole('button', { name: 'Continue this order' }).click();
    await lab.locator('input[type=file]:not([webkitdirectory])').first().setInputFiles(scan);
    await lab.getByRole('button', { name: 'Send order' }).click();
    await lab.waitForURL((url) => url.pathname === '/lab/projects');
    // The second PATCH started where the first stopped, not at 0.
    expect(offsets[0]).toBe(0);
    expect(offsets.at(-1)).toBeGreaterThan(0);

    const stored = await lab.evaluate(async (name) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
      const list = await (await fetch(`/api/labs/projects?millId=1&_q=${encodeURIComponent(name)}`, { headers })).json();
      const order = list.data[0];
      const detail = await (await fetch(`/api/projects/${order.id}/components/${order.components[0].id}`, { headers })).json();
      return detail.documents.map((d: { name: string; sha256: string }) => [d.name, d.sha256]);
    }, orderName);
    expect(stored).toEqual([['reloaded-scan.stl', sha256]]);
    await lab.context().close();
  });
});
