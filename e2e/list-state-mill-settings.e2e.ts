import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.ts';

/** Issue 27 (ADR 0024): the licence keys and the messages keep their list state in the URL. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the mill’s licence keys and messages lists', () => {
  it('keep search, sort and read state across a reload, and the back button undoes the last change', async () => {
    const page = await newPage(browser);
    await signIn(page, 'admin@demo-mill.test');
    await page.waitForURL((url) => url.pathname.startsWith('/mill'));

    await page.goto('/mill/settings?tab=license-keys');
    const search = page.getByLabel('Search licence keys');
    await search.fill('AAAAA');
    await page.waitForURL((url) => url.searchParams.get('q') === 'AAAAA');
    await page
      .getByRole('columnheader', { name: /Added on/ })
      .getByRole('button')
      .click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'created_at:asc');
    await page.reload();
    await expect.poll(() => page.getByLabel('Search licence keys').inputValue()).toBe('AAAAA');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('license-keys');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('sort'));
    expect(new URL(page.url()).searchParams.get('q')).toBe('AAAAA');

    await page.goto('/mills/messages');
    await page.getByRole('radiogroup', { name: 'Show' }).getByText('Unread').click();
    await page.waitForURL((url) => url.searchParams.get('read') === 'unread');
    await page.reload();
    await expect.poll(() => page.getByRole('radio', { name: 'Unread' }).isChecked()).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('read'));
    await expect.poll(() => page.getByRole('radio', { name: 'All' }).isChecked()).toBe(true);
    await page.context().close();
  });
});
