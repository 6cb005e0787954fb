import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DealerUser } from '@casebridge/shared/schemas/dealers';
import { MANAGER_DEALER_ACTIONS, sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { DealerUsersPage } from './dealer-users-page.tsx';

const USER: DealerUser = {
  id: 4,
  firstName: 'Linus',
  lastName: 'Dealer',
  email: 'linus@example.com',
  role: 'dealer',
  dealerId: 5,
  dealerName: 'Dealer 5',
  blocked: false,
  confirmed: true,
};

// The users list has no contract yet: a plain fetch stub answers it and the reset.
const stubApi = () =>
  mockFetch((call) => (call.method === 'GET' ? { body: { count: 1, data: [USER] } } : { body: { ok: true, message: 'reset' } }));

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
