import { sendSignal, startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@casebridge/shared/contracts/auth';
import { answerSecondFactor, passkeySignIn, passkeySignInOptions } from '@casebridge/shared/contracts/passkeys';
import { sessionFixture } from '../../../test/fixtures.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SignInDialog } from './sign-in-dialog.tsx';

// The browser's passkey prompt: jsdom has none, and the tests choose its answer.
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), sendSignal: vi.fn(async () => undefined) }));

/** What the browser's passkey prompt answers (`AuthenticationResponseJSON`), as the contract checks it. */
const assertion = {
  id: 'credential',
  rawId: 'credential',
  type: 'public-key' as const,
  response: { clientDataJSON: 'Y2xpZW50', authenticatorData: 'YXV0aA', signature: 'c2ln' },
  clientExtensionResults: {},
};
const requestOptions = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };
const refusedByBrowser = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });

afterEach(() => {
  vi.mocked(startAuthentication).mockReset();
  vi.mocked(sendSignal).mockClear();
});

/** The API of a password-free sign-in and of a password sign-in whose second factor is a passkey. */
const signedIn = { body: { ...sessionFixture('lab'), jwt: 'jwt' } };
const unknownPasskey = {
  status: 400 as const,
  body: { statusCode: 400, error: 'Bad Request', code: 'PASSKEY_UNKNOWN' as const, message: 'This passkey is not known here.' },
};

function stubApi(answer: typeof signedIn | typeof unknownPasskey) {
  const challenge = {
    token: 'c'.repeat(43),
    kind: 'verify' as const,
    methods: ['passkey' as const],
    passkeyOptions: requestOptions,
    expiresAt: '2030-01-01T00:00:00.000Z',
  };
  return fakeApi([
    fake(passkeySignInOptions, () => ({ body: { options: requestOptions } })),
    fake(passkeySignIn, () => answer),
    fake(signIn, () => ({ body: { challenge } })),
    fake(answerSecondFactor, () => answer),
  ]);
}

function renderDialog() {
  return renderRoutes([
    { path: '/', element: <SignInDialog opened options={{}} /> },
    { path: '/lab/*', element: <p>lab area</p> },
  ]);
}

describe('signing in with a passkey, no password', () => {
  it('sends the browser’s answer and lands in the user’s area', async () => {
    const calls = stubApi(signedIn);
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const { router } = renderDialog();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/lab/));
    expect(vi.mocked(startAuthentication).mock.calls[0]?.[0]).toEqual({ optionsJSON: requestOptions });
    expect(calls.find((call) => call.url.includes('/auth/passkey?'))?.body).toEqual({ response: assertion });
  });

  it('says in words when the browser refuses (the prompt was cancelled or timed out)', async () => {
    const calls = stubApi(signedIn);
    vi.mocked(startAuthentication).mockRejectedValue(refusedByBrowser);
    renderDialog();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The passkey prompt was cancelled or timed out. Please try again.')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/auth/passkey?'))).toBe(false);
    expect(sendSignal).not.toHaveBeenCalled();
  });

  it('shows only the latest way’s failure: a wrong password, then a refused passkey', async () => {
    fakeApi([
      fake(signIn, () => ({
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: 'Wrong email or password' },
      })),
      fake(passkeySignInOptions, () => ({ body: { options: requestOptions } })),
    ]);
    vi.mocked(startAuthentication).mockRejectedValue(refusedByBrowser);
    renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/, { selector: 'input' }), 'lab@demo-lab.test');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const wrongPassword = (await screen.findByRole('alert')).textContent;
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The passkey prompt was cancelled or timed out. Please try again.')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([wrongPassword]));
  });

  it('says the portal no longer knows a passkey the device still holds, and asks the device to forget it', async () => {
    stubApi(unknownPasskey);
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    renderDialog();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await screen.findByText('This passkey is not known here (it may have been removed). Sign in with your password or another passkey.'),
    ).toBeTruthy();
    expect(vi.mocked(sendSignal).mock.calls).toEqual([
      [{ signalName: 'unknownCredential', rpID: 'localhost', credentialID: 'credential' }],
    ]);
  });
});

describe('a passkey as the second factor', () => {
  it('says in words when the browser refuses, and then signs in on a second press', async () => {
    stubApi(signedIn);
    vi.mocked(startAuthentication)
      .mockRejectedValueOnce(refusedByBrowser)
      .mockResolvedValueOnce(assertion as never);
    const { router } = renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/, { selector: 'input' }), 'lab@demo-lab.test');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'lab-sign-in-phrase');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('The passkey prompt was cancelled or timed out. Please try again.')).toBeTruthy();
    // Only a passkey here: no code field to fall back on.
    expect(screen.queryByLabelText(/^Code from the authenticator app/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/lab/));
  });
});
