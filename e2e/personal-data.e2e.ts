import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, field, launchBrowser, linkFromOutbox, newPage, signIn, signOut } from './browser.ts';

/** Issue 28 part 4: a lab takes its data (export by mail) and erases it (account deletion). */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const email = `pia-${Date.now()}@private-lab.test`;
const password = 'pia-has-a-long-password';

/** The demo mill invites a new lab through the API: this journey deletes the account it creates. */
async function inviteLab(): Promise<void> {
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${inject('baseUrl')}/api${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const signedIn = await api('/auth/local', {
    method: 'POST',
    body: JSON.stringify({ identifier: 'admin@demo-mill.test', password: DEMO_PASSWORD }),
  });
  const { jwt } = (await signedIn.json()) as { jwt: string };
  const authorization = { authorization: `Bearer ${jwt}` };
  const me = (await (await api('/users/me', { headers: authorization })).json()) as { mills: { id: number }[] };
  const body = { firstName: 'Pia', lastName: 'Private', email, activationMessage: 'Welcome!' };
  const added = await api(`/mills/${me.mills[0]!.id}/clients`, { method: 'POST', headers: authorization, body: JSON.stringify(body) });
  expect(added.status).toBe(200);
}

async function createAccount(page: Page) {
  await page.goto(await linkFromOutbox(email, 'activation='));
  const create = page.getByRole('dialog', { name: 'Create your account' });
  await expect.poll(() => field(create, 'Email').inputValue()).toBe(email);
  await field(create, 'Password').fill(password);
  await field(create, 'Company name').fill('Pia Private Lab');
  await create.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => /^\/\d+\/lab\/home$/.test(url.pathname));
}

describe('personal data', () => {
  it('exports the data by mail and downloads the ZIP once, then deletes the account, after which signing in is refused', async () => {
    await inviteLab();
    const page = await newPage(browser);
    // A phone-sized screen: the section and its dialog must work at 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    await createAccount(page);

    await page.goto('/lab/account?tab=settings');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.getByRole('button', { name: 'Download my data' }).click();
    await page.getByText('Requested. You will receive a mail when your data is ready.').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const link = await linkFromOutbox(email, '/data-export/', 20_000);
    // The link opened signed out asks for the sign-in, then opens itself.
    await signOut(page);
    await page.goto(link);
    const signInDialog = page.getByRole('dialog', { name: 'Sign in' });
    await field(signInDialog, 'Email').fill(email);
    await field(signInDialog, 'Password').fill(password);
    await signInDialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(new URL(link).pathname);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the ZIP file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^casebridge-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    // A ZIP (local header signature) that names the README and the profile.
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(bytes.includes(Buffer.from('casebridge-data/README.txt'))).toBe(true);
    expect(bytes.includes(Buffer.from(email))).toBe(true);
    // The link works once.
    await page.reload();
    await page.getByRole('button', { name: 'Download the ZIP file' }).click();
    await page.getByText('This link was used already or has expired.', { exact: false }).waitFor();

    await page.goto('/lab/account?tab=settings');
    await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('heading', { name: 'Your account is deleted' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await signIn(page, email, password);
    await page.getByRole('dialog', { name: 'Sign in' }).getByText('Email or password is incorrect.').waitFor();
    await page.context().close();
  });
});
