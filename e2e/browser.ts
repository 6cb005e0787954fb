import { chromium, type Browser, type Page } from 'playwright-core';
import { afterEach, expect, inject } from 'vitest';

/** Debian's Chromium, started the way this machine allows (no sandbox as root, no network chatter). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  // Every page of every context (journeys make their own for phones and stored sessions) is watched.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', watchForRawKeys);
    return context;
  };
  return browser;
}

/** The console line of a key shown raw, as apps/web/src/lib/i18n.ts (MISSING_KEY_LOG) writes it. */
const MISSING_KEY_LOG = 'Missing translation:';
const shownKeys: string[] = [];

function watchForRawKeys(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith(MISSING_KEY_LOG))
      shownKeys.push(message.text().slice(MISSING_KEY_LOG.length).trim());
  });
}

// A raw translation key on any page a journey opened fails that journey (issue 24 item 3).
afterEach(() => {
  const shown = shownKeys.splice(0);
  if (shown.length > 0) throw new Error(`Untranslated keys shown: ${[...new Set(shown)].join(', ')}`);
});

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), locale: 'en-GB' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for the newest mail to an address in the dev outbox, and returns its first link. */
export async function linkFromOutbox(to: string, containing: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { mails } = (await (await fetch(`${inject('baseUrl')}/api/dev/mail`)).json()) as { mails: OutboxMail[] };
    const mail = mails.find((m) => m.to === to && m.text.includes(containing));
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with ${containing}`);
}

export const DEMO_PASSWORD = 'casebridge-demo';

type Scope = Pick<Page, 'getByRole'>;
export const field = (scope: Scope, name: string) => scope.getByRole('textbox', { name, exact: true });

/**
 * Opens the public home and waits until the app has taken over its prerendered HTML (home.html
 * paints before the scripts run; a click before then would land on a button with no handler yet).
 */
export async function openHome(page: Page, query = '') {
  await page.goto(`/${query}`);
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await openHome(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await field(dialog, 'Email').fill(email);
  await field(dialog, 'Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs out through the user menu and waits until the stored session is gone. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

/** A new page signed in as `email`, in its `area`, with lists at five rows a page (the user's page size). */
export async function signedInWithFiveRows(browser: Browser, email: string, area: string) {
  const page = await newPage(browser);
  await signIn(page, email);
  await page.waitForURL((url) => url.pathname.startsWith(area));
  await page.evaluate(() => localStorage.setItem('pageSize', '5'));
  return page;
}

export const urlParams = (page: Page) => new URL(page.url()).searchParams;

export interface OffsetListJourney {
  /** The rows are named `<prefix> 1` to `<prefix> 6` and sort in that order. */
  prefix: string;
  /** Whether the list has a search box, searched for the prefix; true unless said. */
  search?: boolean;
  /** A select filter, if the list has one: its label, the option chosen, and its URL parameter and value. */
  filter?: { label: string; option: string; param: string; value: string };
  /** The header of the column sorted ascending, and the URL's `sort` it writes. */
  column: RegExp;
  sort: string;
}

/**
 * An offset list at five rows a page (ADR 0024): search, a filter, a sort and page 2 survive a reload
 * in the URL and in the controls; the back button returns to page 1 and keeps the rest.
 */
export async function searchFilterSortPage(page: Page, { prefix, search = true, filter, column, sort }: OffsetListJourney) {
  if (search) {
    await page.getByLabel('Search').fill(prefix);
    await page.waitForURL((url) => url.searchParams.get('q') === prefix);
  }
  if (filter) {
    await page.getByLabel(filter.label).selectOption(filter.option);
    await page.waitForURL((url) => url.searchParams.get(filter.param) === filter.value);
  }
  await page.getByRole('columnheader', { name: column }).getByRole('button').click();
  await page.waitForURL((url) => url.searchParams.get('sort') === sort);
  const rows = page.getByRole('table').getByRole('row');
  await rows.filter({ hasText: `${prefix} 5` }).waitFor();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await page.waitForURL((url) => url.searchParams.get('page') === '2');
  await rows.filter({ hasText: `${prefix} 6` }).waitFor();
  const secondPage = page.url();

  await page.reload();
  await rows.filter({ hasText: `${prefix} 6` }).waitFor();
  expect(page.url()).toBe(secondPage);
  // Polled: twice in about 15 runs the box read empty just after the rows showed; the cause is not yet known.
  if (search) await expect.poll(() => page.getByLabel('Search').inputValue()).toBe(prefix);
  if (filter) expect(await page.getByLabel(filter.label).inputValue()).toBe(filter.value);
  expect(await page.getByRole('columnheader', { name: column }).getAttribute('aria-sort')).toBe('ascending');
  expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  expect(await rows.filter({ hasText: `${prefix} 1` }).count()).toBe(0);

  await page.goBack();
  await rows.filter({ hasText: `${prefix} 1` }).waitFor();
  const params = urlParams(page);
  expect(params.has('page')).toBe(false);
  expect([params.get('q'), params.get('sort')]).toEqual([search ? prefix : null, sort]);
  if (filter) expect(params.get(filter.param)).toBe(filter.value);
  expect(await rows.filter({ hasText: `${prefix} 6` }).count()).toBe(0);
}
