import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, launchBrowser, linkFromOutbox, newPage, signIn } from './browser.ts';

/** Issue 4's journey: a mill brings a new lab on board, blocks it, and registers licence keys. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('mill administration', () => {
  const labEmail = `ivy-${Date.now()}@new-lab.test`;

  it('invites a new lab, which creates its account from the mail and lands on the mill welcome page; then the mill blocks it', async () => {
    const mill = await newPage(browser);
    await signIn(mill, 'admin@demo-mill.test');
    await mill.waitForURL((url) => url.pathname === '/mills/projects');
    await mill.goto('/mills/clients');
    await mill.getByRole('button', { name: 'Add client' }).click();
    const add = mill.getByRole('dialog', { name: 'Add client' });
    await field(add, 'First name').fill('Ivy');
    await field(add, 'Last name').fill('Invite');
    await field(add, 'Email').fill(labEmail);
    await field(add, 'Activation message').fill('Welcome to Demo Mill!');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    const instructions = mill.getByRole('dialog', { name: 'Activation instructions' });
    await instructions.waitFor();
    await instructions.getByText('Welcome to Demo Mill!').first().waitFor();
    await mill.keyboard.press('Escape');

    const lab = await newPage(browser);
    await lab.goto(await linkFromOutbox(labEmail, 'activation='));
    const create = lab.getByRole('dialog', { name: 'Create your account' });
    await create.waitFor();
    // The dialog opens at once; the invited address arrives from the server a moment later.
    await expect.poll(() => field(create, 'Email').inputValue()).toBe(labEmail);
    await field(create, 'Password').fill('ivy-has-a-long-password');
    await field(create, 'Company name').fill('Ivy Dental Lab');
    await create.getByRole('button', { name: 'Create account' }).click();
    await lab.waitForURL((url) => /^\/\d+\/lab\/home$/.test(url.pathname));
    await lab.getByRole('heading', { name: 'Welcome', level: 1 }).waitFor();
    await lab.getByText('Demo Mill').first().waitFor();

    await mill.reload();
    await mill.getByRole('button', { name: 'Block Ivy Invite' }).click();
    // Blocking asks first (a destructive action); nothing changes until it is confirmed.
    await mill.getByRole('dialog', { name: 'Block client' }).getByRole('button', { name: 'Block', exact: true }).click();
    await mill.getByRole('button', { name: 'Unblock Ivy Invite' }).waitFor();
    await lab.reload();
    await lab.getByText('Access blocked').first().waitFor();
    await mill.context().close();
    await lab.context().close();
  });

  it('refuses a licence key in a bad format, then registers a good one', async () => {
    const page = await newPage(browser);
    await signIn(page, 'admin@demo-mill.test');
    await page.waitForURL((url) => url.pathname === '/mills/projects');
    await page.goto('/mill/settings?tab=license-keys');
    await page.getByRole('button', { name: 'Add licence key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add licence key' });
    await field(dialog, 'Licence key').fill('ABCDE-12345');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Invalid Key Format').waitFor();
    const key = `E2E${String(Date.now()).slice(-2)}-ABCDE-12345-FGHIJ-KLMNO`;
    await field(dialog, 'Licence key').fill(key.toLowerCase());
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('cell', { name: key, exact: true }).waitFor();
    await page.context().close();
  });
});
