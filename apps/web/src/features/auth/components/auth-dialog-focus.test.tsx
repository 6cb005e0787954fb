import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { SignInDialog } from './sign-in-dialog.tsx';
import { SignUpDialog } from './sign-up-dialog.tsx';

/** A dialog opened from the keyboard must let the user type at once, not land on its close button. */
describe('auth dialogs put the focus on their first field', () => {
  const cases: [string, ReactElement, RegExp][] = [
    ['Sign in', <SignInDialog opened options={{}} />, /^Email/],
    ['Sign up', <SignUpDialog opened />, /^First name/],
    ['Forgot password', <ForgotPasswordDialog opened />, /^Email/],
    ['Reset password', <ResetPasswordDialog opened code="abc" />, /^Password/],
  ];
  it.each(cases)('%s', async (_name, dialog, firstField) => {
    // Opening a dialog calls nothing: the fake refuses any request.
    fakeApi([]);
    renderWithProviders(dialog);
    const field = await screen.findByLabelText(firstField, { selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});
