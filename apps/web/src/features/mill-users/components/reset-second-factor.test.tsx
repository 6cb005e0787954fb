import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listMillUsers } from '@casebridge/shared/contracts/mill-users';
import { resetMillStaffFactor } from '@casebridge/shared/contracts/two-factor-admin';
import type { MillUser } from '@casebridge/shared/schemas/mill-users';
import { fake, fakeApi, type FakeAnswer } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MillUsersTab } from './mill-users-tab.tsx';

const users: MillUser[] = [
  { id: 1, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', millRole: 'admin', confirmed: true },
  { id: 2, firstName: 'Tom', lastName: 'Technician', email: 'tom@example.com', millRole: 'user', confirmed: true },
];

/** Mill 7's users, and the reset of Tom's second factor answering `reset`; any other request is refused. */
function stubApi(reset: FakeAnswer<typeof resetMillStaffFactor>) {
  return fakeApi([
    fake(listMillUsers, ({ params }) => (expect(params.millId).toBe(7), { body: { count: users.length, data: users } })),
    fake(resetMillStaffFactor, ({ params }) => (expect(params).toEqual({ millId: 7, id: 2 }), reset)),
  ]);
}

const resetCalls = (calls: { method: string; url: string }[]) => calls.filter((call) => call.url.includes('two-factor-reset'));

describe('MillUsersTab: resetting a lost second factor', () => {
  it('offers the reset only with the right, and never on one’s own row', async () => {
    stubApi({ body: { ok: true, message: 'reset' } });
    const { unmount } = renderWithProviders(<MillUsersTab millId={7} currentUserId={1} />, sessionFixture('mill'));
    await screen.findByText('tom@example.com');
    expect(screen.queryByRole('button', { name: 'Reset the second factor of Tom Technician' })).toBeNull();
    unmount();

    renderWithProviders(<MillUsersTab millId={7} currentUserId={1} mayResetSecondFactor />, sessionFixture('mill'));
    expect(await screen.findByRole('button', { name: 'Reset the second factor of Tom Technician' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset the second factor of Ada Lovelace' })).toBeNull();
  });

  it('explains that the member enrols again, and resets only after confirming', async () => {
    const calls = stubApi({ body: { ok: true, message: 'reset' } });
    renderWithProviders(<MillUsersTab millId={7} currentUserId={1} mayResetSecondFactor />, sessionFixture('mill'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset the second factor of Tom Technician' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset second factor?' });
    expect(within(dialog).getByText(/At their next sign-in they must set up two-factor sign-in again/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resetCalls(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset the second factor of Tom Technician' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset second factor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    expect(await screen.findByText('The second factor of Tom Technician is reset')).toBeTruthy();
    expect(resetCalls(calls).map((call) => [call.method, new URL(call.url, 'http://localhost').pathname])).toEqual([
      ['POST', '/api/mills/7/users/2/two-factor-reset'],
    ]);
  });

  it('says so when the member has no second factor to reset', async () => {
    stubApi({ status: 409, body: { statusCode: 409, error: 'Conflict', code: 'NO_SECOND_FACTOR', message: 'No second factor' } });
    renderWithProviders(<MillUsersTab millId={7} currentUserId={1} mayResetSecondFactor />, sessionFixture('mill'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset the second factor of Tom Technician' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset second factor' }));
    expect(await screen.findByText('This user has no second factor to reset: they have not set up two-factor sign-in.')).toBeTruthy();
  });
});
