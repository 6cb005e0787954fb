import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { field, launchBrowser, linkFromOutbox, newPage, openHome, signIn, signOut } from './browser.ts';

/** The account journeys of the foundation, clicked through as a person would. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('each demo role signs in and lands on its own page', () => {
  const cases = [
    // Demo Mill has orders, so its users land on the orders list (spec §2).
    { email: 'admin@demo-mill.test', path: '/mills/projects', heading: 'Orders' },
    { email: 'user@demo-mill.test', path: '/mills/projects', heading: 'Orders' },
    { email: 'lab@demo-lab.test', path: '/lab/account', heading: 'Company information' },
    { email: 'manager@casebridge.test', path: '/manager', heading: 'Manager dashboard' },
    { email: 'dealer@demo-dealer.test', path: '/dealer', heading: 'Dealer dashboard' },
  ];
  for (const { email, path, heading } of cases) {
    it(email, async () => {
      const page = await newPage(browser);
      await signIn(page, email);
      await page.waitForURL((url) => url.pathname === path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(heading);
      // A guard sends a user who types another role's address back to their own home.
      await page.goto('/manager');
      if (path !== '/manager') await page.waitForURL((url) => url.pathname === path);
      await signOut(page);
      await expect.poll(() => new URL(page.url()).pathname).not.toBe(path);
      await page.context().close();
    });
  }
});

describe('sign-up, confirmation and password reset', () => {
  const email = `new-mill-${Date.now()}@example.test`;
  const password = 'my-first-long-password';
  const newPassword = 'my-second-long-password';

  it('signs up with an activation key, confirms by mail and lands signed in', async () => {
    const page = await newPage(browser);
    await openHome(page);
    await page.getByRole('button', { name: 'Sign up', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Sign up' });
    await field(dialog, 'First name').fill('Nora');
    await field(dialog, 'Last name').fill('Newmill');
    await field(dialog, 'Email').fill(email);
    await field(dialog, 'Password').fill(password);
    await field(dialog, 'Activation key').fill(inject('activationKeys')[0]!);

    // Without the agreements the form does not submit and shows red crosses.
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => dialog.getByRole('img', { name: 'Not accepted' }).count()).toBe(2);
    await dialog.getByRole('checkbox', { name: /Terms of service/ }).check();
    await dialog.getByRole('checkbox', { name: /Data processing agreement/ }).check();
    await expect.poll(() => dialog.getByRole('img', { name: 'Accepted' }).count()).toBe(2);
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('dialog', { name: 'Check your mailbox' }).waitFor();

    const link = await linkFromOutbox(email, 'confirmation=');
    await page.goto(link);
    // The agreements ticked at sign-up are its policy consent: no consent dialog follows.
    // The new mill is asked to complete its company information.
    await page.waitForURL((url) => url.pathname === '/mill/settings');
    await page.getByText('Please update company information first.').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    await field(page, 'Company name').fill('Nora Milling GmbH');
    await field(page, 'Email').fill('office@nora-milling.test');
    await field(page, 'VAT number').fill('DE111222333');
    await field(page, 'Street').fill('Werkstraße 3');
    await field(page, 'ZIP code').fill('10115');
    await field(page, 'City').fill('Berlin');
    await field(page, 'Phone').fill('4930123456');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/mill/welcome', { timeout: 10_000 });
    await page.context().close();
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    const page = await newPage(browser);
    await openHome(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot password' });
    await field(forgot, 'Email').fill(email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('If an account exists for this address').waitFor();

    await page.goto(await linkFromOutbox(email, 'code='));
    const reset = page.getByRole('dialog', { name: 'Reset password' });
    await field(reset, 'Password').fill(newPassword);
    await field(reset, 'Confirm password').fill(newPassword);
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((url) => url.pathname === '/mill/welcome');
    await signOut(page);

    await signIn(page, email, password);
    await page.getByRole('dialog', { name: 'Sign in' }).getByText('Email or password is incorrect.').waitFor();
    await signIn(page, email, newPassword);
    await page.waitForURL((url) => url.pathname === '/mill/welcome');
    await page.context().close();
  });
});

describe('language', () => {
  it('switches the interface language and keeps it after a reload', async () => {
    const page = await newPage(browser);
    await openHome(page);
    // A native select (issue 10): the phone's own picker.
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
    await page.getByRole('button', { name: 'Anmelden', exact: true }).first().waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Anmelden', exact: true }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
    await page.context().close();
  });
});
