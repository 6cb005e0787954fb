import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { updateLabShipping } from '@casebridge/shared/contracts/companies';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import type { Lab } from '../api/account-api.ts';
import { ShippingAddressForm } from './shipping-address-form.tsx';

function lab(overrides: Partial<Lab> = {}): Lab {
  return {
    id: 4,
    company: { id: 10, name: 'Ada Lab' },
    shippingAtSameAddress: true,
    shippingAddress: { street: '', city: '', zipCode: '', phone: '' },
    ...overrides,
  };
}

const sameAddress = () => screen.getByRole('checkbox', { name: 'Shipping at the same address' });
const puts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'PUT');

function render(initial: Lab) {
  const calls = fakeApi([fake(updateLabShipping, ({ params, body }) => ({ body: { ...initial, id: params.id, ...body } }))]);
  renderWithProviders(<ShippingAddressForm lab={initial} />, sessionFixture('lab'));
  return calls;
}

describe('ShippingAddressForm', () => {
  it('hides the address and requires nothing while shipping goes to the company address', async () => {
    const calls = render(lab());
    const user = userEvent.setup();
    expect(screen.queryByLabelText(/^Shipping street/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update shipping address' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(screen.queryByText('This field is required.')).toBeNull();
    expect(puts(calls)[0]!.body).toMatchObject({ shippingAtSameAddress: true });
  });

  it('requires street, city and ZIP code, but not the phone, once unticked', async () => {
    const calls = render(lab());
    const user = userEvent.setup();
    await user.click(sameAddress());
    await user.click(screen.getByRole('button', { name: 'Update shipping address' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    for (const label of [/^Shipping street/, /^Shipping city/, /^Shipping ZIP code/]) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getByLabelText(/^Shipping phone/).getAttribute('aria-invalid')).not.toBe('true');
    expect(puts(calls)).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Shipping street/), 'Dock 4');
    await user.type(screen.getByLabelText(/^Shipping city/), 'Hamburg');
    await user.type(screen.getByLabelText(/^Shipping ZIP code/), '20457');
    await user.click(screen.getByRole('button', { name: 'Update shipping address' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({
      shippingAtSameAddress: false,
      shippingAddress: { street: 'Dock 4', city: 'Hamburg', zipCode: '20457', phone: '' },
    });
  });

  it('keeps the phone to digits and the ZIP code to ten characters', async () => {
    render(lab({ shippingAtSameAddress: false }));
    const user = userEvent.setup();
    const phone = screen.getByLabelText(/^Shipping phone/) as HTMLInputElement;
    await user.type(phone, '+49 (40) 123');
    expect(phone.value).toBe('4940123');
    const zip = screen.getByLabelText(/^Shipping ZIP code/) as HTMLInputElement;
    await user.type(zip, '123456789012');
    expect(zip.value).toBe('1234567890');
  });
});
