import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { crownMesh } from '../apps/api/src/db/seed/demo-meshes.ts';
import { launchBrowser, signIn } from './browser.ts';

/**
 * Issue 10: the mill and lab journeys on a phone (390×844). On every page: nothing scrolls
 * sideways, and the language picker and the user menu's Sign out can be reached on screen.
 */
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let work: string;
beforeAll(async () => {
  browser = await launchBrowser();
  work = await mkdtemp(path.join(os.tmpdir(), 'casebridge-e2e-phone-'));
});
afterAll(async () => {
  await browser.close();
  await rm(work, { recursive: true, force: true });
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    locale: 'en-GB',
    viewport: PHONE,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** The document is no wider than the window: nothing hides off to the side. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

/** Shown, and wholly inside the window (polled: a menu is placed a moment after it opens). */
async function expectOnScreen(locator: Locator) {
  await locator.waitFor();
  const inside = async () => {
    const box = await locator.boundingBox();
    return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height;
  };
  await expect.poll(inside, { timeout: 5000 }).toBe(true);
}

/** The user menu's Sign out, and the language picker behind the menu button, are within reach. */
async function expectHeaderReachable(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await expectOnScreen(page.getByRole('menuitem', { name: 'Sign out' }));
  await page.keyboard.press('Escape');
  await page.getByRole('menuitem', { name: 'Sign out' }).waitFor({ state: 'hidden' });

  const menuButton = page.getByRole('button', { name: 'Toggle navigation' });
  await menuButton.tap();
  await expectLanguageListOpens(page);
  await expectNoSidewaysScroll(page);
  await menuButton.tap();
  await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');
}

/**
 * Issue 24 item 23: a finger's tap (touch events, as a phone sends them) on the language picker in
 * the navigation drawer reaches it (nothing lies over it) and opens its list of every language.
 * The list is the browser's own picker, drawn outside the page (so never in a screenshot): `:open`
 * is how the page sees it shown.
 */
async function expectLanguageListOpens(page: Page) {
  const picker = page.getByRole('combobox', { name: 'Language' });
  await expectOnScreen(picker);
  const box = (await picker.boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('aria-label'), {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(hit).toBe('Language');
  const listShown = () => picker.evaluate((element) => element.matches(':open'));
  expect(await listShown()).toBe(false);
  await picker.tap();
  await expect.poll(listShown).toBe(true);
  expect(await picker.locator('option').allTextContents()).toEqual(['Deutsch', 'English', 'Italiano', 'Français', 'Español', 'Polski']);
  await page.keyboard.press('Escape');
  await expect.poll(listShown).toBe(false);
}

/** Toasts open just below the header: clear of its controls (defect 11) and of the buttons at the foot of forms (issue 24 item 19). */
async function expectToastBelowHeader(toast: Locator) {
  // Polled: the toast slides in from above.
  await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(60);
  expect((await toast.boundingBox())!.y).toBeLessThan(PHONE.height / 2);
}

describe('on a phone (390×844)', () => {
  it('a visitor reaches About us, Contact and Desktop app from the menu (issue 24 item 8)', async () => {
    const page = await phonePage();
    await page.goto('/');
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    const menu = page.getByRole('button', { name: 'Menu' });
    for (const [name, path] of [
      ['About us', '/about-us'],
      ['Contact', '/contact'],
      ['Desktop app', '/desktop-app'],
    ] as const) {
      // The wide header's links are hidden below the phone breakpoint: the menu is the way there.
      expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);
      await menu.click();
      const link = page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name, exact: true });
      await expectOnScreen(link);
      await expectOnScreen(page.getByRole('navigation', { name: 'Site' }).getByRole('combobox', { name: 'Language' }));
      await expectNoSidewaysScroll(page);
      await link.click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
      await expectNoSidewaysScroll(page);
    }
    await page.context().close();
  });

  it('the mill opens an order, changes a component status and answers a message', async () => {
    const page = await phonePage();
    await page.goto('/');
    await expectNoSidewaysScroll(page);
    await signIn(page, 'admin@demo-mill.test');
    await page.waitForURL((url) => url.pathname === '/mills/projects');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page
      .getByRole('button', { name: /^Show components of / })
      .first()
      .waitFor();
    await expectNoSidewaysScroll(page);
    await expectHeaderReachable(page);

    // Each order is a card whose actions are on screen without a swipe.
    await expectOnScreen(page.getByRole('button', { name: /^Download all documents of / }).first());
    await page
      .getByRole('button', { name: /^Show components of / })
      .first()
      .click();
    await page
      .getByRole('list', { name: /^Components of / })
      .first()
      .getByRole('link')
      .first()
      .click();
    await page.waitForURL((url) => /\/mills\/projects\/\d+\/components\/\d+$/.test(url.pathname));
    const status = page
      .getByRole('textbox', { name: 'Status' })
      .or(page.getByRole('combobox', { name: 'Status' }))
      .first();
    await status.waitFor();
    await expectNoSidewaysScroll(page);
    await expectHeaderReachable(page);

    const next = (await status.inputValue()) === 'Closed' ? 'Open' : 'Closed';
    await status.click();
    await page.getByRole('option', { name: next }).click();
    const toast = page.getByText('Component updated').first();
    await toast.waitFor();
    await expectToastBelowHeader(toast);
    await expectNoSidewaysScroll(page);

    const answer = `Milled on the go ${Date.now()}.`;
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill(answer);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(answer).first().waitFor();
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .waitFor();
    await expectNoSidewaysScroll(page);
    await expectOnScreen(page.getByRole('button', { name: /^Delete / }).first());
    await page.context().close();
  });

  it('the lab sends a new order with a file', async () => {
    const orderName = `Phone case ${Date.now()}`;
    const scan = path.join(work, 'phone-scan.stl');
    await writeFile(scan, crownMesh());
    const page = await phonePage();
    await signIn(page, 'lab@demo-lab.test');
    await page.waitForURL((url) => url.pathname !== '/');
    await page.goto('/lab/projects');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectHeaderReachable(page);

    await page.goto('/lab/projects/new');
    await page.getByRole('textbox', { name: 'Order name' }).fill(orderName);
    await expectNoSidewaysScroll(page);
    await expectHeaderReachable(page);
    await page.getByRole('textbox', { name: 'Component name' }).fill('Crown 36');
    await page.locator('input[type=file]:not([webkitdirectory])').first().setInputFiles(scan);
    await page.getByText('phone-scan.stl').first().waitFor();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Send order' }).click();
    await page.waitForURL((url) => url.pathname === '/lab/projects');
    await page.getByText(orderName).first().waitFor();
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });
});
