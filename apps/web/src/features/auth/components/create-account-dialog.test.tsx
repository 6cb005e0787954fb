import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { checkUniqueEmail } from '@casebridge/shared/contracts/auth';
import { createAccount, invitedEmail, resendConfirmation } from '@casebridge/shared/contracts/invitations';
import { sessionFixture } from '../../../test/fixtures.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CreateAccountDialog } from './create-account-dialog.tsx';

const TOKEN = 'invitation-token-0123456789';

function renderFor(roleType: 'lab' | 'mill', emailIsTaken = false, accountExists = false) {
  const calls = fakeApi([
    fake(invitedEmail, () => ({ body: { emailByConfirmationToken: 'invited@example.com', roleType, accountExists } })),
    fake(checkUniqueEmail, () => ({ body: { emailIsTaken } })),
    fake(createAccount, () => ({ body: { ...sessionFixture('lab'), jwt: 'new-jwt' } })),
    fake(resendConfirmation, () => ({ body: { ok: true as const, message: 'sent' } })),
  ]);
  renderWithProviders(<CreateAccountDialog opened options={{ confirmationToken: TOKEN, invitedMillId: 7 }} />);
  return calls;
}

const paths = (calls: { url: string }[]) => calls.map((c) => new URL(c.url, 'http://localhost').pathname);

describe('CreateAccountDialog', () => {
  it('sends an invited existing account to sign in instead of asking for a password', async () => {
    renderFor('lab', false, true);
    expect(await screen.findByText(/invited@example.com, which already has a CaseBridge account/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect to an existing account' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/, { selector: 'input' })).toBeNull();
  });

  it('asks an invited lab for its company name', async () => {
    renderFor('lab');
    expect(await screen.findByRole('textbox', { name: /^Company name/ })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement).value).toBe('invited@example.com');
  });

  it('does not ask invited mill staff for a company name', async () => {
    renderFor('mill');
    // Wait for the invitation to load (it fills the email) before looking for the field.
    await screen.findByDisplayValue('invited@example.com');
    expect(screen.queryByRole('textbox', { name: /^Company name/ })).toBeNull();
  });

  it('creates the account under the invited address without asking whether it is taken', async () => {
    const calls = renderFor('lab');
    const user = userEvent.setup();
    await screen.findByDisplayValue('invited@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'a-long-lab-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(paths(calls)).toContain('/api/auth/account-creation'));
    expect(paths(calls)).not.toContain('/api/auth/check-unique-email');
  });

  it('offers the existing account when another, taken address is typed', async () => {
    const calls = renderFor('lab', true);
    const user = userEvent.setup();
    const email = await screen.findByDisplayValue('invited@example.com');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'a-long-lab-password');
    await user.click(screen.getByRole('button', { name: 'Send confirmation email' }));
    expect(await screen.findByText('Email is already taken')).toBeTruthy();
    expect(paths(calls)).not.toContain('/api/auth/resend-confirmation-email');
  });
});
