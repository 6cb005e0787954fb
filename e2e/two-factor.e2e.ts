import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../apps/api/src/db/seed/demo-two-factor.ts';
import { currentTotp } from '../apps/api/src/modules/two-factor/two-factor.rules.ts';
import { field, launchBrowser, newPage, signIn, signOut } from './browser.ts';

/**
 * Two-factor sign-in (ADR 0020) as a person meets it: Secure Mill requires it, so its user (who has
 * no authenticator) enrols at sign-in from the shown secret, keeps the recovery codes, signs out, and
 * signs in again with a code. The test plays the authenticator app from the secret on the screen.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('two-factor sign-in', () => {
  it('enrols at a sign-in that requires it, then signs in with a code', async () => {
    const page = await newPage(browser);
    await signIn(page, 'user@secure-mill.test');
    const dialog = page.getByRole('dialog', { name: 'Two-factor sign-in' });
    await dialog.getByRole('img', { name: 'QR code to add CaseBridge to an authenticator app' }).waitFor();
    const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const at = Date.now();
    await field(dialog, 'Code from the authenticator app').fill(currentTotp(secret, at));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const codes = (await dialog.getByTestId('recovery-codes').textContent())!.trim().split('\n');
    expect(codes).toHaveLength(10);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/mill'));
    await signOut(page);

    await signIn(page, 'user@secure-mill.test');
    const step = page.getByRole('dialog', { name: 'Two-factor sign-in' });
    // The next step's code: the one just used for enrolling is refused within its window.
    await field(step, 'Code from the authenticator app').fill(currentTotp(secret, at + 30_000));
    await step.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/mill'));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toEqual(expect.any(String));
    await page.context().close();
  });

  // After the journey above: user@secure-mill.test has an authenticator now, which the admin resets.
  it('lets the mill admin require it (confirmed) and reset a member’s factor, who then enrols again (360 px)', async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, 'admin@secure-mill.test');
    const step = page.getByRole('dialog', { name: 'Two-factor sign-in' });
    await field(step, 'Code from the authenticator app').fill(currentTotp(DEMO_TOTP_SECRET));
    await step.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/mill'));

    await page.goto('/mill/settings?tab=users');
    const requirement = page.getByRole('switch', { name: /^Require two-factor sign-in for all staff of this mill/ });
    await expect.poll(() => requirement.isChecked()).toBe(true);
    // Off and on again, each after its question; the count names who has no authenticator yet.
    await requirement.click({ force: true });
    const stop = page.getByRole('dialog', { name: 'Stop requiring two-factor sign-in?' });
    await stop.getByRole('button', { name: 'Stop requiring it' }).click();
    await expect.poll(() => requirement.isChecked()).toBe(false);
    // A click while the question is still fading out lands on its overlay, not on the switch.
    await stop.waitFor({ state: 'hidden' });
    await requirement.click({ force: true });
    const ask = page.getByRole('dialog', { name: 'Require two-factor sign-in?' });
    await ask.getByText(/Everyone it concerns who has no authenticator app yet/).waitFor();
    await ask.getByRole('button', { name: 'Require it' }).click();
    await expect.poll(() => requirement.isChecked()).toBe(true);
    await page.getByText('All staff have set up two-factor sign-in.').waitFor();

    // Sina Staff is user@secure-mill.test (the admin's own row has no reset).
    await page.getByRole('button', { name: 'Reset the second factor of Sina Staff' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset second factor?' });
    await reset.getByText(/must set up two-factor sign-in again/).waitFor();
    await reset.getByRole('button', { name: 'Reset second factor' }).click();
    await page.getByText(/staff member has not set up two-factor sign-in yet/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await signOut(page);

    // The member's next sign-in asks them to enrol before anything else.
    await signIn(page, 'user@secure-mill.test');
    const enrol = page.getByRole('dialog', { name: 'Two-factor sign-in' });
    await enrol.getByText('Your organisation requires two-factor sign-in. Set up an authenticator app to continue.').waitFor();
    await enrol.getByTestId('totp-secret').waitFor();
    await page.context().close();
  });
});
