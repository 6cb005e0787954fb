import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as userContracts from '@casebridge/shared/contracts/dealer-users';
import * as contracts from '@casebridge/shared/contracts/two-factor-admin';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { dealerUserFixture, MANAGER_DEALER_ACTIONS, sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DealerUsersPage } from './dealer-users-page.tsx';

const stubApi = () =>
  fakeApi([
    fake(userContracts.listDealerUsers, () => ({ body: { count: 1, data: [dealerUserFixture()] } })),
    fake(contracts.resetDealerUserFactor, () => ({ body: { ok: true as const, message: 'reset' } })),
  ]);

const RESET = 'Reset the second factor of Linus Dealer';

describe('DealerUsersPage: resetting a lost second factor', () => {
  it('lets the manager reset a member’s second factor after a confirmation', async () => {
    const calls = stubApi();
    const session = sessionFixture('manager', { actions: [...MANAGER_DEALER_ACTIONS, 'dealerUsers.resetSecondFactor'] });
    renderWithProviders(<DealerUsersPage />, session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: RESET }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset second factor?' });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => new URL(call.url, 'http://x').pathname)).toEqual([
        '/api/dealer-users/4/two-factor-reset',
      ]),
    );
  });

  it('offers no reset to a dealer manager, whom the rule book does not let vouch for a lost factor', async () => {
    stubApi();
    renderWithProviders(<DealerUsersPage />, sessionFixture('dealer', { actions: ['dealerUsers.list', 'dealerUsers.manage'] }));
    expect(await screen.findByRole('button', { name: 'Block Linus Dealer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: RESET })).toBeNull();
  });
});
