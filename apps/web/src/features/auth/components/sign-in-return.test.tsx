import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn } from '@casebridge/shared/contracts/auth';
import { sessionFixture } from '../../../test/fixtures.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SignInDialog } from './sign-in-dialog.tsx';

/** The data export's mailed link asks a visitor to sign in first, then opens itself (docs/privacy.md). */
async function signInWith(returnTo: string) {
  fakeApi([fake(signIn, () => ({ body: { ...sessionFixture('lab'), jwt: 'jwt' } }))]);
  const { router } = renderRoutes([
    { path: '/', element: <SignInDialog opened options={{ returnTo }} /> },
    { path: '/data-export/:token', element: <p>export</p> },
    { path: '/lab/account', element: <p>lab home</p> },
  ]);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Email/, { selector: 'input' }), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return router;
}

describe('signing in from a page a guard asked it for', () => {
  it('returns to the data export link', async () => {
    const router = await signInWith('/data-export/abc123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/data-export/abc123'));
  });

  it("lands on the role's home from any other page (spec §2)", async () => {
    const router = await signInWith('/mill/settings');
    // The fixture's lab has no company information yet: its home is the company page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/lab/account'));
  });
});
