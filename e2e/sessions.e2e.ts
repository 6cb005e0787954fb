import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.ts';

/** ADR 0021: a user sees where they are signed in and signs another device out from here. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const token = (page: import('playwright-core').Page) => page.evaluate(() => localStorage.getItem('token'));

describe('signed-in devices', () => {
  it('signs the other browser out from this one; the other is signed out at its next action', async () => {
    const email = 'lab@demo-lab.test';
    const other = await newPage(browser);
    await signIn(other, email);
    await other.waitForURL((url) => url.pathname === '/lab/account');
    const mine = await newPage(browser);
    // A phone-sized screen: the list must work at 360 px.
    await mine.setViewportSize({ width: 360, height: 740 });
    await signIn(mine, email);
    await mine.waitForURL((url) => url.pathname === '/lab/account');

    await mine.goto('/lab/account?tab=settings');
    const section = mine.getByRole('region', { name: 'Signed-in devices' });
    await section.getByText('This device').waitFor();
    expect(await section.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    expect(await mine.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await section.getByRole('button', { name: 'Sign out all other devices' }).click();
    const dialog = mine.getByRole('dialog', { name: 'Sign out all other devices?' });
    await dialog.getByRole('button', { name: 'Sign out all other devices' }).click();
    await mine.getByText('All other devices were signed out').waitFor();
    await expect.poll(() => section.getByRole('listitem').count()).toBe(1);

    // The other browser's next action finds its session ended and signs it out.
    await other.reload();
    await expect.poll(() => token(other)).toBeNull();
    await expect.poll(() => new URL(other.url()).pathname).not.toBe('/lab/account');
    expect(await token(mine)).toBeTruthy();
    await other.context().close();
    await mine.context().close();
  });
});
