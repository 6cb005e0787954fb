import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../apps/api/src/db/seed/demo-two-factor.ts';
import { currentTotp } from '../apps/api/src/modules/two-factor/two-factor.rules.ts';
import { DEMO_PASSWORD, field, launchBrowser, newPage, openHome, signIn, signOut } from './browser.ts';

/**
 * Passkeys (ADR 0023) as a person meets them, in Chromium with a virtual authenticator of the
 * DevTools protocol standing in for the laptop's fingerprint reader: it answers every prompt at
 * once, with the user verified. The portal's relying party is PUBLIC_URL's (global-setup.ts), the
 * origin this browser opens, so the server's origin and rpId checks run as in production.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * A page whose browser holds a platform authenticator with fingerprint (discoverable keys, verified
 * user), and a look at the keys it stores.
 */
async function pageWithAuthenticator() {
  const page = await newPage(browser);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const keysOnDevice = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
  return { page, keysOnDevice };
}

/**
 * The admin's code: two-factor.e2e.ts signs the same account in, and the server takes each 30-second
 * step once and only newer ones. The previous step first (it blocks no later run), then newer ones.
 */
async function enterAdminCode(page: Page) {
  const step = page.getByRole('dialog', { name: 'Two-factor sign-in' });
  for (const offset of [-30_000, 0, 30_000]) {
    await field(step, 'Code from the authenticator app').fill(currentTotp(DEMO_TOTP_SECRET, Date.now() + offset));
    await step.getByRole('button', { name: 'Sign in', exact: true }).click();
    const signedIn = await page
      .waitForURL((url) => url.pathname.startsWith('/mill'), { timeout: 3_000 })
      .then(
        () => true,
        () => false,
      );
    if (signedIn) return;
  }
  throw new Error('no code of the demo secret was accepted');
}

async function addPasskey(page: Page, name: string) {
  await page.goto('/mill/account?tab=settings');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await field(dialog, 'Name').fill(name);
  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Create passkey' }).click();
  await page.getByText('The passkey was added').waitFor();
  await section
    .getByRole('listitem', { name })
    .getByText(/not used yet/)
    .waitFor();
}

/** From the public home, without typing an email or a password. */
async function signInWithPasskey(page: Page) {
  await openHome(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click();
  return dialog;
}

async function removePasskey(page: Page, name: string) {
  await page.goto('/mill/account?tab=settings');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('button', { name: `Remove ${name}` }).click();
  const question = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await question.getByText(`“${name}” will no longer sign you in.`).waitFor();
  await question.getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByText('The passkey was removed').waitFor();
  return section;
}

/** The second step of a password sign-in, answered by the passkey; `withCode`: whether a code field is offered beside it. */
async function confirmWithPasskey(page: Page, withCode: boolean) {
  const step = page.getByRole('dialog', { name: 'Two-factor sign-in' });
  await step.getByText('Confirm with one of your passkeys.').waitFor();
  expect(await step.getByRole('textbox', { name: 'Code from the authenticator app' }).count()).toBe(withCode ? 1 : 0);
  await step.getByRole('button', { name: 'Use a passkey' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/mill'));
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

describe('passkeys', () => {
  it('adds one on the account page, signs in with it alone or after the password, and refuses it clearly once removed', async () => {
    const { page, keysOnDevice } = await pageWithAuthenticator();
    await signIn(page, 'user@demo-mill.test');
    await page.waitForURL((url) => url.pathname.startsWith('/mill'));
    await addPasskey(page, 'Work laptop');
    await signOut(page);

    await signInWithPasskey(page);
    await page.waitForURL((url) => url.pathname.startsWith('/mill'));
    expect(await token(page)).toEqual(expect.any(String));
    await page.goto('/mill/account?tab=settings');
    await page
      .getByRole('region', { name: 'Passkeys' })
      .getByRole('listitem', { name: 'Work laptop' })
      .getByText(/last used/)
      .waitFor();
    await signOut(page);

    // A passkey is a second factor: the password alone no longer signs this account in (no code to offer here).
    await signIn(page, 'user@demo-mill.test');
    await confirmWithPasskey(page, false);

    const section = await removePasskey(page, 'Work laptop');
    await section.getByText('You have no passkeys yet.').waitFor();
    await signOut(page);

    // The authenticator still holds the key; the portal no longer knows it, says so, and asks the device to forget it.
    expect(await keysOnDevice()).toBe(1);
    const dialog = await signInWithPasskey(page);
    await dialog
      .getByText('This passkey is not known here (it may have been removed). Sign in with your password or another passkey.')
      .waitFor();
    expect(await token(page)).toBeNull();
    await expect.poll(keysOnDevice).toBe(0);
    await page.context().close();
  });

  it('is the second factor, beside the authenticator app, of an account that requires one', async () => {
    const { page } = await pageWithAuthenticator();
    await signIn(page, 'admin@secure-mill.test');
    await enterAdminCode(page);
    await addPasskey(page, 'Office PC');
    await signOut(page);

    await signIn(page, 'admin@secure-mill.test');
    await confirmWithPasskey(page, true);
    expect(await token(page)).toEqual(expect.any(String));
    // As seeded again, for two-factor.e2e.ts.
    await removePasskey(page, 'Office PC');
    await page.context().close();
  });
});
