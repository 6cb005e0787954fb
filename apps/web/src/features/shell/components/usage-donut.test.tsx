import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSubscription } from '@casebridge/shared/contracts/subscriptions';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { millFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UsageDonut, UsageDonutChart } from './usage-donut.tsx';

function donut(used: number, limit: number) {
  const { container } = renderWithProviders(<UsageDonutChart used={used} limit={limit} />);
  return within(container).getByRole('img');
}

describe('UsageDonutChart', () => {
  it('names the orders of this period against the maximum', () => {
    expect(donut(12, 20).getAttribute('aria-label')).toBe('12 of 20 orders this period (60 %)');
  });

  it('caps the share at 100 % when more orders were created than the plan allows', () => {
    expect(donut(25, 20).getAttribute('aria-label')).toBe('25 of 20 orders this period (100 %)');
  });

  it('turns to the danger style above 80 % only', () => {
    expect(donut(16, 20).getAttribute('data-danger')).toBe('false');
    expect(donut(17, 20).getAttribute('data-danger')).toBe('true');
  });
});

describe('UsageDonut', () => {
  it("shows the selected mill's orders this period against its plan, read through the subscription contract", async () => {
    const plan = {
      id: 'basic',
      name: 'Basic',
      priceCents: 0,
      lookupKey: 'basic_monthly',
      maxOrdersCount: 20,
      allowedClients: 3,
      storageMb: 2000,
      support: false,
      filesKeepDays: 30,
    } as const;
    fakeApi([
      fake(getSubscription, ({ params }) => ({
        body: {
          millId: params.millId,
          contractType: plan,
          chargedPriceCents: 0,
          status: 'active' as const,
          periodStart: '2026-11-01T00:00:00.000Z',
          periodEnd: null,
          subscriptionCancelDate: null,
          customContract: null,
          addOn: null,
          millOrderStat: { ordersCreated: 12 },
        },
      })),
    ]);
    const session = sessionFixture('mill');
    renderWithProviders(<UsageDonut session={session} mill={millFixture()} />, session);
    expect((await screen.findByRole('img')).getAttribute('aria-label')).toBe('12 of 20 orders this period (60 %)');
  });
});
