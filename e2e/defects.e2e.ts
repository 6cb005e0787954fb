import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field, launchBrowser, linkFromOutbox, newPage, openHome, signIn } from './browser.ts';

/** Defects of issue 10 that only a real browser shows: computed styles, and whole journeys. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('sign-up of a new mill', () => {
  it('sizes the agreement links like their text, and does not ask for the agreements again after confirming', async () => {
    const email = `defects-${Date.now()}@example.test`;
    const page = await newPage(browser);
    await openHome(page);
    await page.getByRole('button', { name: 'Sign up', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Sign up' });

    const link = dialog.getByRole('link', { name: 'Terms of service' });
    const fontSize = (selector: 'a' | 'label') =>
      link.evaluate((anchor, which) => getComputedStyle(which === 'a' ? anchor : anchor.closest('label')!).fontSize, selector);
    expect(await fontSize('a')).toBe(await fontSize('label'));
    // The example lives in the hint: a placeholder would turn red with an error and read like a typed key.
    expect(await field(dialog, 'Activation key').getAttribute('placeholder')).toBeNull();

    await field(dialog, 'First name').fill('Dora');
    await field(dialog, 'Last name').fill('Defect');
    await field(dialog, 'Email').fill(email);
    await field(dialog, 'Password').fill('a-long-enough-password');
    await field(dialog, 'Activation key').fill(inject('activationKeys').at(-1)!);
    await dialog.getByRole('checkbox', { name: /Terms of service/ }).check();
    await dialog.getByRole('checkbox', { name: /Data processing agreement/ }).check();
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('dialog', { name: 'Check your mailbox' }).waitFor();

    await page.goto(await linkFromOutbox(email, 'confirmation='));
    await page.waitForURL((url) => url.pathname === '/mill/settings');
    await page.getByText('Please update company information first.').first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Please accept our policies' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('signing out', () => {
  it("takes a mill user to the mill's home and leaves them there", async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@demo-mill.test');
    await page.waitForURL((url) => url.pathname === '/mills/projects');
    const millId = await page.evaluate(() => localStorage.getItem('selectedMillId'));
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByRole('heading', { name: 'Demo Mill' }).first().waitFor();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toMatch(millId ? new RegExp(`^/${millId}$`) : /^\/\d+$/);
    await page.context().close();
  });
});
