import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn } from '@casebridge/shared/contracts/auth';
import { confirmSignInEnrolment, startSignInEnrolment } from '@casebridge/shared/contracts/two-factor';
import type { RoleType } from '@casebridge/shared/constants/roles';
import { sessionFixture } from '../../../test/fixtures.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SignInDialog } from './sign-in-dialog.tsx';

/** The platform requires a second factor (ADR 0020): a manager or dealer without one enrols at sign-in, then lands at home. */
function stubApi(type: RoleType) {
  const challenge = { token: 'c'.repeat(43), kind: 'enrol' as const, methods: ['totp' as const], expiresAt: '2030-01-01T00:00:00.000Z' };
  return fakeApi([
    fake(signIn, () => ({ body: { challenge } })),
    fake(startSignInEnrolment, () => ({ body: { uri: 'otpauth://totp/CaseBridge:ada?secret=SECRET', secret: 'SECRET' } })),
    fake(confirmSignInEnrolment, () => ({ body: { ...sessionFixture(type), jwt: 'jwt', recoveryCodes: ['aaaaa-bbbbb-ccccc'] } })),
  ]);
}

describe('signing in where a second factor is required and none is set up', () => {
  it.each([
    ['manager', '/manager'],
    ['dealer', '/dealer'],
  ] as const)('the %s enrols with the QR code, sees the recovery codes, then lands at home', async (type, home) => {
    const calls = stubApi(type);
    const { router } = renderRoutes([
      { path: '/', element: <SignInDialog opened options={{}} /> },
      { path: home, element: <p>home</p> },
    ]);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/, { selector: 'input' }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(/Your organisation requires two-factor sign-in/)).toBeTruthy();
    expect(await screen.findByTestId('totp-secret')).toHaveProperty('textContent', 'SECRET');
    await user.type(screen.getByLabelText(/^Code from the authenticator app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('aaaaa-bbbbb-ccccc')).toBeTruthy();
    // Still on the sign-in page until the codes are read.
    expect(router.state.location.pathname).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
    expect(calls.find((call) => call.url.includes('/enrolment/confirm'))?.body).toEqual({ token: 'c'.repeat(43), code: '123456' });
  });
});
