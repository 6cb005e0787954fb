import { stat } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field, launchBrowser, linkFromOutbox, newPage, signIn } from './browser.ts';

/**
 * Issue 11's journey: a mill admin pays for a plan through the built-in test provider's checkout,
 * sees the plan, its invoice and the header's donut, unsubscribes and resubscribes; a declined card
 * ends on the failure page and returns to the contract page.
 */
const baseUrl = () => inject('baseUrl');
const email = `contract-${Date.now()}@new-mill.test`;
const password = 'a-long-subscription-secret';

async function api<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const headers: Record<string, string> = {
    ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
  const response = await fetch(`${baseUrl()}/api${path}`, { ...init, headers });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A mill of its own on the basic plan (the demo mills' plans belong to the seed), set up through
 * the API: sign-up with an activation key the other journeys leave unused, confirmation, policy
 * consent, and the company details every checkout needs for its invoice.
 */
async function signUpMillWithCompanyDetails(): Promise<void> {
  const activationKey = inject('activationKeys')[1]!;
  await api('/auth/local/register', {
    method: 'POST',
    body: JSON.stringify({
      firstName: 'Carla',
      lastName: 'Contract',
      email,
      password,
      activationKey,
      policyAgreement: true,
      dataProcessingAgreement: true,
    }),
  });
  const confirmation = new URL(await linkFromOutbox(email, 'confirmation=')).searchParams.get('confirmation')!;
  const session = await api<{ jwt: string; user: { company: { id: number } }; mills: { id: number }[] }>(
    `/auth/email-confirmation?confirmation=${confirmation}`,
  );
  await api(`/mills/${session.mills[0]!.id}/approval`, {}, session.jwt);
  const company = {
    name: 'Carla Milling GmbH',
    email: 'office@carla-milling.test',
    vatNumber: 'DE123456789',
    country: 'DE',
    street: 'Fräsweg 9',
    zipCode: '70173',
    city: 'Stuttgart',
    phone: '4971100000',
  };
  const form = new FormData();
  form.append('data', JSON.stringify(company));
  const response = await fetch(`${baseUrl()}/api/companies/${session.user.company.id}`, {
    method: 'PUT',
    body: form,
    headers: { Authorization: `Bearer ${session.jwt}` },
  });
  if (!response.ok) throw new Error(`company update: ${response.status} ${await response.text()}`);
}

async function startCheckout(page: Page) {
  await page.goto('/mill/contract?tab=contract-types');
  await page.getByRole('region', { name: 'Essential' }).getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Essential' });
  await dialog.getByRole('checkbox', { name: /Terms of service/ }).check();
  await dialog.getByRole('checkbox', { name: /Data processing agreement/ }).check();
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/payments/test-checkout/'));
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
}

async function payWith(page: Page, cardNumber: string) {
  await field(page, 'Card number').fill(cardNumber);
  await field(page, 'Expiry date (MM/YY)').fill('12/39');
  await field(page, 'CVC').fill('123');
  await field(page, 'Name on card').fill('Carla Contract');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

const onContractPage = (url: URL) => url.pathname === '/mill/contract';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  await signUpMillWithCompanyDetails();
  page = await newPage(browser);
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/');
});
afterAll(async () => {
  await browser.close();
});

describe('paid contract', () => {
  it('shows the payment failure for a declined card and returns to the contract page', async () => {
    await startCheckout(page);
    await page.getByText('4000 0000 0000 0002').first().waitFor();
    await payWith(page, '4000 0000 0000 0002');
    await page.waitForURL((url) => url.pathname === '/payments/failure');
    await page.getByText('Payment process was not successful due to manual interuption or invalid card information').waitFor();
    await page.waitForURL(onContractPage);
    await page.getByText('Your plan: Basic').waitFor();
  });

  it('upgrades to Essential with the test card and shows the plan and the donut', async () => {
    await startCheckout(page);
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL((url) => url.pathname === '/payments/success');
    await page.getByText('Thank you! Your payment was confirmed.').waitFor();
    await page.waitForURL(onContractPage);
    await page.getByText('Your plan: Essential').waitFor();
    await page.getByRole('region', { name: 'Essential' }).getByText('Current plan').waitFor();
    await page.getByRole('link', { name: '0 of 200 orders this period (0 %)' }).waitFor();
  });

  it('lists the invoice of the payment with its PDF', async () => {
    await page.getByRole('tab', { name: 'Invoices' }).click();
    // The invoice is recorded from the provider's webhook event, which the job queue applies.
    const pdf = page.getByRole('button', { name: /^Download invoice .+ as PDF$/ }).first();
    await expect
      .poll(
        async () => {
          if (await pdf.isVisible()) return true;
          await page.reload();
          return false;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await stat(await download.path())).size).toBeGreaterThan(0);
  });

  it('unsubscribes, sees when the subscription ends, and resubscribes', async () => {
    await page.getByRole('tab', { name: 'Contract types' }).click();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('dialog', { name: 'Unsubscribe' }).getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText(/^Subscription ends at \d{2}\.\d{2}\.\d{4}$/).waitFor();

    await page.getByRole('button', { name: 'Resubscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resubscribe' });
    await dialog.getByRole('checkbox', { name: /Terms of service/ }).check();
    await dialog.getByRole('checkbox', { name: /Data processing agreement/ }).check();
    await dialog.getByRole('button', { name: 'Resubscribe' }).click();
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    expect(await page.getByText(/^Subscription ends at/).count()).toBe(0);
  });
});
