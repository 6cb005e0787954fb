import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/mill-users';
import type { MillUser } from '@casebridge/shared/schemas/mill-users';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes, renderWithProviders } from '../../../test/render.tsx';
import { MillUsersTab } from './mill-users-tab.tsx';

const users: MillUser[] = [
  { id: 1, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', millRole: 'admin', confirmed: true },
  { id: 2, firstName: 'Tom', lastName: 'Technician', email: 'tom@example.com', millRole: 'user', confirmed: false },
];

/** The users of mill 7 and its writes, each answering as its contract says; any other request is refused. */
function stubApi(count = users.length) {
  const ofMill7 = (millId: number) => expect(millId).toBe(7);
  return fakeApi([
    fake(contracts.listMillUsers, ({ params }) => (ofMill7(params.millId), { body: { count, data: users } })),
    fake(contracts.addMillUser, ({ params, body }) => (ofMill7(params.millId), { body: { ...body, id: 3, confirmed: false } })),
    fake(contracts.updateMillUser, ({ params, body }) => (ofMill7(params.millId), { body: { ...body, id: params.id, confirmed: false } })),
    fake(contracts.removeMillUser, ({ params }) => (ofMill7(params.millId), { body: { ok: true as const, message: 'User deleted' } })),
  ]);
}

describe('MillUsersTab', () => {
  it('shows no edit or delete on the signed-in user’s own row', async () => {
    stubApi();
    renderWithProviders(<MillUsersTab millId={7} currentUserId={1} />, sessionFixture('mill'));
    expect(await screen.findByRole('button', { name: 'Edit Tom Technician' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Tom Technician' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Ada Lovelace' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Ada Lovelace' })).toBeNull();
  });

  it('filters by role', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<MillUsersTab millId={7} currentUserId={1} />, sessionFixture('mill'));
    await screen.findByText('tom@example.com');
    expect(new URL(calls[0]!.url, 'http://x').searchParams.has('millRole')).toBe(false);
    await user.selectOptions(screen.getByLabelText('Role'), 'Admin');
    await waitFor(() => expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('millRole')).toBe('admin'));
  });

  it('takes role, sort and page from the URL beside the settings tab, and a new role returns to page 1', async () => {
    const calls = stubApi(45);
    const { router } = renderRoutes([{ path: '*', element: <MillUsersTab millId={7} currentUserId={1} /> }], {
      path: '/mill/settings?tab=users&role=user&sort=email:asc&page=2',
      session: sessionFixture('mill'),
    });
    await screen.findByText('tom@example.com');
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('user');
    const query = new URL(calls[0]!.url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ millRole: 'user', _sort: 'email:asc', _start: '10' });
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending');

    await userEvent.setup().selectOptions(screen.getByLabelText('Role'), 'All roles');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=users&sort=email%3Aasc'));
    await waitFor(() => expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('_start')).toBe('0'));
    expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.has('millRole')).toBe(false);
  });

  it('adds a user with the role user unless another is chosen', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<MillUsersTab millId={7} currentUserId={1} />, sessionFixture('mill'));
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText(/^First name/), 'Nora');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'New');
    await user.type(within(dialog).getByLabelText(/^Email/), 'nora@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      firstName: 'Nora',
      lastName: 'New',
      email: 'nora@example.com',
      millRole: 'user',
    });
  });

  it('edits a user in the "Edit user" dialog with their current values', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<MillUsersTab millId={7} currentUserId={1} />, sessionFixture('mill'));
    await user.click(await screen.findByRole('button', { name: 'Edit Tom Technician' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    expect((within(dialog).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('tom@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')!.url).toMatch(/^\/api\/mills\/7\/users\/2\?/);
  });

  it('asks before deleting a user', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<MillUsersTab millId={7} currentUserId={1} />, sessionFixture('mill'));
    await user.click(await screen.findByRole('button', { name: 'Delete Tom Technician' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});
