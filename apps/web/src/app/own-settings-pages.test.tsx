import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listPasskeys } from '@casebridge/shared/contracts/passkeys';
import { dataExportState, requestDataExport } from '@casebridge/shared/contracts/personal-data';
import { previewReminders } from '@casebridge/shared/contracts/ticket-reminders';
import { startTotp, twoFactorStatus } from '@casebridge/shared/contracts/two-factor';
import { readPlatformRequirement, setPlatformRequirement } from '@casebridge/shared/contracts/two-factor-admin';
import { listSessions } from '@casebridge/shared/contracts/user-sessions';
import type { DataExport } from '@casebridge/shared/schemas/personal-data';
import type { ReminderPreview } from '@casebridge/shared/schemas/ticket-reminders';
import { fake, fakeApi } from '../test/fake-api.ts';
import { MANAGER_DEALER_ACTIONS, sessionFixture } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { DealerSettingsPage, ManagerSettingsPage } from './own-settings-pages.tsx';

const none = { count: 0, tickets: [] };
/** The dealer's ticket reminders, off. */
const remindersOff: ReminderPreview = {
  enabled: false,
  leadDays: 10,
  frequency: 'weekly',
  nextDigestOn: null,
  upcoming: none,
  expired: none,
  overdue: none,
};

/** What the two pages and their account sections ask for, answered as the contracts say; anything else is refused. */
function stubApi() {
  let platform = { required: false };
  let dataExport: DataExport | null = null;
  return fakeApi([
    fake(dataExportState, () => ({ body: { export: dataExport } })),
    fake(requestDataExport, () => {
      dataExport = {
        id: 1,
        status: 'requested',
        requestedAt: '2026-11-20T08:00:00.000Z',
        readyAt: null,
        expiresAt: null,
        downloadedAt: null,
      };
      return { body: { export: dataExport } };
    }),
    fake(listPasskeys, () => ({ body: { passkeys: [] } })),
    fake(listSessions, () => ({ body: { sessions: [] } })),
    fake(twoFactorStatus, () => ({ body: { totp: false, passkeys: 0, recoveryCodesLeft: 0, required: true } })),
    fake(startTotp, () => ({ body: { uri: 'otpauth://totp/CaseBridge:ada?secret=ABC', secret: 'ABC' } })),
    fake(readPlatformRequirement, () => ({ body: platform })),
    fake(setPlatformRequirement, ({ body }) => {
      platform = body;
      return { body: platform };
    }),
    fake(previewReminders, () => ({ body: remindersOff })),
  ]);
}

describe('the manager’s and the dealer’s own settings pages', () => {
  it('give the manager the platform’s requirement, confirmed first, and their own two-factor sign-in', async () => {
    const calls = stubApi();
    renderWithProviders(
      <ManagerSettingsPage />,
      sessionFixture('manager', { actions: [...MANAGER_DEALER_ACTIONS, 'platform.requireTwoFactor'] }),
    );
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(await screen.findByText(/Your organisation requires two-factor sign-in/)).toBeTruthy();
    const toggle = await screen.findByRole('switch', { name: /^Require two-factor sign-in for managers and dealers/ });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Require two-factor sign-in?' })).getByRole('button', { name: 'Require it' }),
    );
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ required: true }]);
  });

  it('give the dealer the enrolment with a QR code on their settings page', async () => {
    stubApi();
    renderWithProviders(<DealerSettingsPage />, sessionFixture('dealer'));
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    // Passkeys and the signed-in devices too, as on the mill's and lab's account page.
    expect(screen.getByRole('heading', { name: 'Passkeys' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Signed-in devices' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: /^Require two-factor sign-in for managers and dealers/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByTestId('totp-secret')).toHaveProperty('textContent', 'ABC');
  });

  it.each([
    ['manager', () => <ManagerSettingsPage />],
    ['dealer', () => <DealerSettingsPage />],
  ] as const)('give the %s "Your data": the export asked for, the deletion behind its confirmation', async (role, page) => {
    const calls = stubApi();
    renderWithProviders(page(), sessionFixture(role));
    const section = await screen.findByRole('region', { name: 'Your data' });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));
    expect(await within(section).findByText(/we are preparing it/)).toBeTruthy();
    const posted = calls.filter((call) => call.method === 'POST').map((call) => new URL(call.url, 'http://localhost').pathname);
    expect(posted).toEqual(['/api/users/me/data-export']);
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    expect(within(dialog).getByLabelText(/Current password/)).toBeTruthy();
  });
});
