import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as plans from '@casebridge/shared/contracts/plans';
import * as subscriptions from '@casebridge/shared/contracts/subscriptions';
import type { ContractType, Subscription } from '@casebridge/shared/schemas/billing';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ManagerPlansPage } from './manager-plans-page.tsx';

const plan = (id: ContractType['id'], name: string, priceCents: number): ContractType => ({
  id,
  name,
  priceCents,
  lookupKey: `pr_${id}`,
  maxOrdersCount: 200,
  allowedClients: 25,
  storageMb: 50_000,
  support: true,
  filesKeepDays: 90,
});
const PLANS = [
  plan('basic', 'Basic', 0),
  plan('essential', 'Essential', 4900),
  plan('enterprise', 'Enterprise', 14900),
  plan('custom', 'Custom', 0),
];

const subscriptionOf = (millId: number, contractType: ContractType): Subscription => ({
  millId,
  contractType,
  chargedPriceCents: 0,
  status: 'active',
  periodStart: '2025-03-01T00:00:00.000Z',
  periodEnd: null,
  subscriptionCancelDate: null,
  customContract: null,
  addOn: null,
  millOrderStat: { ordersCreated: 0 },
});

/** The catalogue, mill 7 on basic, no mill 8, and the manager's two writes; the fake refuses anything else. */
function stubApi() {
  return fakeApi([
    fake(plans.listContractTypes, () => ({ body: { data: PLANS, promotions: [] } })),
    fake(plans.updateContractType, ({ params, body }) => ({ body: { ...PLANS.find((p) => p.id === params.id)!, ...body } })),
    fake(subscriptions.getSubscription, ({ params }) =>
      params.millId === 7
        ? { body: subscriptionOf(7, PLANS[0]!) }
        : { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Mill not found' } },
    ),
    fake(subscriptions.setCustomContract, ({ params, body }) => ({
      body: { ...subscriptionOf(params.millId, PLANS[0]!), customContract: body.customContract },
    })),
  ]);
}

describe('ManagerPlansPage', () => {
  it('saves a plan in cents after the manager confirms that it applies to every mill on it', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ManagerPlansPage />, sessionFixture('manager'));
    const essential = await screen.findByRole('region', { name: 'Essential' });
    const price = within(essential).getByLabelText('Monthly price');
    await user.clear(price);
    await user.type(price, '59.5');
    const orders = within(essential).getByLabelText('Orders per month');
    await user.clear(orders);
    await user.type(orders, '250');
    await user.click(within(essential).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change Essential?' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toContain('/api/contract-types/essential');
    expect(put.body).toEqual({
      priceCents: 5950,
      maxOrdersCount: 250,
      allowedClients: 25,
      storageMb: 50_000,
      support: true,
      filesKeepDays: 90,
    });
  });

  it('refuses a keep period of 0 days before any call', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ManagerPlansPage />, sessionFixture('manager'));
    const basic = await screen.findByRole('region', { name: 'Basic' });
    const days = within(basic).getByLabelText('Files kept (days)');
    await user.clear(days);
    await user.type(days, '0');
    expect(within(basic).getByText('Enter a whole number from 1 to 36500')).toBeTruthy();
    expect(within(basic).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('asks for no mill subscription until the manager chooses a mill', async () => {
    const calls = stubApi();
    renderWithProviders(<ManagerPlansPage />, sessionFixture('manager'));
    await screen.findByRole('region', { name: 'Custom plan for one mill' });
    await screen.findByRole('region', { name: 'Essential' });
    expect(calls.map((call) => call.url).filter((url) => url.includes('/subscription'))).toEqual([]);
  });

  it('offers one mill a custom plan, and says when the mill does not exist', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ManagerPlansPage />, sessionFixture('manager'));
    const custom = await screen.findByRole('region', { name: 'Custom plan for one mill' });
    await user.type(within(custom).getByLabelText('Mill id'), '8');
    await user.click(within(custom).getByRole('button', { name: 'Show' }));
    expect(await within(custom).findByText('There is no mill 8.')).toBeTruthy();
    await user.clear(within(custom).getByLabelText('Mill id'));
    await user.type(within(custom).getByLabelText('Mill id'), '7');
    await user.click(within(custom).getByRole('button', { name: 'Show' }));
    expect(await within(custom).findByText('Mill 7 has no custom plan offer.')).toBeTruthy();
    await user.type(within(custom).getByLabelText('Monthly price'), '99');
    await user.type(within(custom).getByLabelText('Orders per month'), '600');
    await user.type(within(custom).getByLabelText('Clients'), '60');
    await user.click(within(custom).getByRole('button', { name: 'Offer custom plan' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toContain('/api/mills/7/custom-contract');
    expect(put.body).toEqual({ customContract: { priceCents: 9900, maxOrdersCount: 600, allowedClients: 60 } });
  });
});
