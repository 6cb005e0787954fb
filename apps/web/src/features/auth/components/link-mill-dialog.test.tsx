import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { linkToAccount } from '@casebridge/shared/contracts/invitations';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import type { RoleType } from '@casebridge/shared/constants/roles';
import { millFixture, sessionFixture } from '../../../test/fixtures.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { LinkMillDialog } from './link-mill-dialog.tsx';

function renderFor(type: RoleType) {
  const linked = {
    ...sessionFixture(type, { mills: [millFixture({ id: 3 }), millFixture({ id: 8, millRole: null })], ordersCount: 1 }),
    jwt: 'new-jwt',
  };
  // Only mill 8's invitation: a link to another mill is no request the fake answers.
  const calls = fakeApi([
    fake(linkToAccount, ({ params }) =>
      params.millId === 8
        ? { body: linked }
        : { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'no' } },
    ),
  ]);
  const result = renderRoutes(
    [{ path: '*', element: <LinkMillDialog opened options={{ confirmationToken: 'invitation-token-0123456789', invitedMillId: 8 }} /> }],
    {
      session: sessionFixture(type),
    },
  );
  return { ...result, calls };
}

describe('LinkMillDialog', () => {
  it("takes an invited lab to the inviting mill's welcome page and selects that mill", async () => {
    const user = userEvent.setup();
    const { router } = renderFor('lab');
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/8/lab/home'));
    expect(localStorage.getItem(STORAGE_KEYS.selectedMillId)).toBe('8');
  });

  it('takes invited mill staff the usual way after sign-in', async () => {
    const user = userEvent.setup();
    const { router } = renderFor('mill');
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mills/projects'));
  });
});
