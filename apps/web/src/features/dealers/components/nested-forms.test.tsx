import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as customerContracts from '@casebridge/shared/contracts/dealer-customers';
import * as dealerContracts from '@casebridge/shared/contracts/dealers';
import type { DealerCustomer } from '@casebridge/shared/schemas/dealers';
import { hasUnsavedChanges } from '../../../components/use-unsaved-changes-guard.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { dealerFixture } from '../../../test/fixtures.ts';
import { renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import { CustomerForm } from './customer-form.tsx';
import type { DealerFormContext } from './dealer-form-rules.ts';
import { DealerForm } from './dealer-form.tsx';

const manager: DealerFormContext = { isManager: true, ownDealer: null, userId: 1, actions: ['dealer.create', 'dealer.configure'] };
const rootUser: DealerFormContext = {
  isManager: false,
  ownDealer: dealerFixture({ userId: 9 }),
  userId: 9,
  actions: ['customers.create', 'customers.update'],
};
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const fieldIn = (group: string, label: string) => within(screen.getByRole('group', { name: group })).getByRole('textbox', { name: label });

describe('DealerForm on the one form engine (nested values)', () => {
  it('warns of unsaved changes after a change in a nested section, not once it is undone or saved', async () => {
    const calls = fakeApi([fake(dealerContracts.updateDealer, () => ({ body: dealerFixture() }))]);
    const user = userEvent.setup();
    renderWithProviders(<DealerForm dealer={dealerFixture()} context={manager} onSaved={() => {}} />);
    const city = fieldIn('Dealer contact', 'City');
    await user.type(city, 'Turin');
    expect(hasUnsavedChanges()).toBe(true);
    await user.clear(city);
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(city, 'Turin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ dealerContact: { city: 'Turin' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });

  it('shows the shared rules’ and the server’s errors under nested fields', async () => {
    fakeApi([
      fake(dealerContracts.updateDealer, () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'VALIDATION_FAILED',
          message: 'x',
          errors: { 'salesContact.webUrl': ['VALIDATION_FAILED'] },
        },
      })),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<DealerForm dealer={dealerFixture()} context={manager} onSaved={() => {}} />);
    await user.type(fieldIn('Support contact', 'Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(screen.getByRole('group', { name: 'Support contact' })).getByText('Email is not valid')).toBeTruthy();
    await user.clear(fieldIn('Support contact', 'Email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const sales = within(screen.getByRole('group', { name: 'Sales contact' }));
    expect(await sales.findByText('Some entries are not valid. Please check the form.')).toBeTruthy();
  });
});

describe('CustomerForm on the one form engine (nested values)', () => {
  const saved = (body: { customerInfo: Omit<DealerCustomer['customerInfo'], 'id'> }): DealerCustomer => ({
    dealerCustomerId: 11,
    dealerInfo: { id: 5, dealerId: 'ROOT-A', dealerName: 'Root A' },
    customerInfo: { ...body.customerInfo, id: 101 },
    createdAt: '2025-01-01T00:00:00.000Z',
  });

  it('refuses a malformed contact email in spec §5’s words, and saves the nested values once it is fixed', async () => {
    const calls = fakeApi([
      fake(customerContracts.customerIdUnique, () => ({ body: { customerExists: false } })),
      fake(customerContracts.createCustomer, ({ body }) => ({ body: saved(body) })),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<CustomerForm customer={null} context={rootUser} onSaved={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: /^Customer Id/ }), 'C-9');
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Byron');
    await user.type(screen.getByRole('textbox', { name: /^Company/ }), 'Byron Dental');
    const email = fieldIn('Contact information', 'Email');
    await user.type(email, 'ada@');
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is not valid')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    await user.type(email, 'example.com');
    expect(screen.queryByText('Email is not valid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ customerInfo: { customerId: 'C-9', contactInformation: { email: 'ada@example.com' } } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });
});
