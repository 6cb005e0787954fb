import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.ts';

/** Issue 12: the manager watches the desktop software's concurrent use while machines ping. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const DEMO_KEY = 'DEMO1-MILL1-KEY01-AAAAA-00001';
const root = path.resolve(import.meta.dirname, '..');

/** `casebridge usage simulate` as a user runs it, against the portal under test. */
function simulate(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/cli/bin/casebridge.js', 'usage', 'simulate', '--url', inject('baseUrl'), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('concurrent usage', () => {
  it('shows the demo key, then a machine of the running simulator without a reload, and exports the table', async () => {
    const page = await newPage(browser);
    await signIn(page, 'manager@casebridge.test');
    await page.getByRole('link', { name: 'Concurrent usage' }).click();
    await page.waitForURL((url) => url.pathname === '/manager/hd/usage/info');
    await page.getByRole('heading', { name: 'Concurrent usage', level: 1 }).waitFor();
    await page.getByRole('img', { name: /^Concurrent users, last 7 days: peak \d+/ }).waitFor();

    await page.getByRole('button', { name: `Show machines of ${DEMO_KEY}` }).click();
    const machines = page.getByRole('table', { name: `Machines of ${DEMO_KEY}` });
    await machines.getByText('CAM-STATION-01').waitFor();
    expect(await machines.getByText(/^SIM-/).count()).toBe(0);

    // Ten simulated minutes at 3 s each; with seed 5 one of the two machines runs all morning.
    const run = simulate(['--key', DEMO_KEY, '--machines', '2', '--from', '11:00', '--to', '11:10', '--speed', '20', '--seed', '5']);
    // The view asks again every 10 s: the machine appears without touching the page.
    await machines.getByText(/^SIM-/).first().waitFor({ timeout: 30_000 });
    const result = await run;
    expect(result.output).toContain('pings sent');
    expect(result.code).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^concurrent-usage-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFLicence key,Mill,Allowed users,Multiple logins,First ping,Last ping,Concurrently used');
    expect(csv).toContain(`${DEMO_KEY},Demo Mill,`);
    await page.context().close();
  });
});
