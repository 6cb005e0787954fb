import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmEmail } from '@casebridge/shared/contracts/auth';
import { answerSecondFactor } from '@casebridge/shared/contracts/passkeys';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { sessionFixture } from '../../../test/fixtures.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AuthDialogs } from './auth-dialogs.tsx';
import { HomeQueryParams } from './home-query-params.tsx';

const CHALLENGE_TOKEN = 'challenge-token-0123456789';
const challenge = {
  token: CHALLENGE_TOKEN,
  kind: 'verify' as const,
  methods: ['totp' as const, 'recovery' as const],
  expiresAt: '2030-01-01T00:00:00.000Z',
};

describe('the confirmation link of an account with a second factor', () => {
  it('asks the code before signing in, and signs in with it', async () => {
    const user = userEvent.setup();
    const calls = fakeApi([
      fake(confirmEmail, () => ({ body: { challenge } })),
      fake(answerSecondFactor, () => ({ body: { ...sessionFixture('mill'), jwt: 'new-jwt' } })),
    ]);
    const element = (
      <>
        <HomeQueryParams />
        <AuthDialogs />
      </>
    );
    const { router } = renderRoutes([{ path: '*', element }], { path: '/?confirmation=confirmation-link-token-0123' });

    const code = await screen.findByLabelText(/Code from the authenticator app/);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/auth/sign-in/second-factor'))).toBe(true));
    expect(calls.find((call) => call.url.includes('/second-factor'))?.body).toEqual({ token: CHALLENGE_TOKEN, code: '123456' });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-jwt'));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/'));
  });
});
