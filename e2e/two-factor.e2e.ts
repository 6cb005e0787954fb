import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await step.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/mill'));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toEqual(expect.any(String));
    await page.context().close();
  });
});
