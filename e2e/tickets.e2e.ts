import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.ts';

/** Issue 14, slice 1: the demo root dealer works at its ticket desk. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('ticket desk', () => {
  it('the demo dealer opens its tickets from the sidebar, finds one by its key and archives it after confirming', async () => {
    const page = await newPage(browser);
    await signIn(page, 'dealer@demo-dealer.test');
    await page.waitForURL((url) => url.pathname === '/dealer');
    await page.getByRole('navigation').getByRole('link', { name: 'Licence tickets' }).click();
    await page.waitForURL((url) => url.pathname === '/dealer/tickets');
    await page.getByRole('heading', { level: 1, name: 'Licence tickets' }).waitFor();
    const total = Number((await page.getByText(/^\d+ tickets found$/).textContent())!.split(' ')[0]);
    // The demo store holds a few hundred tickets across the demo dealer's subtree.
    expect(total).toBeGreaterThan(10);

    // A ticket of the demo licence store, not one of the bare sign-up keys other journeys use.
    await page.getByRole('textbox', { name: 'Search tickets' }).fill('lab suite');
    await expect.poll(async () => (await page.getByText(/^\d+ tickets found$/).textContent()) !== `${total} tickets found`, { timeout: 10_000 }).toBe(true);
    const label = (await page.getByRole('checkbox', { name: /^Select ticket / }).first().getAttribute('aria-label'))!;
    const key = label.replace('Select ticket ', '');
    expect(key).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/);
    // Searching is case-insensitive: lower case finds the upper-case key.
    await page.getByRole('textbox', { name: 'Search tickets' }).fill(key.toLowerCase());
    await page.getByText('1 ticket found', { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: key });

    await row.getByRole('button', { name: `Archive ticket ${key}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive ticket' });
    await confirm.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText(`Ticket ${key} archived`).first().waitFor();
    await row.getByRole('button', { name: `Unarchive ticket ${key}` }).waitFor();

    // It has left the active tickets and is among the archived ones.
    await page.getByRole('combobox', { name: 'Archive state' }).selectOption('active');
    await page.getByText('0 tickets found', { exact: true }).waitFor();
    await page.getByText('No data found').waitFor();
    await page.getByRole('combobox', { name: 'Archive state' }).selectOption('archived');
    await page.getByText('1 ticket found', { exact: true }).waitFor();
    await page.context().close();
  });

  it('a sub-dealer on a 360 px phone sees its subtree as cards, nothing scrolls sideways, and the keyboard reaches the archive confirmation', async () => {
    const context = await browser.newContext({ baseURL: inject('baseUrl'), locale: 'en-GB', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, 'north@demo-dealer.test');
    await page.waitForURL((url) => url.pathname === '/dealer');
    await page.goto('/dealer/tickets');
    await page.getByText(/^\d+ tickets found$/).waitFor();
    // The dealer filter holds North and Hamburg below it, never the root above.
    const dealers = await page.getByRole('combobox', { name: 'Dealer' }).locator('option').allTextContents();
    expect(dealers[0]).toBe('All');
    expect(dealers.some((text) => text.startsWith('DD-NORTH'))).toBe(true);
    expect(dealers.some((text) => text.startsWith('DD-ROOT'))).toBe(false);
    await page.getByRole('list', { name: 'Licence tickets' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    const archive = page.getByRole('button', { name: /^Archive ticket / }).first();
    await archive.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Archive ticket' });
    // The question opens on Cancel, so a hasty Enter changes nothing.
    await expect.poll(() => confirm.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement), { timeout: 5000 }).toBe(true);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    await archive.waitFor();
    await context.close();
  });

  it('the platform manager opens the desk from its sidebar and sees the tickets of every dealer', async () => {
    const page = await newPage(browser);
    await signIn(page, 'manager@casebridge.test');
    await page.waitForURL((url) => url.pathname === '/manager');
    await page.getByRole('navigation').getByRole('link', { name: 'Licence tickets' }).click();
    await page.waitForURL((url) => url.pathname === '/manager/tickets');
    const found = Number((await page.getByText(/^\d+ tickets found$/).textContent())!.split(' ')[0]);
    // At least the demo store (300) and the sign-up keys outside the demo dealer's tree.
    expect(found).toBeGreaterThanOrEqual(300);
    const dealers = await page.getByRole('combobox', { name: 'Dealer' }).locator('option').allTextContents();
    expect(dealers.some((text) => text.startsWith('DD-ROOT'))).toBe(true);
    await page.context().close();
  });
});
