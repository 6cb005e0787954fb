import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderRoutes } from '../../../test/render.tsx';
import { AuthDialogs } from './auth-dialogs.tsx';
import { HomeQueryParams } from './home-query-params.tsx';

const challenge = { token: 'challenge-token', kind: 'verify', methods: ['totp', 'recovery'], expiresAt: '2030-01-01T00:00:00.000Z' };

describe('the confirmation link of an account with a second factor', () => {
  it('asks the code before signing in, and signs in with it', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(({ method, path }) => {
      if (method === 'GET' && path === '/auth/email-confirmation') return { body: { challenge } };
      if (method === 'POST' && path === '/auth/sign-in/second-factor') return { body: { ...sessionFixture('mill'), jwt: 'new-jwt' } };
      return { status: 404, body: {} };
    });
    const element = (
      <>
        <HomeQueryParams />
        <AuthDialogs />
      </>
    );
    const { router } = renderRoutes([{ path: '*', element }], { path: '/?confirmation=link-token' });

    const code = await screen.findByLabelText(/Code from the authenticator app/);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/auth/sign-in/second-factor'))).toBe(true));
    expect(calls.find((call) => call.url.includes('/second-factor'))?.body).toEqual({ token: 'challenge-token', code: '123456' });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-jwt'));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/'));
  });
});
