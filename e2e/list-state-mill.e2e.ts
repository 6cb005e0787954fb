import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, searchFilterSortPage, signIn, urlParams as params } from './browser.ts';
import { sendOrders } from './demo-api.ts';

/** Issue 27 part 3 (ADR 0024): the mill's orders list keeps its state in the URL. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the mill’s orders list', () => {
  it('keeps search, status, sort and page across a reload, and the back button returns to the page before', async () => {
    const prefix = `Paging ${Date.now()}`;
    await sendOrders(prefix, 6);
    const page = await newPage(browser);
    await signIn(page, 'admin@demo-mill.test');
    await page.waitForURL((url) => url.pathname.startsWith('/mill'));
    // Five orders a page, so the six sent make two pages.
    await page.evaluate(() => localStorage.setItem('pageSize', '5'));
    await page.goto('/mills/projects');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();

    await searchFilterSortPage(page, {
      prefix,
      filter: { label: 'Status', option: 'Open', param: 'status', value: 'Open' },
      column: /Name/,
      sort: 'name:asc',
    });
    await page.context().close();
  });
});

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('the manager’s orders view of a mill', () => {
  it('keeps the mill, the date range and the page across a reload, and the back button steps back through them', async () => {
    await sendOrders(`Manager paging ${Date.now()}`, 6);
    const page = await newPage(browser);
    await signIn(page, 'manager@casebridge.test');
    await page.waitForURL((url) => url.pathname === '/manager');
    await page.evaluate(() => localStorage.setItem('pageSize', '5'));
    await page.goto('/manager/mill/orders/view');

    const mill = page.getByRole('textbox', { name: 'Mill (id - name)' }).or(page.getByRole('combobox', { name: 'Mill (id - name)' }));
    await mill.first().click();
    await page.getByRole('option', { name: /^\d+ - Demo Mill$/ }).click();
    await page.waitForURL((url) => url.searchParams.has('millId'));
    const from = isoDay(new Date(Date.now() - 2 * 86_400_000));
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.waitForURL((url) => url.searchParams.get('fromDate') === from);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const secondPage = page.url();

    await page.reload();
    await page.getByRole('table', { name: 'Orders of the chosen mill' }).waitFor();
    expect(page.url()).toBe(secondPage);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(from);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    expect(params(page).get('fromDate')).toBe(from);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('fromDate'));
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('');
    expect(params(page).has('millId')).toBe(true);
    await page.context().close();
  });
});
