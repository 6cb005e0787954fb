import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, newPage, signIn } from './browser.ts';

/**
 * Issue 14 item 4: the demo dealer's settings page previews its next expiry reminder in the
 * dealer's language, and the preview follows a changed lead time once it is saved.
 */
const DEALER = 'dealer@demo-dealer.test';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // The other journeys meet the demo dealer as seeded: English, reminders 10 days ahead.
  const login = await fetch(`${inject('baseUrl')}/api/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: DEALER, password: DEMO_PASSWORD }),
  });
  const { jwt } = (await login.json()) as { jwt: string };
  await fetch(`${inject('baseUrl')}/api/users/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ language: 'en', ticketExpiryReminderDays: 10 }),
  });
  await browser.close();
});

/** Picks an option of one of the settings form's selects (Mantine's listbox, not the header's native language select). */
async function choose(page: Page, label: string, option: string) {
  const form = page.locator('form');
  await form
    .getByRole('textbox', { name: label })
    .or(form.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

const rowsOf = (page: Page, stage: string) => page.getByRole('table', { name: stage }).locator('tbody tr').count();

describe('ticket expiry reminders', () => {
  it('the dealer previews its next reminder in its language, and the preview follows a saved lead time', async () => {
    const page = await newPage(browser);
    await signIn(page, DEALER);
    await page.waitForURL((url) => url.pathname === '/dealer');
    await page.goto('/dealer/settings');
    await page.getByRole('heading', { name: 'Next reminder' }).waitFor();

    // The dealer's language is German: saving it reloads the page in German, preview included.
    await choose(page, 'Language', 'Deutsch');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Nächste Erinnerung' }).waitFor();
    await page.getByText(/^Ihre nächste Erinnerung geht am \d{2}\.\d{2}\.\d{4} hinaus/).waitFor();
    const tenDays = 'Laufen in den nächsten 10 Tagen ab';
    await page.getByRole('table', { name: tenDays }).waitFor();
    const within10 = await rowsOf(page, tenDays);

    // Thirty days ahead instead of ten: once saved, the preview holds the tickets of the longer window.
    await choose(page, 'Erinnern ab', '30 Tage vorher');
    await page.getByRole('button', { name: 'Speichern' }).click();
    const thirtyDays = 'Laufen in den nächsten 30 Tagen ab';
    await page.getByRole('table', { name: thirtyDays }).waitFor();
    expect(await page.getByRole('table', { name: tenDays }).count()).toBe(0);
    expect(await rowsOf(page, thirtyDays)).toBeGreaterThanOrEqual(within10);
    await page.context().close();
  });
});
