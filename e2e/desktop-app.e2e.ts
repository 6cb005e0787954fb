import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.ts';

/**
 * Issue 24 item 9: the desktop app the manager sets in the portal, downloaded by labs and mills
 * with one click and no failing request; item 19: the toast of a save leaves the Save button free.
 */
let browser: Browser;
let work: string;
beforeAll(async () => {
  browser = await launchBrowser();
  work = await mkdtemp(path.join(os.tmpdir(), 'casebridge-e2e-desktop-app-'));
});
afterAll(async () => {
  await browser.close();
  await rm(work, { recursive: true, force: true });
});

/** Every answer of 400 or more the page receives from now on. */
function failedResponses(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

describe('the desktop app', () => {
  it('the lab sees the demo release and downloads the placeholder with one click, and no request fails', async () => {
    const page = await newPage(browser);
    await signIn(page, 'lab@demo-lab.test');
    await page.waitForURL((url) => url.pathname !== '/');
    const failed = failedResponses(page);
    await page.goto('/lab/support');
    await page.getByRole('tab', { name: 'Download app' }).click();
    await page.getByRole('heading', { name: 'Version 1.0.0-demo' }).waitFor();
    await page.getByText(/placeholder text file instead of a real installer/).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the desktop app' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('casebridge-desktop-placeholder.txt');
    expect(await readFile((await download.path())!, 'utf8')).toContain('placeholder for the CaseBridge desktop installer');
    expect(new URL(page.url()).pathname).toBe('/lab/support');
    expect(failed).toEqual([]);
    await page.context().close();
  });

  it('the manager uploads an installer and sets a link, and the toast leaves the Save button free', async () => {
    const page = await newPage(browser);
    await signIn(page, 'manager@casebridge.test');
    await page.waitForURL((url) => url.pathname.startsWith('/manager'));
    // Item 18: the header names the manager.
    await page.getByRole('button', { name: 'User menu' }).getByText('Max Manager').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Desktop app' }).click();
    await page.getByRole('heading', { level: 1, name: 'Desktop app' }).waitFor();

    const installer = path.join(work, 'casebridge-setup-2.0.0.exe');
    await writeFile(installer, 'MZ not a real installer');
    await page.getByLabel('Choose the installer').setInputFiles(installer);
    await page.getByRole('textbox', { name: 'Version' }).fill('2.0.0');
    await page.getByRole('textbox', { name: 'Release notes' }).fill('Uploaded by the browser journey.');
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    const toast = page.getByRole('alert').filter({ hasText: 'Desktop app saved' });
    await toast.waitFor();

    // The toast lies clear of the Save button, takes no click, and closes while the pointer rests on it.
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(60);
    const toastBox = (await toast.boundingBox())!;
    const saveBox = (await save.boundingBox())!;
    const buttonAt = (x: number, y: number) =>
      page.evaluate((point) => document.elementFromPoint(point.x, point.y)?.closest('button')?.textContent ?? null, { x, y });
    expect(await buttonAt(saveBox.x + saveBox.width / 2, saveBox.y + saveBox.height / 2)).toBe('Save');
    const toastCentre = { x: toastBox.x + toastBox.width / 2, y: toastBox.y + toastBox.height / 2 };
    const throughToast = await page.evaluate(
      (point) => document.elementFromPoint(point.x, point.y)?.closest('[role="alert"]') ?? null,
      toastCentre,
    );
    expect(throughToast).toBeNull();
    await page.mouse.move(toastBox.x + toastBox.width / 2, toastBox.y + toastBox.height / 2);
    await toast.waitFor({ state: 'hidden', timeout: 8000 });

    const preview = page.getByRole('link', { name: 'Download the desktop app' });
    await page.getByRole('heading', { name: 'Version 2.0.0' }).waitFor();
    expect(await preview.getAttribute('href')).toBe('/api/desktop-app/installer');
    const [download] = await Promise.all([page.waitForEvent('download'), preview.click()]);
    expect(download.suggestedFilename()).toBe('casebridge-setup-2.0.0.exe');

    await page.getByRole('radio', { name: 'An external link' }).check();
    await page.getByRole('textbox', { name: 'Download link' }).fill('https://downloads.example.test/casebridge-2.0.1.exe');
    await page.getByRole('textbox', { name: 'Version' }).fill('2.0.1');
    await save.click();
    await page.getByRole('heading', { name: 'Version 2.0.1' }).waitFor();
    expect(await preview.getAttribute('href')).toBe('https://downloads.example.test/casebridge-2.0.1.exe');
    await page.context().close();
  });
});
