import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, newPage, signIn } from './browser.ts';

/**
 * Issue 14, item 2: the licence content lookup, public and in the dealer area, on a ticket of the
 * demo licence store (found through the API, as a dealer would read it off its desk).
 */
let browser: Browser;
let ticket: { key: string; productName: string; dongleId: string; child: { code: string; name: string } };

async function api<T>(path: string, token?: string, init: RequestInit = {}): Promise<T> {
  const headers: Record<string, string> = {
    ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
  const response = await fetch(`${inject('baseUrl')}/api${path}`, { ...init, headers });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Detail {
  code: string;
  name: string;
  children?: Detail[];
}

/** A demo ticket of the root dealer whose product has modules, so its details tree has children. */
async function demoTicket() {
  const { jwt } = await api<{ jwt: string }>('/auth/local', undefined, {
    method: 'POST',
    body: JSON.stringify({ identifier: 'dealer@demo-dealer.test', password: DEMO_PASSWORD }),
  });
  const list = await api<{ data: { id: number; key: string; hasContent: boolean }[] }>('/dealer-tickets?_q=lab%20suite&_limit=20', jwt);
  for (const row of list.data.filter((entry) => entry.hasContent)) {
    const content = await api<{ mainProductInfo: { productName: string; dongleId: string }; licenseDetails: Detail[] }>(
      `/dealer-tickets/${row.id}/content`,
      jwt,
    );
    const child = content.licenseDetails[0]?.children?.[0];
    if (child)
      return {
        key: row.key,
        productName: content.mainProductInfo.productName,
        dongleId: content.mainProductInfo.dongleId,
        child: { code: child.code, name: child.name },
      };
  }
  throw new Error('no demo ticket with licence details children');
}

beforeAll(async () => {
  browser = await launchBrowser();
  ticket = await demoTicket();
});
afterAll(async () => {
  await browser.close();
});

describe('licence content lookup', () => {
  it('an anonymous visitor on a 360 px phone looks a demo key up in lower case and opens its licence details', async () => {
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      locale: 'en-GB',
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto('/license/info');
    await page.getByRole('heading', { level: 1, name: 'Licence content' }).waitFor();
    const input = page.getByRole('textbox', { name: 'Ticket key' });
    await input.fill('ABCDE-12345');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Invalid Key Format').waitFor();

    await input.fill(ticket.key.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    const summary = page.getByRole('region', { name: 'Licence summary' });
    await summary.getByText(ticket.key, { exact: true }).waitFor();
    await summary.getByText(ticket.productName, { exact: true }).waitFor();
    await summary.getByText(ticket.dongleId, { exact: true }).waitFor();
    expect(await input.inputValue()).toBe(ticket.key);

    await page.getByRole('tab', { name: 'Licence details' }).click();
    const tree = page.getByRole('tree', { name: 'Licence details' });
    await tree.getByRole('treeitem', { name: `${ticket.child.code} ${ticket.child.name}` }).waitFor();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    // The key is kept: opening the page again shows its content without typing.
    await page.goto('/license/info');
    await page.getByRole('region', { name: 'Licence summary' }).getByText(ticket.key, { exact: true }).waitFor();
    await context.close();
  });

  it('the demo dealer opens the licence content of its ticket from a link with ?licenseKey, and finds the page in its sidebar', async () => {
    const page = await newPage(browser);
    await signIn(page, 'dealer@demo-dealer.test');
    await page.waitForURL((url) => url.pathname === '/dealer');
    await page.goto(`/dealer/license/info?licenseKey=${ticket.key}`);
    const summary = page.getByRole('region', { name: 'Licence summary' });
    await summary.getByText(ticket.productName, { exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Ticket key' }).inputValue()).toBe(ticket.key);
    await page.getByRole('tab', { name: /^Active licences \(\d+\)$/, selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Licence details' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'license-details' && url.searchParams.get('licenseKey') === ticket.key);
    await page.getByRole('treeitem', { name: `${ticket.child.code} ${ticket.child.name}` }).waitFor();

    const link = page.getByRole('navigation').getByRole('link', { name: 'Licence content' });
    expect(await link.getAttribute('aria-current')).toBe('page');
    await page.context().close();
  });

  it('the manager finds the lookup on its home page and looks up any dealer’s ticket', async () => {
    const page = await newPage(browser);
    await signIn(page, 'manager@casebridge.test');
    await page.waitForURL((url) => url.pathname === '/manager');
    await page
      .getByRole('list', { name: 'Manager views' })
      .getByRole('link', { name: /Licence lookup/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/manager/license/info');
    await page.getByRole('textbox', { name: 'Ticket key' }).fill(ticket.key);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('region', { name: 'Licence summary' }).getByText(ticket.dongleId, { exact: true }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('licenseKey') === ticket.key);
    await page.context().close();
  });
});
