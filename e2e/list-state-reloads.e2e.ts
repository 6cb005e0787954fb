import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, searchFilterSortPage, signedInWithFiveRows, urlParams as params } from './browser.ts';
import { demoApi, sendOrders } from './demo-api.ts';

/**
 * Issue 27 part 3 (ADR 0024): the lab's orders, a mill client's orders tab, the messages and the
 * licence keys keep search, filters, sort and page across a reload, and the back button undoes
 * the last change. Five rows a page, so six rows make two pages.
 */
let browser: Browser;
const prefix = `Reload ${Date.now()}`;
let sent: Awaited<ReturnType<typeof sendOrders>>;
beforeAll(async () => {
  browser = await launchBrowser();
  sent = await sendOrders(prefix, 6);
});
afterAll(async () => {
  await browser.close();
});

const signedIn = (email: string, area: string) => signedInWithFiveRows(browser, email, area);

/** Search, status, sort by name and page 2 on an orders list; a reload keeps them all, back returns to page 1. */
const ordersJourney = (page: Page) =>
  searchFilterSortPage(page, {
    prefix,
    filter: { label: 'Status', option: 'Open', param: 'status', value: 'Open' },
    column: /Name/,
    sort: 'name:asc',
  });

describe('the orders lists', () => {
  it('the lab’s orders keep search, status, sort and page across a reload', async () => {
    const page = await signedIn('lab@demo-lab.test', '/lab');
    await page.goto('/lab/projects');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await ordersJourney(page);
    await page.context().close();
  });

  it('a mill client’s orders tab keeps them beside its tab', async () => {
    const page = await signedIn('admin@demo-mill.test', '/mill');
    await page.goto(`/mill/client/${sent.labUserId}/details?tab=orders`);
    await ordersJourney(page);
    expect(params(page).get('tab')).toBe('orders');
    await page.context().close();
  });
});

describe('the mill’s messages', () => {
  it('keep the read state and page across a reload, and back steps through them', async () => {
    for (const [n, projectId] of sent.orderIds.entries())
      await sent.lab.send(`/mills/${sent.millId}/messages`, 'POST', { projectId, message: `${prefix} note ${n + 1}` });
    const page = await signedIn('admin@demo-mill.test', '/mill');
    await page.goto('/mills/messages');
    await page.getByRole('radiogroup', { name: 'Show' }).getByText('Unread').click();
    await page.waitForURL((url) => url.searchParams.get('read') === 'unread');
    // Newest first: the first note is the one that falls on page 2.
    await page.getByText(`${prefix} note 6`).waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText(`${prefix} note 1`).waitFor();
    const secondPage = page.url();

    await page.reload();
    await page.getByText(`${prefix} note 1`).waitFor();
    expect(page.url()).toBe(secondPage);
    expect(await page.getByRole('radio', { name: 'Unread' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await page.goBack();
    await page.getByText(`${prefix} note 6`).waitFor();
    expect(params(page).has('page')).toBe(false);
    expect(params(page).get('read')).toBe('unread');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('read'));
    await expect.poll(() => page.getByRole('radio', { name: 'All' }).isChecked()).toBe(true);
    await page.context().close();
  });
});

describe('the licence keys', () => {
  it('keep sort and page across a reload; a search returns to page 1 and back returns to page 2', async () => {
    const mill = await demoApi('admin@demo-mill.test');
    const tag = Date.now().toString(36).slice(-5).toUpperCase();
    const key = (n: number) => `${tag}-RELOD-AAAAA-BBBBB-CCCC${n}`;
    for (let n = 1; n <= 6; n++)
      await mill.send('/toolpass-data-collection-consents', 'POST', {
        millId: mill.millId,
        licenseKey: key(n),
        enableDataCollection: false,
      });
    const page = await signedIn('admin@demo-mill.test', '/mill');
    await page.goto('/mill/settings?tab=license-keys');
    const addedOn = page.getByRole('columnheader', { name: /Added on/ });
    await addedOn.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'created_at:asc');
    await addedOn.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'created_at:desc');
    const rows = page.getByRole('table').getByRole('row');
    await rows.filter({ hasText: key(6) }).waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await rows.filter({ hasText: key(1) }).waitFor();
    const secondPage = page.url();

    await page.reload();
    await rows.filter({ hasText: key(1) }).waitFor();
    expect(page.url()).toBe(secondPage);
    expect(await addedOn.getAttribute('aria-sort')).toBe('descending');
    expect(await rows.filter({ hasText: key(6) }).count()).toBe(0);

    await page.getByLabel('Search licence keys').fill(key(6));
    await page.waitForURL((url) => url.searchParams.get('q') === key(6));
    expect(params(page).has('page')).toBe(false);
    await rows.filter({ hasText: key(6) }).waitFor();
    await page.goBack();
    await rows.filter({ hasText: key(1) }).waitFor();
    expect(page.url()).toBe(secondPage);
    await expect.poll(() => page.getByLabel('Search licence keys').inputValue()).toBe('');
    expect(params(page).get('tab')).toBe('license-keys');
    await page.context().close();
  });
});
