import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dataExportState, deleteAccount, requestDataExport } from '@casebridge/shared/contracts/personal-data';
import { twoFactorStatus } from '@casebridge/shared/contracts/two-factor';
import type { DataExport } from '@casebridge/shared/schemas/personal-data';
import { sessionFixture } from '../../../test/fixtures.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
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
const status = (totp: boolean) =>
  fake(twoFactorStatus, () => ({ body: { totp, passkeys: 0, recoveryCodesLeft: totp ? 10 : 0, required: false } }));
const noExport = fake(dataExportState, () => ({ body: { export: null } }));

const page = (session: ReturnType<typeof sessionFixture>) => renderRoutes(routes, { path: '/account', session });

describe('PersonalDataSection', () => {
  it('asks for an export and shows that it is being prepared', async () => {
    let latest: DataExport | null = null;
    const calls = fakeApi([
      fake(requestDataExport, () => {
        latest = requested;
        return { body: { export: latest } };
      }),
      fake(dataExportState, () => ({ body: { export: latest } })),
      status(false),
    ]);
    page(sessionFixture('lab'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(/we are preparing it/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Download my data' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks the password and the code of a second factor before deleting, then shows the goodbye page', async () => {
    const calls = fakeApi([
      noExport,
      fake(deleteAccount, () => ({ body: { ok: true as const, message: 'Your account is deleted. Goodbye.' } })),
      status(true),
    ]);
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
    fakeApi([
      noExport,
      fake(deleteAccount, () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', code: 'LAST_MILL_ADMIN', message: 'only admin' },
      })),
      status(false),
    ]);
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
