import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { CreateAccountDialog } from './create-account-dialog.tsx';

const TOKEN = 'invitation-token-0123456789';

function renderFor(roleType: 'lab' | 'mill') {
  mockFetch(({ path }) =>
    path === '/auth/user-email-by-token' ? { body: { emailByConfirmationToken: 'invited@example.com', roleType } } : { status: 404, body: {} },
  );
  renderWithProviders(<CreateAccountDialog opened options={{ confirmationToken: TOKEN, invitedMillId: 7 }} />);
}

describe('CreateAccountDialog', () => {
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
});
