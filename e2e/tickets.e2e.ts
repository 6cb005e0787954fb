import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.ts';

/** A row action (issue 24: behind one menu button per row). */
async function rowAction(page: Page, row: Locator, key: string, item: string) {
  await row.getByRole('button', { name: `Actions for ticket ${key}` }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

/** Issue 14, slice 1: the demo root dealer works at its ticket desk. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * The arrow key moves the focus into an open menu. The menu opens with a transition, and an arrow
 * pressed before it is ready is lost, so it is pressed again until an item has the focus.
 */
async function enterMenu(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.keyboard.press('ArrowDown');
        return page.evaluate(() => document.activeElement?.getAttribute('role'));
      },
      { timeout: 5000 },
    )
    .toBe('menuitem');
}

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
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill('lab suite');
    await expect
      .poll(async () => (await page.getByText(/^\d+ tickets found$/).textContent()) !== `${total} tickets found`, { timeout: 10_000 })
      .toBe(true);
    const label = (await page
      .getByRole('checkbox', { name: /^Select ticket / })
      .first()
      .getAttribute('aria-label'))!;
    const key = label.replace('Select ticket ', '');
    expect(key).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/);
    // Searching is case-insensitive: lower case finds the upper-case key.
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill(key.toLowerCase());
    await page.getByText('1 ticket found', { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: key });

    await rowAction(page, row, key, 'Archive');
    const confirm = page.getByRole('dialog', { name: 'Archive ticket' });
    await confirm.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText(`Ticket ${key} archived`).first().waitFor();
    await row.getByText('Archived', { exact: true }).waitFor();

    // It has left the active tickets and is among the archived ones.
    await page.getByRole('combobox', { name: 'Archive state' }).selectOption('active');
    await page.getByText('0 tickets found', { exact: true }).waitFor();
    await page.getByText('No data found').waitFor();
    await page.getByRole('combobox', { name: 'Archive state' }).selectOption('archived');
    await page.getByText('1 ticket found', { exact: true }).waitFor();
    await page.context().close();
  });

  it('the demo dealer finds a ticket, assigns a customer, moves it to a sub-dealer (the customer is reset), archives two in a batch and opens its licence content', async () => {
    const page = await newPage(browser);
    await signIn(page, 'dealer@demo-dealer.test');
    await page.waitForURL((url) => url.pathname === '/dealer');
    await page.goto('/dealer/tickets');
    await page.getByText(/^\d+ tickets found$/).waitFor();
    const found = page.getByText(/^\d+ tickets? found$/);

    // An active ticket of the root dealer itself (the dealer filter would include its subtree), then found by its key.
    const rootRow = page.getByRole('row').filter({ hasText: 'DD-ROOT', hasNotText: 'Archived' }).first();
    const label = (await rootRow.getByRole('checkbox', { name: /^Select ticket / }).getAttribute('aria-label'))!;
    const key = label.replace('Select ticket ', '');
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill(key);
    await page.getByText('1 ticket found', { exact: true }).waitFor({ timeout: 10_000 });
    const row = page.getByRole('row').filter({ hasText: key });
    await row.getByText('DD-ROOT').waitFor();

    // Assign a customer through the picker: search, select; the row shows it.
    await rowAction(page, row, key, 'Assign a customer');
    const picker = page.getByRole('dialog', { name: `Customer of ticket ${key}` });
    const search = picker.getByRole('textbox', { name: 'Search customers' });
    await expect.poll(() => search.evaluate((input) => input === document.activeElement), { timeout: 5000 }).toBe(true);
    await search.fill('Keller');
    // The edit mode holds the customers' own form (handed in by the app layer); Back returns to the list.
    await picker.getByRole('button', { name: 'Edit Zahnlabor Keller, Jonas Keller' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit customer' });
    expect(await edit.getByRole('textbox', { name: /^Customer Id/ }).inputValue()).toBe('DD-C-1002');
    await edit.getByRole('button', { name: 'Back to the list' }).click();
    await picker.getByRole('button', { name: 'Select Zahnlabor Keller, Jonas Keller' }).click();
    await page.getByText(`Zahnlabor Keller, Jonas Keller assigned to ticket ${key}`).first().waitFor();
    await picker.waitFor({ state: 'hidden' });
    await row.getByText('DD-C-1002').waitFor();

    // Move it to the sub-dealer: a confirmation names the customer that is reset, then the row has none.
    await rowAction(page, row, key, 'Move to another dealer');
    const dealerPicker = page.getByRole('dialog', { name: `Move ticket ${key}` });
    await dealerPicker.getByRole('button', { name: 'Choose Demo Dealer North' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the move' });
    await confirm.getByText('Its customer Zahnlabor Keller, Keller will be reset').waitFor();
    await confirm.getByRole('button', { name: 'Move ticket', exact: true }).click();
    await page.getByText(`Ticket ${key} moved to Demo Dealer North; its customer was reset`).first().waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await row.getByText('DD-NORTH').waitFor();
    await expect.poll(() => row.getByText('DD-C-1002').count(), { timeout: 10_000 }).toBe(0);

    // Its licence content opens in a new window, on the key.
    const [info] = await Promise.all([
      page.context().waitForEvent('page'),
      row.getByRole('link', { name: `Licence content of ticket ${key} (opens in a new window)` }).click(),
    ]);
    await info.waitForLoadState();
    const url = new URL(info.url());
    expect(url.pathname).toBe('/dealer/license/info');
    expect(url.searchParams.get('licenseKey')).toBe(key);
    await info.getByRole('region', { name: 'Licence summary' }).getByText(key, { exact: true }).waitFor();
    await info.close();

    // Two active tickets of the sub-sub-dealer archived in one batch; the selection is cleared afterwards.
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill('');
    await page.getByRole('combobox', { name: 'Archive state' }).selectOption('active');
    await page.getByRole('combobox', { name: 'Dealer' }).selectOption({ label: 'DD-HAMBURG – Demo Dealer Hamburg' });
    // The cleared search lands after its debounce: wait for a page of Hamburg's tickets only.
    const rowsOf = (code: string) => page.getByRole('row').filter({ hasText: code }).count();
    await expect
      .poll(async () => (await rowsOf('DD-HAMBURG')) >= 2 && (await rowsOf('DD-ROOT')) + (await rowsOf('DD-NORTH')) === 0, {
        timeout: 10_000,
      })
      .toBe(true);
    const before = Number((await found.textContent())!.split(' ')[0]);
    const boxes = page.getByRole('checkbox', { name: /^Select ticket / });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByText('2 tickets selected').waitFor();
    await page.getByRole('button', { name: 'Archive selected', exact: true }).click();
    const batch = page.getByRole('dialog', { name: 'Archive tickets' });
    await batch.getByText('Archive 2 selected tickets?').waitFor();
    await batch.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText('2 tickets changed').first().waitFor();
    await page.getByText(`${before - 2} tickets found`, { exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('2 tickets selected').count()).toBe(0);
    await page.context().close();
  });

  it('a sub-dealer on a 360 px phone sees its subtree as cards, nothing scrolls sideways, and the keyboard reaches the archive confirmation', async () => {
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      locale: 'en-GB',
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
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
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    // A ticket the journeys above did not archive.
    const archive = page
      .getByRole('listitem')
      .filter({ hasNotText: 'Archived' })
      .first()
      .getByRole('button', { name: /^Actions for ticket / });
    await archive.focus();
    await page.keyboard.press('Enter');
    // The menu opens with the keyboard; the arrow enters it and End reaches its last item, archiving.
    await page.getByRole('menu').waitFor();
    await enterMenu(page);
    await page.keyboard.press('End');
    await expect
      .poll(() => page.getByRole('menuitem', { name: 'Archive', exact: true }).evaluate((item) => item === document.activeElement), {
        timeout: 5000,
      })
      .toBe(true);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Archive ticket' });
    // The question opens on Cancel, so a hasty Enter changes nothing.
    await expect
      .poll(() => confirm.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement), {
        timeout: 5000,
      })
      .toBe(true);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    await archive.waitFor();
    await context.close();
  });

  it('at 1366 × 800, in English and German, shows every column inside the screen, ten rows, and row actions the keyboard reaches by name', async () => {
    const context = await browser.newContext({ baseURL: inject('baseUrl'), locale: 'en-GB', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, 'dealer@demo-dealer.test');
    await page.waitForURL((url) => url.pathname === '/dealer');
    for (const { language, actions, menuOf } of [
      { language: 'en', actions: 'Actions', menuOf: 'Actions for ticket' },
      { language: 'de', actions: 'Aktionen', menuOf: 'Aktionen für Ticket' },
    ]) {
      await page.evaluate((lng) => localStorage.setItem('language', lng), language);
      await page.goto('/dealer/tickets');
      await page.getByRole('columnheader', { name: actions }).waitFor();
      await expect.poll(() => page.locator('tbody tr').count()).toBe(10);
      const layout = await page.evaluate(() => {
        const table = document.querySelector('table')!;
        const box = table.parentElement!.getBoundingClientRect();
        return {
          box: { left: box.left, right: box.right },
          scrolls: table.parentElement!.scrollWidth > table.parentElement!.clientWidth,
          headers: Array.from(table.querySelectorAll('thead th')).map((th) => ({
            text: th.textContent,
            ...JSON.parse(JSON.stringify(th.getBoundingClientRect())),
          })),
          rowBottoms: Array.from(table.querySelectorAll('tbody tr')).map((tr) => tr.getBoundingClientRect().bottom),
        };
      });
      expect(layout.scrolls, language).toBe(false);
      for (const header of layout.headers) {
        expect(header.left, `${language} ${header.text}`).toBeGreaterThanOrEqual(Math.max(0, layout.box.left) - 0.5);
        expect(header.right, `${language} ${header.text}`).toBeLessThanOrEqual(Math.min(1366, layout.box.right) + 0.5);
      }
      // The default page (10 tickets of the demo dealer's 300) fits on the screen without scrolling.
      expect(layout.rowBottoms.filter((bottom) => bottom <= 800).length, language).toBeGreaterThanOrEqual(10);

      // From a row's checkbox the keyboard reaches its licence link, then its actions, by name.
      const first = page.locator('tbody tr').first();
      const key = /[A-Z0-9]{5}(-[A-Z0-9]{5}){4}/.exec((await first.getByRole('checkbox').getAttribute('aria-label'))!)![0];
      await first.getByRole('checkbox').focus();
      const menuButton = first.getByRole('button', { name: `${menuOf} ${key}`, exact: true });
      const focused = (target: Locator) => target.evaluate((element) => element === document.activeElement);
      for (let tab = 0; tab < 4 && !(await focused(menuButton)); tab++) await page.keyboard.press('Tab');
      expect(await focused(menuButton), language).toBe(true);
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      // The arrow key enters the menu: every item has a name, and the keyboard moves between them.
      await enterMenu(page);
      const items = await menu.getByRole('menuitem').allTextContents();
      expect(items.length, language).toBeGreaterThanOrEqual(4);
      expect(items.every((name) => name.trim().length > 0)).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });
    }
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
