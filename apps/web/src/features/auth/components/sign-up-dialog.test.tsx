import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { register } from '@casebridge/shared/contracts/auth';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SignUpDialog } from './sign-up-dialog.tsx';

async function fillValidFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), 'Ada');
  await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'a long enough passphrase');
  await user.type(screen.getByLabelText(/^Activation key/), 'abcde-12345-fghij-klmno-pqrst');
}

/** The server refuses the registration with these field errors. */
function fakeRefusal(answer: {
  status: 400;
  body: {
    statusCode: number;
    error: string;
    code: 'VALIDATION_FAILED';
    message: string;
    errors: Record<string, ('EMAIL_TAKEN' | 'ACTIVATION_KEY_USED' | 'ACTIVATION_KEY_UNKNOWN')[]>;
  };
}) {
  return fakeApi([fake(register, () => answer)]);
}

const termsBox = () => screen.getByRole('checkbox', { name: /^I accept the Terms of service/ });
const dataBox = () => screen.getByRole('checkbox', { name: /^I accept the Data processing agreement/ });

describe('SignUpDialog', () => {
  it('shows no consent icon before the first submit', () => {
    fakeApi([]);
    renderWithProviders(<SignUpDialog opened />);
    expect(screen.queryByRole('img', { name: 'Not accepted' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Accepted' })).toBeNull();
  });

  it('shows red crosses and does not submit while the agreements are unticked', async () => {
    const calls = fakeApi([]);
    const user = userEvent.setup();
    renderWithProviders(<SignUpDialog opened />);
    await fillValidFields(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(screen.getAllByRole('img', { name: 'Not accepted' })).toHaveLength(2);
    expect(calls).toHaveLength(0);

    await user.click(termsBox());
    expect(screen.getAllByRole('img', { name: 'Not accepted' })).toHaveLength(1);
    expect(screen.getAllByRole('img', { name: 'Accepted' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(calls).toHaveLength(0);
  });

  it('submits the registration once both agreements are ticked', async () => {
    const calls = fakeApi([fake(register, () => ({ body: { ok: true as const, message: 'sent' } }))]);
    const user = userEvent.setup();
    renderWithProviders(<SignUpDialog opened />);
    await fillValidFields(user);
    await user.click(termsBox());
    await user.click(dataBox());
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toMatch(/^\/api\/auth\/local\/register\?locale=en$/);
    expect(calls[0]!.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'a long enough passphrase',
      activationKey: 'ABCDE-12345-FGHIJ-KLMNO-PQRST',
      policyAgreement: true,
      dataProcessingAgreement: true,
      promotionsOptOut: false,
      language: 'en',
    });
  });

  it('checks the fields in the browser before sending', async () => {
    const calls = fakeApi([]);
    const user = userEvent.setup();
    renderWithProviders(<SignUpDialog opened />);
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(termsBox());
    await user.click(dataBox());
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('The password needs at least 12 characters.')).toBeTruthy();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(3);
    expect(calls).toHaveLength(0);
  });

  it('shows server field errors under their fields', async () => {
    fakeRefusal({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message: 'invalid',
        errors: { email: ['EMAIL_TAKEN'], activationKey: ['ACTIVATION_KEY_USED'] },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SignUpDialog opened />);
    await fillValidFields(user);
    await user.click(termsBox());
    await user.click(dataBox());
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Email is already taken')).toBeTruthy();
    expect(screen.getByText('This activation key has already been used.')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the key example as a hint, not as a placeholder that turns red like a wrong value', async () => {
    fakeRefusal({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message: 'invalid',
        errors: { activationKey: ['ACTIVATION_KEY_UNKNOWN'] },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SignUpDialog opened />);
    await fillValidFields(user);
    await user.click(termsBox());
    await user.click(dataBox());
    await user.clear(screen.getByLabelText(/^Activation key/));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const key = screen.getByLabelText(/^Activation key/);
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    expect(key.getAttribute('placeholder')).toBeNull();
    expect(screen.getByText('The key you received with your licence, e.g. ABCDE-12345-FGHIJ-KLMNO-PQRST')).toBeTruthy();
  });

  it('sets the agreement links in the size of the text around them', () => {
    fakeApi([]);
    renderWithProviders(<SignUpDialog opened />);
    // jsdom computes no styles: Mantine marks a text that inherits its parent's font with data-inherit.
    for (const name of ['Terms of service', 'Data processing agreement']) {
      expect(screen.getByRole('link', { name }).hasAttribute('data-inherit')).toBe(true);
    }
  });
});
