import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DataExport } from '@casebridge/shared/schemas/personal-data';
import { sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderRoutes } from '../../../test/render.tsx';
import { ANY_ROLE, RequireRole } from '../../../app/guards/require-role.tsx';
import { PersonalDataSection } from './personal-data-section.tsx';

const requested: DataExport = {
  id: 1,
  status: 'requested',
  requestedAt: '2026-11-20T08:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  downloadedAt: null,
};

/** The section on a signed-in page (behind the guard, as in the app) and the goodbye page. */
const routes: RouteObject[] = [
  { element: <RequireRole roles={ANY_ROLE} />, children: [{ path: '/account', element: <PersonalDataSection /> }] },
  { path: '/goodbye', element: <p>goodbye page</p> },
  { path: '/', element: <p>home page</p> },
];
const page = (session: ReturnType<typeof sessionFixture>) => renderRoutes(routes, { path: '/account', session });

describe('PersonalDataSection', () => {
  it('asks for an export and shows that it is being prepared', async () => {
    let latest: DataExport | null = null;
    const calls = mockFetch(({ method, path }) => {
      if (path === '/users/me/data-export' && method === 'POST') latest = requested;
      if (path === '/users/me/data-export') return { body: { export: latest } };
      return { body: { totp: false, recoveryCodesLeft: 0, required: false } };
    });
    page(sessionFixture('lab'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(/we are preparing it/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Download my data' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks the password and the code of a second factor before deleting, then shows the goodbye page', async () => {
    const calls = mockFetch(({ method, path }) => {
      if (path === '/users/me/data-export') return { body: { export: null } };
      if (method === 'DELETE') return { body: { ok: true, message: 'Your account is deleted. Goodbye.' } };
      return { body: { totp: true, recoveryCodesLeft: 10, required: false } };
    });
    page(sessionFixture('lab'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    await user.type(within(dialog).getByLabelText(/Current password/), 'a-long-test-password');
    await user.type(await within(dialog).findByLabelText(/Code of your authenticator app/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ password: 'a-long-test-password', code: '123456' }),
    );
    expect(await screen.findByText('goodbye page')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows why a deletion was refused and stays', async () => {
    mockFetch(({ method, path }) => {
      if (path === '/users/me/data-export') return { body: { export: null } };
      if (method === 'DELETE')
        return { status: 409, body: { statusCode: 409, error: 'Conflict', code: 'LAST_MILL_ADMIN', message: 'only admin' } };
      return { body: { totp: false, recoveryCodesLeft: 0, required: false } };
    });
    page(sessionFixture('mill'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText(/Code of your authenticator app/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/Current password/), 'a-long-test-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(/You are the only administrator of a mill/)).toBeTruthy();
    expect(screen.queryByText('goodbye page')).toBeNull();
  });
});
