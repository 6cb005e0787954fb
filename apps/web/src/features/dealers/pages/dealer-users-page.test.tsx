import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DealerUser } from '@casebridge/shared/schemas/dealers';
import { sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderRoutes, renderWithProviders } from '../../../test/render.tsx';
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

describe('DealerUsersPage', () => {
  it('blocks a user only after the confirmation, sending the flag flipped', async () => {
    const calls = mockFetch((call) =>
      call.method === 'GET' ? { body: { count: 1, data: [USER] } } : { body: { ...USER, blocked: true } },
    );
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
    mockFetch(() => ({ body: { count: 0, data: [] } }));
    renderWithProviders(<DealerUsersPage />, sessionFixture('manager'));
    expect(await screen.findByText('No data found')).toBeTruthy();
  });

  it('opens with the search, sort and page of its URL (a reload or a shared link), and asks for them', async () => {
    const calls = mockFetch(() => ({ body: { count: 30, data: [USER] } }));
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
    mockFetch(() => ({ status: 503, body: { statusCode: 503, error: 'Service Unavailable', code: 'INTERNAL', message: 'down' } }));
    renderWithProviders(<DealerUsersPage />, sessionFixture('manager'));
    expect(await screen.findByText('Error :')).toBeTruthy();
  });
});
