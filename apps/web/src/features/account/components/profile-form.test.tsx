import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { updateProfile } from '@casebridge/shared/contracts/account';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProfileForm } from './profile-form.tsx';

const session = sessionFixture('lab');

function renderForm() {
  // The server answers the saved user and whether the address changed (which then ends the session).
  const calls = fakeApi([
    fake(updateProfile, ({ body }) => ({
      body: { user: { ...session.user, ...body, currentPassword: undefined }, emailChanged: body.email !== session.user.email },
    })),
  ]);
  renderWithProviders(<ProfileForm user={session.user} />, session);
  const sentData = () => {
    const form = calls.find((call) => call.method === 'PUT')?.body as FormData | undefined;
    return form ? (JSON.parse(String(form.get('data'))) as Record<string, unknown>) : undefined;
  };
  return { sentData };
}

describe('the profile form', () => {
  it('asks the current password only when the email address changes, and sends it then', async () => {
    const user = userEvent.setup();
    const { sentData } = renderForm();
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    const email = screen.getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'moved@example.test');
    await user.type(await screen.findByLabelText(/Current password/), 'my-current-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentData()).toMatchObject({ email: 'moved@example.test', currentPassword: 'my-current-password' }));
  });

  it('sends no password for a name change', async () => {
    const user = userEvent.setup();
    const { sentData } = renderForm();
    const firstName = screen.getByLabelText(/^First name/);
    await user.clear(firstName);
    await user.type(firstName, 'Renamed');
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentData()).toBeDefined());
    expect(sentData()).not.toHaveProperty('currentPassword');
    expect(sentData()).toMatchObject({ firstName: 'Renamed' });
  });
});
