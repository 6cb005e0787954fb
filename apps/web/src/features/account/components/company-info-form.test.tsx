import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { updateOwnCompany } from '@casebridge/shared/contracts/company-profile';
import type { Company } from '@casebridge/shared/schemas/account';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CompanyInfoForm } from './company-info-form.tsx';
import { isVatError } from './company-schema.ts';

function company(overrides: Partial<Company['address']> & { vatNumber?: string; countryLocked?: boolean } = {}): Company {
  const { vatNumber = 'DE123456789', countryLocked = false, ...address } = overrides;
  return {
    id: 10,
    name: 'Ada Lab',
    email: 'lab@example.com',
    web: '',
    contactPerson: '',
    vatNumber,
    taxId: '',
    logo: null,
    address: { country: 'DE', state: '', street: 'Hauptstr. 1', city: 'Berlin', zipCode: '10115', phone: '0301234', ...address },
    companyInfoIsUpdated: true,
    countryLocked,
  };
}

const vatInput = () => screen.getByRole('textbox', { name: /^VAT number/ }) as HTMLInputElement;

/** The save answers with the company as sent; `refuse` answers the server's VAT refusal instead. */
function fakeSave(refuse = false) {
  const vatRefusal = { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED' as const, message: 'VAT number is not valid' };
  return fakeApi([
    fake(updateOwnCompany, ({ body }) => {
      if (refuse) return { status: 400, body: vatRefusal };
      const { name, email, web, contactPerson, vatNumber, taxId, ...address } = body;
      return { body: { ...company(), name, email, web, contactPerson, vatNumber, taxId, address } };
    }),
  ]);
}

function renderForm(initial: Company) {
  return renderWithProviders(<CompanyInfoForm company={initial} incomplete={false} />, sessionFixture('lab'));
}

describe('CompanyInfoForm VAT rules', () => {
  it('accepts only letters and digits in the VAT number and only digits in the phone', async () => {
    fakeSave();
    const user = userEvent.setup();
    renderForm(company({ vatNumber: '' }));
    await user.type(vatInput(), 'de-12 3.45');
    expect(vatInput().value).toBe('de12345');
    const phone = screen.getByRole('textbox', { name: /^Phone/ }) as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '+49 (30) 12');
    expect(phone.value).toBe('493012');
  });

  it('requires a VAT number in an EU country and does not send without it', async () => {
    const calls = fakeSave();
    const user = userEvent.setup();
    renderForm(company({ vatNumber: '' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A VAT number is required in this country.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("refuses a VAT number that does not fit the country's format, without sending", async () => {
    const calls = fakeSave();
    const user = userEvent.setup();
    renderForm(company({ vatNumber: 'DE1234' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Invalid VAT Number/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('clears and disables the VAT number when the country changes to one outside the EU', async () => {
    const calls = fakeSave();
    const user = userEvent.setup();
    renderForm(company());
    expect(vatInput().value).toBe('DE123456789');
    expect(vatInput().disabled).toBe(false);

    const country = screen.getByLabelText(/^Country/, { selector: 'input' });
    await user.clear(country);
    await user.type(country, 'Switz');
    await user.click(await screen.findByRole('option', { name: /Switzerland/, hidden: true }));

    expect(vatInput().value).toBe('');
    expect(vatInput().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const sent = JSON.parse(String((calls[0]!.body as FormData).get('data'))) as Record<string, unknown>;
    expect(sent).toMatchObject({ country: 'CH', vatNumber: '', phone: '0301234' });
  });

  it('drops the VAT message with the VAT number when the country changes to one outside the EU', async () => {
    fakeSave(true);
    const user = userEvent.setup();
    renderForm(company());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = 'Invalid VAT Number: The VAT number provided is not correct, please enter a VALID VAT number.';
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);

    const country = screen.getByLabelText(/^Country/, { selector: 'input' });
    await user.clear(country);
    await user.type(country, 'Switz');
    await user.click(await screen.findByRole('option', { name: /Switzerland/, hidden: true }));

    expect(vatInput().disabled).toBe(true);
    expect(screen.queryByText(message)).toBeNull();
    expect(vatInput().getAttribute('aria-invalid')).not.toBe('true');
  });

  it("drops the browser's own VAT message when the country changes to one outside the EU", async () => {
    fakeSave();
    const user = userEvent.setup();
    renderForm(company({ vatNumber: 'DE1234' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Invalid VAT Number/)).toBeTruthy();

    const country = screen.getByLabelText(/^Country/, { selector: 'input' });
    await user.clear(country);
    await user.type(country, 'Switz');
    await user.click(await screen.findByRole('option', { name: /Switzerland/, hidden: true }));
    expect(screen.queryByText(/^Invalid VAT Number/)).toBeNull();
  });

  it('shows the VAT message when the server rejects the VAT number', async () => {
    fakeSave(true);
    const user = userEvent.setup();
    renderForm(company());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = 'Invalid VAT Number: The VAT number provided is not correct, please enter a VALID VAT number.';
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
  });
});

describe('CompanyInfoForm country on a paid plan (spec §5)', () => {
  const countryInput = () => screen.getByLabelText(/^Country/, { selector: 'input' }) as HTMLInputElement;
  const REASON = 'The country cannot be changed while the mill is on a paid plan: its invoices depend on it.';

  it('disables the country and says why while the mill is on a paid plan', () => {
    fakeSave();
    renderForm(company({ countryLocked: true }));
    expect(countryInput().disabled).toBe(true);
    expect(screen.getByText(REASON)).toBeTruthy();
    // The VAT number stays editable: only the country decides the invoices' VAT.
    expect(vatInput().disabled).toBe(false);
  });

  it('keeps the country editable on the basic plan', () => {
    fakeSave();
    renderForm(company());
    expect(countryInput().disabled).toBe(false);
    expect(screen.queryByText(REASON)).toBeNull();
  });
});

describe('isVatError', () => {
  it('recognises VAT in the message or a vatNumber field error only', () => {
    expect(isVatError(new Error('Invalid VAT'))).toBe(true);
    expect(isVatError(Object.assign(new Error('bad'), { body: { errors: { vatNumber: ['VALIDATION_FAILED'] } } }))).toBe(true);
    expect(isVatError(new Error('Email is taken'))).toBe(false);
    expect(isVatError('VAT')).toBe(false);
  });
});
