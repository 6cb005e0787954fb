import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SuccessOf } from '@casebridge/shared/contracts/core';
import { listContractTypes } from '@casebridge/shared/contracts/plans';
import * as contracts from '@casebridge/shared/contracts/subscriptions';
import type { ContractType, Subscription } from '@casebridge/shared/schemas/billing';
import { fake, fakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ContractTypesTab } from './contract-types-tab.tsx';

const plan = (id: ContractType['id'], priceCents: number, maxOrdersCount: number): ContractType => ({
  id,
  name: id,
  priceCents,
  lookupKey: `${id}_monthly`,
  maxOrdersCount,
  allowedClients: 3,
  storageMb: 2000,
  support: id !== 'basic',
  filesKeepDays: 30,
});
const PLANS = [plan('basic', 0, 20), plan('essential', 4900, 200), plan('enterprise', 14900, 2000), plan('custom', 0, 2000)];
const CATALOGUE: SuccessOf<typeof listContractTypes> = {
  data: PLANS,
  promotions: [{ planId: 'essential', description: '20 % off', value: 80, isPercentage: true }],
};

function subscriptionOn(contractType: ContractType, overrides: Partial<Subscription> = {}): Subscription {
  return {
    millId: 7,
    contractType,
    chargedPriceCents: contractType.priceCents,
    status: 'active',
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: contractType.id === 'basic' ? null : '2026-12-01T00:00:00.000Z',
    subscriptionCancelDate: null,
    customContract: null,
    addOn: null,
    millOrderStat: { ordersCreated: 4 },
    ...overrides,
  };
}

/** The API as the tab sees it: the catalogue and mill 7's subscription, which is what GET answers now, so `writes` can move it on. */
function stubApi(state: { subscription: Subscription }, writes: FakeRoute[] = []) {
  return fakeApi([
    fake(listContractTypes, () => ({ body: CATALOGUE })),
    fake(contracts.getSubscription, ({ params }) => {
      expect(params.millId).toBe(7);
      return { body: state.subscription };
    }),
    ...writes,
  ]);
}

const render = () => renderWithProviders(<ContractTypesTab millId={7} />, sessionFixture('mill'));

describe('ContractTypesTab', () => {
  it('shows a percentage promotion as the spec computes it: the price times the value percent', async () => {
    stubApi({ subscription: subscriptionOn(PLANS[0]!) });
    render();
    const essential = await screen.findByRole('region', { name: 'Essential' });
    expect(within(essential).getByText('€39.20 / month')).toBeTruthy();
    expect(within(essential).getByLabelText('Regular price €49.00')).toBeTruthy();
    expect(within(essential).getByText('Promotion for new subscriptions: 20 % off')).toBeTruthy();
    // A plan without a promotion shows its plain price.
    expect(within(screen.getByRole('region', { name: 'Enterprise' })).getByText('€149.00 / month')).toBeTruthy();
  });

  it("shows on the mill's own plan what its subscription charges, and the promotion as one for new subscriptions", async () => {
    stubApi({ subscription: subscriptionOn(PLANS[1]!, { chargedPriceCents: 4900 }) });
    render();
    const essential = await screen.findByRole('region', { name: 'Essential' });
    expect(within(essential).getByText('Current plan')).toBeTruthy();
    expect(within(essential).getByText('€49.00 / month')).toBeTruthy();
    expect(within(essential).getByText('New subscriptions: €39.20 / month (20 % off)')).toBeTruthy();
    expect(within(essential).queryByText('€39.20 / month')).toBeNull();
  });

  it('keeps showing the promoted price to a mill that subscribed with it', async () => {
    stubApi({ subscription: subscriptionOn(PLANS[1]!, { chargedPriceCents: 3920 }) });
    render();
    const essential = await screen.findByRole('region', { name: 'Essential' });
    expect(within(essential).getByText('€39.20 / month')).toBeTruthy();
    expect(within(essential).getByText('Promotion: 20 % off')).toBeTruthy();
    expect(within(essential).queryByText(/^New subscriptions/)).toBeNull();
  });

  it('disables Manage card and Upcoming invoice on the basic plan, and offers Subscribe on paid plans only', async () => {
    stubApi({ subscription: subscriptionOn(PLANS[0]!) });
    render();
    expect((await screen.findByRole('button', { name: 'Manage card' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Upcoming invoice' }).hasAttribute('disabled')).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Basic' })).queryByRole('button')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Essential' })).getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    // The custom plan appears only once the manager offered it.
    expect(screen.queryByRole('region', { name: 'Custom' })).toBeNull();
  });

  it('enables Manage card and Upcoming invoice on a paid plan and offers the custom plan the manager set', async () => {
    const customContract = { priceCents: 9900, maxOrdersCount: 500, allowedClients: 40 };
    stubApi({ subscription: subscriptionOn(PLANS[1]!, { customContract }) });
    render();
    expect((await screen.findByRole('button', { name: 'Manage card' })).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Upcoming invoice' }).hasAttribute('disabled')).toBe(false);
    const custom = screen.getByRole('region', { name: 'Custom' });
    expect(within(custom).getByText('€99.00 / month')).toBeTruthy();
    expect(within(custom).getByText('Orders per billing period: 500')).toBeTruthy();
    expect(within(custom).getByRole('button', { name: 'Upgrade' })).toBeTruthy();
  });

  it('unsubscribes only after confirmation, then shows "Subscription ends at" and offers Resubscribe', async () => {
    const state = { subscription: subscriptionOn(PLANS[1]!) };
    const calls = stubApi(state, [
      fake(contracts.unsubscribe, () => {
        state.subscription = { ...state.subscription, subscriptionCancelDate: '2026-12-01T00:00:00.000Z' };
        return { body: state.subscription };
      }),
    ]);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsubscribe' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Subscription ends at 01.12.2026')).toBeTruthy();
    const unsubscribe = calls.find((call) => call.method === 'DELETE')!;
    expect(new URL(unsubscribe.url, 'http://x').pathname).toBe('/api/payments');
    expect(new URL(unsubscribe.url, 'http://x').searchParams.get('millId')).toBe('7');
    expect(screen.getByRole('button', { name: 'Resubscribe' })).toBeTruthy();
  });

  it('resubscribes only with both agreements ticked', async () => {
    const state = { subscription: subscriptionOn(PLANS[1]!, { subscriptionCancelDate: '2026-12-01T00:00:00.000Z' }) };
    const calls = stubApi(state, [
      fake(contracts.resubscribe, () => {
        state.subscription = { ...state.subscription, subscriptionCancelDate: null };
        return { body: state.subscription };
      }),
    ]);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Resubscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resubscribe' });
    await user.click(within(dialog).getByRole('button', { name: 'Resubscribe' }));
    expect(within(dialog).getByText('Please accept both agreements to continue.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('checkbox', { name: /Terms of service/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Data processing agreement/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Resubscribe' }));
    await waitFor(() => expect(screen.queryByText(/Subscription ends at/)).toBeNull());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ millId: 7, policyAgreement: true, dataProcessingAgreement: true });
  });

  it('shows why a subscription failed and asks to contact the administrator or retry (spec §8)', async () => {
    // The refusal as the server gives it for a mill whose company details lack the address.
    stubApi({ subscription: subscriptionOn(PLANS[0]!) }, [
      fake(contracts.startCheckout, () => ({
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'COMPANY_DETAILS_INCOMPLETE',
          message: 'Complete the company details first: invoices need your address',
        },
      })),
    ]);
    const user = userEvent.setup();
    render();
    await user.click(within(await screen.findByRole('region', { name: 'Essential' })).getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Essential' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Terms of service/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Data processing agreement/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Please contact the administrator or try again later.');
    expect(alert.textContent).toContain('Complete the company details first');
  });
});
