import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.ts';

/** Issue 28 part 3 on the list kit (ADR 0024): the audit trail's filter and page live in the URL. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * Blocks and unblocks a confirmed client of the admin's mill `times` times through the API (with
 * the page's session), ending unblocked: each is an audited change of the mill.
 */
async function toggleClientBlock(page: Page, times: number) {
  await page.evaluate(async (count) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' };
    const call = async (url: string, init: RequestInit = {}) => (await fetch(url, { ...init, headers })).json();
    const me = (await call('/api/users/me')) as { mills: { id: number }[] };
    const millId = me.mills[0]!.id;
    const clients = (await call(`/api/mills/${millId}/clients?status=active&_limit=100`)) as {
      data: { id: number; confirmed: boolean; blockedBySystem: boolean }[];
    };
    const client = clients.data.find((c) => c.confirmed && !c.blockedBySystem)!;
    for (let i = 0; i < count; i++) {
      const body = JSON.stringify({ userId: client.id, blockedByMill: i % 2 === 0 });
      await call(`/api/mill/${millId}/updateLabBlockStatus`, { method: 'POST', body });
    }
  }, times * 2);
}

describe('the audit trail', () => {
  it('keeps its filter and page across a reload, goes back with the back button, and exports the filter as CSV', async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'admin@demo-mill.test');
    await page.waitForURL((url) => url.pathname.startsWith('/mill'));
    await toggleClientBlock(page, 6);
    // Five entries a page, so the six blocks make two pages.
    await page.evaluate(() => localStorage.setItem('pageSize', '5'));

    await page.goto('/mill/welcome');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('link', { name: 'Audit trail' }).click();
    await page.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor();
    await page.getByLabel('Action').selectOption('client.blocked');
    await page.waitForURL((url) => url.searchParams.get('action') === 'client.blocked');
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.has('after'));
    await page.getByText('Page 2').waitFor();
    const secondPage = page.url();

    await page.reload();
    await page.getByText('Page 2').waitFor();
    expect(page.url()).toBe(secondPage);
    expect(await page.getByLabel('Action').inputValue()).toBe('client.blocked');
    // At 360 px the entries are cards: only blocks, none of the unblocks.
    const cards = page.getByRole('list', { name: 'Audit trail' }).getByRole('listitem');
    expect(await cards.filter({ hasText: 'Client blocked' }).count()).toBeGreaterThan(0);
    expect(await cards.filter({ hasText: 'Client unblocked' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goBack();
    await page.getByText('Page 1').waitFor();
    expect(new URL(page.url()).searchParams.get('action')).toBe('client.blocked');
    expect(new URL(page.url()).searchParams.has('after')).toBe(false);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('audit-trail.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split('\n').slice(1);
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(lines.every((line) => line.includes(',client.blocked,'))).toBe(true);
    await page.context().close();
  });
});
