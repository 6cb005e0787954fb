import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/dealer-users';
import type { DealerUser } from '@casebridge/shared/schemas/dealers';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { dealerUserFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes, renderWithProviders } from '../../../test/render.tsx';
import { DealerUsersPage } from './dealer-users-page.tsx';

const USER = dealerUserFixture();

/** The dealer users list answering `users` of `count`. */
const listing = (users: DealerUser[], count = users.length) => fake(contracts.listDealerUsers, () => ({ body: { count, data: users } }));

describe('DealerUsersPage', () => {
  it('blocks a user only after the confirmation, sending the flag flipped', async () => {
    const calls = fakeApi([
      listing([USER]),
      fake(contracts.updateDealerUser, ({ params, body }) => ({ body: { ...USER, ...body, id: params.id } })),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<DealerUsersPage />, sessionFixture('manager'));
    await user.click(await screen.findByRole('button', { name: 'Block Linus Dealer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block user' });
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ body: { email: 'linus@example.com', dealerId: 5, blocked: true } });
  });

  it('shows "No data found" for an empty list', async () => {
    fakeApi([listing([])]);
    renderWithProviders(<DealerUsersPage />, sessionFixture('manager'));
    expect(await screen.findByText('No data found')).toBeTruthy();
  });

  it('opens with the search, sort and page of its URL (a reload or a shared link), and asks for them', async () => {
    const calls = fakeApi([listing([USER], 30)]);
    renderRoutes([{ path: '*', element: <DealerUsersPage /> }], {
      path: '/dealer/users?q=lin&page=2&sort=email:desc',
      session: sessionFixture('manager'),
    });
    expect(await screen.findByText('linus@example.com')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('lin');
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('descending');
    const asked = calls.filter((call) => call.url.startsWith('/api/dealer-users?'));
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(new URL(asked[0]!.url, 'http://x').searchParams)).toMatchObject({
      _q: 'lin',
      _start: '10',
      _sort: 'email:desc',
    });
  });

  it('names a failed load', async () => {
    fakeApi([
      fake(contracts.listDealerUsers, () => ({
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED', message: 'Too many requests' },
      })),
    ]);
    renderWithProviders(<DealerUsersPage />, sessionFixture('manager'));
    expect(await screen.findByText('Error :')).toBeTruthy();
  });
});
