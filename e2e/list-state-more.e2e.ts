import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, searchFilterSortPage, signedInWithFiveRows, urlParams as params } from './browser.ts';
import { demoApi } from './demo-api.ts';

/**
 * Issue 27 part 3 (ADR 0024): the mill's clients and users, the dealer list and the dealer users,
 * and the manager's mills overview, users view and activity keep their state across a reload, and
 * the back button undoes the last change. Five rows a page; six rows made here make two pages.
 */
let browser: Browser;
const tag = Date.now().toString(36);
const prefix = `Reload ${tag}`;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe('the mill’s lists', () => {
  let page: Page;
  beforeAll(async () => {
    const mill = await demoApi('admin@demo-mill.test');
    // In parallel: the lists sort these by name or address, not by when they came.
    await Promise.all(
      range(6).flatMap((n) => [
        mill.send(`/mills/${mill.millId}/clients`, 'POST', {
          firstName: 'Client',
          lastName: `${prefix} ${n}`,
          email: `client-${tag}-${n}@reload.test`,
          activationMessage: 'Welcome',
        }),
        // "aaa-" sorts these before the mill's other users by address.
        mill.send(`/mills/${mill.millId}/users`, 'POST', {
          firstName: 'User',
          lastName: `${prefix} ${n}`,
          email: `aaa-${tag}-${n}@reload.test`,
          millRole: 'user',
        }),
      ]),
    );
    page = await signedInWithFiveRows(browser, 'admin@demo-mill.test', '/mill');
  });

  it('clients: search, status, sort and page survive a reload; back returns to page 1', async () => {
    await page.goto('/mills/clients');
    // Invited, not yet accepted: inactive.
    const status = { label: 'Status', option: 'Inactive', param: 'status', value: 'inactive' };
    await searchFilterSortPage(page, { prefix, filter: status, column: /Name/, sort: 'lastName:asc' });
  });

  it('users tab: role, sort and page survive a reload beside the tab; back returns to page 1', async () => {
    await page.goto('/mill/settings?tab=users');
    const role = { label: 'Role', option: 'User', param: 'role', value: 'user' };
    await searchFilterSortPage(page, { prefix, search: false, filter: role, column: /^Email/, sort: 'email:asc' });
    expect(params(page).get('tab')).toBe('users');
  });
});

describe('the dealer’s lists', () => {
  it('dealer list: search, sort and page survive a reload; back returns to page 1', async () => {
    const dealer = await demoApi('dealer@demo-dealer.test');
    const parentDealerId = dealer.me.dealer!.id;
    await Promise.all(
      range(6).map((n) => dealer.send('/dealers', 'POST', { dealerId: `LS-${tag}-${n}`, name: `${prefix} ${n}`, parentDealerId })),
    );
    const page = await signedInWithFiveRows(browser, 'dealer@demo-dealer.test', '/dealer');
    await page.goto('/dealer/information');
    await searchFilterSortPage(page, { prefix, column: /Reseller Name/, sort: 'name:asc' });
    await page.context().close();
  });

  // The users page is the dealer managers' (the rule book's dealerUsers.list): Demo Dealer's is manager@demo-dealer.test.
  it('dealer users: search, sort and page survive a reload; back returns to page 1', async () => {
    const manager = await demoApi('manager@demo-dealer.test');
    const dealerId = manager.me.dealer!.id;
    await Promise.all(
      range(6).map((n) =>
        manager.send('/dealer-users', 'POST', {
          firstName: 'User',
          lastName: `${prefix} ${n}`,
          email: `du-${tag}-${n}@reload.test`,
          role: 'dealer',
          dealerId,
        }),
      ),
    );
    const page = await signedInWithFiveRows(browser, 'manager@demo-dealer.test', '/dealer');
    await page.goto('/dealer/users');
    await searchFilterSortPage(page, { prefix, column: /^Email/, sort: 'email:asc' });
    await page.context().close();
  });
});

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('the manager’s analytics', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedInWithFiveRows(browser, 'manager@casebridge.test', '/manager');
  });

  it('mills overview: the chosen mills survive a reload; back drops the last one chosen', async () => {
    await page.goto('/manager/mills/view');
    const table = page.getByRole('table', { name: 'Mills with their plan limits and orders' });
    await table.waitFor();
    const filter = page.getByRole('combobox', { name: 'Filter by mills' });
    await filter.click();
    await page.getByRole('option', { name: /^\d+ - Alpine Mill$/ }).click();
    await page.waitForURL((url) => /^\d+$/.test(url.searchParams.get('ids') ?? ''));
    const alpine = params(page).get('ids')!;
    await page.getByRole('option', { name: /^\d+ - Nordic Mill$/ }).click();
    await page.waitForURL((url) => /^\d+,\d+$/.test(url.searchParams.get('ids') ?? ''));
    const both = page.url();
    const rows = table.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);

    await page.reload();
    await table.waitFor();
    expect(page.url()).toBe(both);
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.filter({ hasText: 'Alpine Mill' }).count()).toBe(1);
    expect(await rows.filter({ hasText: 'Nordic Mill' }).count()).toBe(1);
    const pills = page.locator('.mantine-MultiSelect-pill');
    expect(await pills.allTextContents()).toEqual([expect.stringContaining('Alpine Mill'), expect.stringContaining('Nordic Mill')]);

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('ids') === alpine);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.filter({ hasText: 'Alpine Mill' }).count()).toBe(1);
    await expect.poll(() => pills.allTextContents()).toEqual([expect.stringContaining('Alpine Mill')]);
  });

  it('users view: the page survives a reload; back returns to page 1', async () => {
    await page.goto('/manager/users/view');
    const table = page.getByRole('table', { name: 'Users of mills and labs' });
    const firstRow = table.getByRole('row').nth(1);
    await firstRow.waitFor();
    const onPage1 = await firstRow.textContent();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => firstRow.textContent()).not.toBe(onPage1);
    const onPage2 = await firstRow.textContent();
    const secondPage = page.url();

    await page.reload();
    await expect.poll(() => firstRow.textContent()).toBe(onPage2);
    expect(page.url()).toBe(secondPage);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await page.goBack();
    await expect.poll(() => firstRow.textContent()).toBe(onPage1);
    expect(params(page).has('page')).toBe(false);
    expect(await page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('activity: the range and the sort survive a reload; back undoes the sort', async () => {
    // Demo Mill's seeded orders came 3, 6 and 9 days ago: inside the range.
    const [start, end] = [isoDay(10), isoDay(2)];
    await page.goto('/manager/mill/activity');
    await page.getByLabel('From', { exact: true }).fill(start);
    await page.waitForURL((url) => url.searchParams.get('start') === start);
    await page.getByLabel('To', { exact: true }).fill(end);
    await page.waitForURL((url) => url.searchParams.get('end') === end);
    const table = page.getByRole('table', { name: 'Mills that received orders in the chosen days' });
    const name = table.getByRole('columnheader', { name: /^Name/ });
    await name.click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name:asc');
    const sorted = page.url();

    await page.reload();
    await table.getByRole('row', { name: /Demo Mill/ }).waitFor();
    expect(page.url()).toBe(sorted);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(start);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(end);
    expect(await name.getAttribute('aria-sort')).toBe('ascending');

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('sort'));
    expect([params(page).get('start'), params(page).get('end')]).toEqual([start, end]);
    await expect.poll(() => name.getAttribute('aria-sort')).toBeNull();
    // The busiest mill first, the default: the orders column tells it.
    expect(await table.getByRole('columnheader', { name: /^Project Ids/ }).getAttribute('aria-sort')).toBe('descending');
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(start);

    // Once more: the end leaves the URL and its field shows the default again, today.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('end'));
    expect(params(page).get('start')).toBe(start);
    await expect.poll(() => page.getByLabel('To', { exact: true }).inputValue()).toBe(isoDay(0));
  });
});
