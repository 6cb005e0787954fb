import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, launchBrowser, linkFromOutbox, newPage, signIn } from './browser.ts';

/**
 * Issue 13's journeys: the manager creates a root dealer and invites its user; the dealer creates a
 * sub-dealer and a customer; the manager imports a customer CSV and watches it run.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('reseller network', () => {
  const stamp = String(Date.now()).slice(-8);
  const rootEmail = `root-${stamp}@new-dealer.test`;
  const password = 'root-dealer-long-password';

  it('the manager creates and invites a root dealer, whose user sets a password and adds a sub-dealer and a customer', async () => {
    const manager = await newPage(browser);
    await signIn(manager, 'manager@casebridge.test');
    await manager.waitForURL((url) => url.pathname === '/manager');
    await manager.goto('/manager/dealer');
    const create = manager.getByRole('form', { name: 'New dealer' });
    await field(create, 'Reseller Id').fill(`ROOT-${stamp}`);
    await field(create, 'Reseller Name').fill(`Root ${stamp}`);
    await field(create, 'Email').first().fill(rootEmail);
    await create.getByRole('switch', { name: 'Sub-dealers allowed' }).check();
    await create.getByRole('button', { name: 'Save', exact: true }).click();
    await manager.getByText('Dealer saved').first().waitFor();
    const edit = manager.getByRole('form', { name: `Dealer Root ${stamp}` });
    // The 'Dealer saved' toast may lie over the form's buttons: the keyboard reaches them regardless.
    await edit.getByRole('button', { name: 'Invite', exact: true }).focus();
    await manager.keyboard.press('Enter');
    const invite = manager.getByRole('dialog', { name: 'Invite' });
    await invite.getByRole('button', { name: 'Send' }).click();
    await manager.getByText('Invitation has been sent successfully').first().waitFor();
    await manager.context().close();

    const dealer = await newPage(browser);
    await dealer.goto(await linkFromOutbox(rootEmail, 'code='));
    const reset = dealer.getByRole('dialog', { name: 'Reset password' });
    await field(reset, 'Password').fill(password);
    await field(reset, 'Confirm password').fill(password);
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await dealer.waitForURL((url) => url.pathname === '/dealer');
    // The dealer frame names the dealer and its Reseller Id.
    await dealer.getByText(`ROOT-${stamp}`).first().waitFor();

    await dealer.goto('/dealer/information');
    await dealer.getByRole('button', { name: 'New dealer' }).click();
    const sub = dealer.getByRole('form', { name: 'New dealer' });
    await field(sub, 'Reseller Id').fill(`SUB-${stamp}`);
    await field(sub, 'Reseller Name').fill(`Sub ${stamp}`);
    await sub.getByRole('button', { name: 'Save', exact: true }).click();
    await dealer.getByText('Dealer saved').first().waitFor();
    await dealer.getByRole('cell', { name: `SUB-${stamp}`, exact: true }).waitFor();

    await dealer.goto('/customer/information');
    const customer = dealer.getByRole('form', { name: 'New customer' });
    await field(customer, 'Customer Id').fill(`CUST-${stamp}`);
    await field(customer, 'First name').fill('Clara');
    await field(customer, 'Last name').fill('Customer');
    await field(customer, 'Company').fill(`Clara Dental ${stamp}`);
    await customer.getByRole('button', { name: 'Save', exact: true }).click();
    await dealer.getByText('Customer saved').first().waitFor();
    await dealer.getByRole('cell', { name: `CUST-${stamp}`, exact: true }).waitFor();
    await dealer.context().close();
  });

  it('the manager imports a CSV and watches the status go from running to idle, with the log and the failed row', async () => {
    const manager = await newPage(browser);
    await signIn(manager, 'manager@casebridge.test');
    await manager.waitForURL((url) => url.pathname.startsWith('/manager'));
    await manager.goto('/manager/import/customers');
    // Semicolons, a quoted address of two lines (kept as address lines), and one row without a company: 3 in, 1 failed.
    const csv = [
      'customerId;dealerId;firstName;lastName;company;address;city',
      `IMP-${stamp}-1;DD-ROOT;Anna;Import;"Praxis Import; Nord";Hafenstr. 1;Bremen`,
      `IMP-${stamp}-2;DD-ROOT;Ben;Import;Labor Import;"Hinterhaus\nKirchweg 2";Kiel`,
      `IMP-${stamp}-3;DD-ROOT;Cleo;Import;;Am Markt 3;Hamburg`,
      `IMP-${stamp}-4;DD-ROOT;Dora;Import;Dental Import;Ring 4;Lübeck`,
    ].join('\r\n');
    await manager
      .getByLabel('Choose a .csv file')
      .setInputFiles({ name: `import-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await manager.getByRole('button', { name: 'Upload', exact: true }).click();
    await manager.getByText('Running', { exact: true }).waitFor();
    await manager.getByText('Idle', { exact: true }).waitFor({ timeout: 20_000 });
    const log = manager.getByLabel('Import log');
    await log.getByText(`import-${stamp}.csv`).waitFor();
    const figure = async (label: string) =>
      (
        await log
          .locator('div', { has: manager.getByText(label, { exact: true }) })
          .locator('dd')
          .innerText()
      ).trim();
    expect(await figure('Total rows')).toBe('4');
    expect(await figure('Failed')).toBe('1');
    await manager
      .getByRole('cell', { name: /^company/ })
      .first()
      .waitFor();
    await manager.context().close();
  });
});
