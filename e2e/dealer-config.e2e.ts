import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.ts';

/**
 * Issue 14 item 3: the demo dealer's manager (an admin-type user, ADR 0020) tests the root's
 * FixedJson configuration for one of its tickets, validates, views the result, verifies its
 * components and pushes a changed draft to production; the platform manager picks the dealer
 * whose configuration it tests.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('installation configuration test', () => {
  it('a dealer tests a FixedJson configuration for a ticket, validates, views the result, verifies and pushes it to production', async () => {
    const page = await newPage(browser);
    await signIn(page, 'manager@demo-dealer.test');
    await page.waitForURL((url) => url.pathname === '/dealer');

    // A ticket of the root dealer itself, from its ticket desk.
    await page.goto('/dealer/tickets');
    await page.getByText(/^\d+ tickets found$/).waitFor();
    const rootRow = page.getByRole('row').filter({ hasText: 'DD-ROOT' }).first();
    const key = (await rootRow.getByRole('checkbox', { name: /^Select ticket / }).getAttribute('aria-label'))!.replace(
      'Select ticket ',
      '',
    );
    expect(key).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/);

    // Demo Dealer may use its own configurations: the frame links the config test.
    await page.getByRole('link', { name: 'Config test view' }).first().click();
    await page.waitForURL((url) => url.pathname === '/dealer/config/result');
    await page.getByRole('heading', { level: 1, name: 'Configuration test' }).waitFor();
    await page.getByLabel('Configuration type FixedJson').waitFor();

    // A malformed ticket id is refused on the spot.
    const ticket = page.getByRole('textbox', { name: 'Ticket id' });
    await ticket.fill('ABCDE-12345');
    await page.getByRole('button', { name: 'View result' }).click();
    await page.getByText('Invalid ticket format. Expected format: ABCDE-12345-FGHIJ-KLMNO-PQRST').waitFor();

    // Validate the draft, then view what the installer of the ticket receives in test mode.
    await page.getByRole('button', { name: 'Validate JSON' }).click();
    await page.getByText('Valid JSON: the draft has been formatted.').waitFor();
    await ticket.fill(key);
    await page.getByRole('button', { name: 'View result' }).click();
    const result = page.getByRole('region', { name: 'What the installer receives' });
    await result.getByText(`Ticket ${key} of dealer DD-ROOT: the dealer’s own configuration, FixedJson, draft, initial call.`).waitFor();
    expect(await result.getByTestId('installer-configuration').textContent()).toContain('"showLicenceDialog": true');

    // Verify the products' components against the demo component file.
    await page.getByRole('button', { name: 'Verify result' }).click();
    await page.getByText('All components are known').waitFor();

    // Change the draft, then push it to production after the confirmation.
    const draft = page.getByRole('textbox', { name: 'Draft configuration (JSON)' });
    const changed = (await draft.inputValue()).replace('"channel": "stable"', '"channel": "beta"');
    expect(changed).toContain('"channel": "beta"');
    await draft.fill(changed);
    await page.getByRole('button', { name: 'Ready for production' }).click();
    const confirm = page.getByRole('dialog', { name: 'Push to production?' });
    await confirm.getByRole('button', { name: 'Ready for production' }).click();
    await page.getByText('The configuration is now in production.').first().waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Production configuration (JSON)' }).inputValue())
      .toContain('"channel": "beta"');

    // In production mode the installer now receives it.
    // By keyboard: the push's toast may lie over the switch, and a forced click would land on the toast.
    const testMode = page.getByRole('switch', { name: 'Test mode' });
    await testMode.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => testMode.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'View result' }).click();
    await result
      .getByText(`Ticket ${key} of dealer DD-ROOT: the dealer’s own configuration, FixedJson, production, initial call.`)
      .waitFor();
    expect(await result.getByTestId('installer-configuration').textContent()).toContain('"channel": "beta"');
    await page.context().close();
  });

  it('the platform manager, who has no dealer of its own, picks a dealer and tests its configuration for one of its tickets', async () => {
    const page = await newPage(browser);
    await signIn(page, 'manager@casebridge.test');
    await page.waitForURL((url) => url.pathname === '/manager');

    // A ticket of the root dealer, from the manager's desk filtered to that dealer.
    await page.goto('/manager/tickets');
    await page.getByRole('combobox', { name: 'Dealer' }).selectOption({ label: 'DD-ROOT – Demo Dealer' });
    const rootRow = page.getByRole('row').filter({ hasText: 'DD-ROOT' }).first();
    const key = (await rootRow.getByRole('checkbox', { name: /^Select ticket / }).getAttribute('aria-label'))!.replace(
      'Select ticket ',
      '',
    );

    await page.getByRole('link', { name: 'Config test view' }).first().click();
    await page.waitForURL((url) => url.pathname === '/manager/dealer/config-test');
    await page.getByText('Choose the dealer whose configuration you want to test.').waitFor();
    const dealer = page
      .getByRole('main')
      .getByRole('textbox', { name: 'Dealer' })
      .or(page.getByRole('main').getByRole('combobox', { name: 'Dealer' }))
      .first();
    await dealer.fill('DD-ROOT');
    await page.getByRole('option', { name: 'DD-ROOT · Demo Dealer' }).click();
    // The dealer stays in the address, so the page can be linked and reloaded.
    await page.waitForURL((url) => /^\d+$/.test(url.searchParams.get('dealerId') ?? ''));
    await page.getByLabel('Configuration type FixedJson').waitFor();

    await page.getByRole('textbox', { name: 'Ticket id' }).fill(key);
    await page.getByRole('button', { name: 'View result' }).click();
    const result = page.getByRole('region', { name: 'What the installer receives' });
    await result.getByText(`Ticket ${key} of dealer DD-ROOT: the dealer’s own configuration, FixedJson, draft, initial call.`).waitFor();
    await page.getByRole('button', { name: 'Verify result' }).click();
    await page.getByText('All components are known').waitFor();
    await page.context().close();
  });
});
