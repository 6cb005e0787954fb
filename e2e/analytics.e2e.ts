import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.ts';

/** Issue 12: the manager's analytics of every mill, from the sidebar to a CSV file. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('manager analytics', () => {
  it('opens the mills overview, follows an order id to the orders of Demo Mill, filters them by date and exports them', async () => {
    const page = await newPage(browser);
    await signIn(page, 'manager@casebridge.test');
    await page.waitForURL((url) => url.pathname === '/manager');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Mills overview' }).click();
    await page.waitForURL((url) => url.pathname === '/manager/mills/view');
    await page.getByRole('heading', { name: 'Mills overview', level: 1 }).waitFor();
    await page.getByRole('img', { name: /^Orders per day: / }).waitFor();

    const mills = page.getByRole('table', { name: 'Mills with their plan limits and orders' });
    const demo = mills.getByRole('row', { name: /Demo Mill/ });
    // The demo seed gives Demo Mill five orders over the last nine days; the newest id is listed first.
    await demo.getByRole('link').first().click();
    await page.waitForURL(
      (url) => url.pathname === '/manager/mill/orders/view' && url.searchParams.has('millId') && url.searchParams.has('id'),
    );
    await page.getByText(/^Showing order \d+ only\.$/).waitFor();
    await page.getByRole('button', { name: 'Show all orders of this mill' }).click();

    const orders = page.getByRole('table', { name: 'Orders of the chosen mill' });
    // Other journeys add today's orders to Demo Mill (the list-state one six): up to yesterday, the seed's fit on page 1.
    const untilYesterday = () => page.getByLabel('To', { exact: true }).fill(isoDay(new Date(Date.now() - 86_400_000)));
    await untilYesterday();
    await orders.getByRole('row', { name: /Dubois – veneers 11-21/ }).waitFor();
    await page.getByText(/^Size: \d+\.\d{3} GB$/).waitFor();
    await page.getByRole('img', { name: /^Orders and desktop CAM use of \d+ - Demo Mill: / }).waitFor();

    // Rossi's order is 3 days old, Dubois's 6: from 4 days ago keeps the first and drops the second.
    await page.getByLabel('From', { exact: true }).fill(isoDay(new Date(Date.now() - 4 * 86_400_000)));
    await orders.getByRole('row', { name: /Dubois/ }).waitFor({ state: 'detached' });
    await orders.getByRole('row', { name: /Rossi – inlays/ }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mill-\d+-orders-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFProject Id,Name,Created At,Components Count,Documents Count,Documents Size (MB)');
    expect(lines.some((line) => /^\d+,Rossi – inlays,\d\d\.\d\d\.\d{4} \d\d:\d\d,2,2,\d+\.\d\d$/.test(line))).toBe(true);
    expect(csv).not.toContain('Dubois');

    // Reset empties both dates: up to yesterday again, the older order is back.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue()).toBe('');
    await untilYesterday();
    await orders.getByRole('row', { name: /Dubois/ }).waitFor();
    await page.context().close();
  });

  it('shows the activity of the last 7 days by default, and the users view', async () => {
    const page = await newPage(browser);
    await signIn(page, 'manager@casebridge.test');
    await page.waitForURL((url) => url.pathname === '/manager');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Mill activity' }).click();
    await page.getByRole('heading', { name: 'Mill activity', level: 1 }).waitFor();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(isoDay(new Date(Date.now() - 7 * 86_400_000)));
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(isoDay(new Date()));
    await page
      .getByRole('table', { name: 'Mills that received orders in the chosen days' })
      .getByRole('row', { name: /Demo Mill/ })
      .waitFor();

    await nav.getByRole('link', { name: 'User statistics' }).click();
    await page.getByRole('heading', { name: 'User statistics', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Users of mills and labs' }).getByRole('row').nth(1).waitFor();
    await page.context().close();
  });

  it('fits every analytics view into a 360 px phone without sideways scrolling', async () => {
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      locale: 'en-GB',
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, 'manager@casebridge.test');
    await page.waitForURL((url) => url.pathname === '/manager');
    const views: [string, string][] = [
      ['/manager/home', 'Manager dashboard'],
      ['/manager/mills/view', 'Mills overview'],
      ['/manager/mill/orders/view?millId=1', 'Orders of a mill'],
      ['/manager/users/view', 'User statistics'],
      ['/manager/mill/activity', 'Mill activity'],
      ['/manager/settings', 'Manager settings'],
    ];
    for (const [path, heading] of views) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // Give the data a moment to arrive: the rows (cards on a phone) are what could overflow.
      await page.waitForLoadState('networkidle');
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${path} is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
    }
    await context.close();
  });
});
