import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.ts';

/** Issue 14 "Where tickets come from": the manager imports the licence server's export. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ticketKey = () =>
  Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-');

describe('ticket import', () => {
  it('the manager opens the import from the sidebar, uploads a small CSV and sees it finish with its counts and the failed row', async () => {
    const page = await newPage(browser);
    await signIn(page, 'manager@casebridge.test');
    await page.waitForURL((url) => url.pathname.startsWith('/manager'));
    await page.getByRole('navigation').getByRole('link', { name: 'Ticket import', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/manager/import/tickets');
    await page.getByRole('heading', { level: 1, name: 'Licence ticket import' }).waitFor();

    const keys = [ticketKey(), ticketKey(), ticketKey()];
    const stamp = Date.now();
    // Three tickets for the demo network and one with an unknown dealer: 3 created, 1 failed.
    const csv = [
      'key;dealerId;productName;licenseExp;isNetwork',
      `${keys[0]};DD-ROOT;"Import ""Pro""; 5-axis";2029-06-30;yes`,
      `${keys[1]};DD-NORTH;Import Basic;;no`,
      `${ticketKey()};NO-SUCH-DEALER;Stray;;`,
      `${keys[2]};dd-hamburg;Import Lab;2027-01-15;`,
    ].join('\r\n');
    await page
      .getByLabel('Choose a .csv or .json file')
      .setInputFiles({ name: `tickets-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const log = page.getByLabel('Import log');
    // The page shows this file's log at once (running) and polls until the job has read it all.
    await log.getByText(`tickets-${stamp}.csv`).waitFor({ timeout: 20_000 });
    const figure = async (label: string) =>
      (
        await log
          .locator('div', { has: page.getByText(label, { exact: true }) })
          .locator('dd')
          .innerText()
      ).trim();
    await expect.poll(() => figure('End'), { timeout: 20_000 }).not.toBe('–');
    await page.getByText('Idle', { exact: true }).waitFor();
    expect(await figure('Tickets read')).toBe('4');
    expect(await figure('Created')).toBe('3');
    expect(await figure('Updated')).toBe('0');
    expect(await figure('Failed')).toBe('1');
    await page.getByRole('cell', { name: 'dealerId: no dealer with the id NO-SUCH-DEALER' }).first().waitFor();

    // The imported ticket is at the ticket desk.
    await page.goto('/manager/tickets');
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill(keys[0]!);
    await page.getByText('1 ticket found', { exact: true }).waitFor();
    await page.context().close();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
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
    await page.waitForURL((url) => url.pathname.startsWith('/manager'));
    await page.goto('/manager/import/tickets');
    await page.getByRole('heading', { level: 1, name: 'Licence ticket import' }).waitFor();
    await page.getByLabel('Import log').waitFor();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await context.close();
  });
});
