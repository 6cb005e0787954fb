import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launchBrowser } from './browser.ts';

/**
 * Issue 10: the public home arrives prerendered (home.html) so it paints before the app's
 * scripts run; the app then hydrates it, keeping its nodes, or, for a reader the English
 * signed-out page is not for, replaces it without ever showing it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const TITLE = 'Digital dental manufacturing, exchanged in one place';

async function contextWith(language?: string): Promise<BrowserContext> {
  const baseURL = inject('baseUrl');
  const storageState = language
    ? { cookies: [], origins: [{ origin: baseURL, localStorage: [{ name: 'language', value: language }] }] }
    : undefined;
  return browser.newContext({ baseURL, locale: 'en-GB', storageState });
}

/** Counts removals of the page's h1 from the moment the document starts, before any script of the app. */
const COUNT_REMOVED_HEADINGS = `window.removedHeadings = 0;
new MutationObserver((records) => {
  for (const record of records) for (const node of record.removedNodes) {
    if (node.nodeType === 1 && (node.matches('h1') || node.querySelector('h1'))) window.removedHeadings++;
  }
}).observe(document, { subtree: true, childList: true });`;

describe('the prerendered public home', () => {
  it('shows its content with the scripts blocked', async () => {
    const context = await contextWith();
    await context.route('**/assets/*.js', (route) =>
      route.request().url().includes('prerender-guard') ? route.continue() : route.abort(),
    );
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.locator('h1').textContent()).toBe(TITLE);
    expect(await page.locator('h1').isVisible()).toBe(true);
    await context.close();
  });

  it('is taken over by the app without being painted again, and without an error', async () => {
    const context = await contextWith();
    await context.addInitScript({ content: COUNT_REMOVED_HEADINGS });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { removedHeadings: number }).removedHeadings)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is never shown to a reader of another language, who gets the page in theirs', async () => {
    const context = await contextWith('de');
    const blocked = await contextWith('de');
    await blocked.route('**/assets/*.js', (route) =>
      route.request().url().includes('prerender-guard') ? route.continue() : route.abort(),
    );
    const withoutApp = await blocked.newPage();
    await withoutApp.goto('/');
    // Before the app runs, the English page is there but hidden.
    await expect.poll(() => withoutApp.locator('html').getAttribute('data-prerender')).toBe('hidden');
    expect(await withoutApp.locator('h1').isVisible()).toBe(false);

    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Digitale Dentalfertigung, an einem Ort ausgetauscht' }).waitFor();
    expect(await page.locator('html').getAttribute('data-prerender')).toBeNull();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await Promise.all([context.close(), blocked.close()]);
  });
});
