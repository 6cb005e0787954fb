import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.ts';

/**
 * Issue 27 part 3 (ADR 0024): the dealer's lists keep their search, filters, sort and page in the
 * URL, so a reload keeps them and the back button undoes the last change.
 */
let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await signIn(page, 'dealer@demo-dealer.test');
  await page.waitForURL((url) => url.pathname === '/dealer');
});
afterAll(async () => {
  await browser.close();
});

const search = () => new URL(page.url()).search;
const sortOf = (header: string) => page.getByRole('columnheader', { name: header, exact: true }).getAttribute('aria-sort');

describe('the dealer’s lists keep their state in the URL', () => {
  it('customers: the sort, the sub-dealers switch and the search survive a reload; back undoes the search', async () => {
    await page.goto('/customer/information');
    await page.getByRole('table', { name: 'Customers' }).waitFor();
    await page.getByRole('button', { name: 'Company', exact: true }).click();
    await expect.poll(search).toBe('?sort=company%3Aasc');
    const subDealers = page.getByRole('switch', { name: "Include sub-dealers' customers" });
    // A click, not uncheck(): the switch follows the URL, which the router updates a moment after the click.
    await subDealers.click();
    await expect.poll(search).toBe('?sort=company%3Aasc&subDealers=false');
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('dental');
    // Written once the typing pauses (1000 ms).
    await expect.poll(search, { timeout: 5000 }).toBe('?sort=company%3Aasc&subDealers=false&q=dental');

    await page.reload();
    await page.getByRole('table', { name: 'Customers' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search customers' }).inputValue()).toBe('dental');
    expect(await subDealers.isChecked()).toBe(false);
    expect(await sortOf('Company')).toBe('ascending');

    await page.goBack();
    await expect.poll(search).toBe('?sort=company%3Aasc&subDealers=false');
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search customers' }).inputValue()).toBe('');
    expect(await subDealers.isChecked()).toBe(false);
  });

  it('tickets: the archive filter, the sort and the page survive a reload; back returns to page 1', async () => {
    await page.goto('/dealer/tickets');
    await page.getByText(/^\d+ tickets found$/).waitFor();
    await page.getByRole('combobox', { name: 'Archive state' }).selectOption('active');
    await expect.poll(search).toBe('?archived=active');
    await page.getByRole('button', { name: 'Dealer', exact: true }).click();
    await expect.poll(search).toBe('?archived=active&sort=dealer%3Aasc');
    const firstKey = page.getByRole('table', { name: 'Licence tickets' }).locator('tbody tr').first().locator('td').nth(1);
    // The previous page stays shown while the next loads: wait for the second page's answer.
    const secondPage = page.waitForResponse((response) => /\/api\/dealer-tickets\?.*_start=10\b/.test(response.url()));
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(search).toBe('?archived=active&sort=dealer%3Aasc&page=2');
    const keyOnPage2 = ((await (await secondPage).json()) as { data: { key: string }[] }).data[0]!.key;
    await expect.poll(() => firstKey.textContent()).toContain(keyOnPage2);

    await page.reload();
    await page.getByText(/^\d+ tickets found$/).waitFor();
    expect(await page.getByRole('combobox', { name: 'Archive state' }).inputValue()).toBe('active');
    expect(await sortOf('Dealer')).toBe('ascending');
    expect(await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('data-active')).toBe('true');
    await expect.poll(() => firstKey.textContent()).toContain(keyOnPage2);

    await page.goBack();
    await expect.poll(search).toBe('?archived=active&sort=dealer%3Aasc');
    await expect.poll(() => page.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('data-active')).toBe('true');
    expect(await page.getByRole('combobox', { name: 'Archive state' }).inputValue()).toBe('active');
  });
});
