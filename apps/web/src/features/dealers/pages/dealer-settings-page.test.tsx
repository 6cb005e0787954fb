import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReminderPreview } from '@casebridge/shared/schemas/ticket-reminders';
import { sessionFixture } from '../../../test/fixtures.ts';
import { previewReminders } from '@casebridge/shared/contracts/ticket-reminders';
import { updateUserSettings } from '@casebridge/shared/contracts/user-settings';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DealerSettingsPage } from './dealer-settings-page.tsx';

const none = { count: 0, tickets: [] };
const preview = (overrides: Partial<ReminderPreview>): ReminderPreview => ({
  enabled: true,
  leadDays: 10,
  frequency: 'weekly',
  nextDigestOn: '2030-03-04',
  upcoming: none,
  expired: none,
  overdue: none,
  ...overrides,
});

/** The settings endpoints as the server answers them: the saved user, and the given preview of the next reminder. */
function serve(reminder: ReminderPreview) {
  return fakeApi([
    fake(previewReminders, () => ({ body: reminder })),
    fake(updateUserSettings, () => ({ body: sessionFixture('dealer').user })),
  ]);
}

describe('DealerSettingsPage', () => {
  it('shows the stored reminder settings and saves the changed ones with the rest', async () => {
    const calls = serve(preview({ enabled: false, nextDigestOn: null }));
    const user = userEvent.setup();
    renderWithProviders(<DealerSettingsPage />, sessionFixture('dealer'));
    const lead = await screen.findByLabelText('Start reminding', { selector: 'input' });
    expect((lead as HTMLInputElement).value).toBe('10 days before');
    expect((screen.getByLabelText('How often', { selector: 'input' }) as HTMLInputElement).value).toBe('Weekly (Mondays)');

    await user.click(lead);
    await user.click(await screen.findByRole('option', { name: '30 days before', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      body: { pageSize: 10, ticketExpiryReminder: true, ticketExpiryReminderDays: 30, ticketExpiryReminderFrequency: 'weekly' },
    });
  });

  it('turns the reminders off and greys out their lead time and frequency', async () => {
    const calls = serve(preview({ enabled: false, nextDigestOn: null }));
    const user = userEvent.setup();
    renderWithProviders(<DealerSettingsPage />, sessionFixture('dealer'));
    await user.click(await screen.findByRole('switch', { name: 'Remind me before tickets expire' }));
    expect((screen.getByLabelText('Start reminding', { selector: 'input' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('How often', { selector: 'input' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ body: { ticketExpiryReminder: false } }));
  });

  describe('the preview of the next reminder', () => {
    const respondWith = serve;

    it('shows the day of the next digest and its tickets per stage, counting those it does not list', async () => {
      const ticket = (id: number, key: string, licenceExpiry: string) => ({
        id,
        key,
        product: 'Mill Pro',
        licenceExpiry,
        dealerName: 'Demo Dealer North',
      });
      respondWith(
        preview({
          upcoming: { count: 1, tickets: [ticket(1, 'AAAAA-11111-BBBBB-22222-CCCCC', '2030-03-10')] },
          expired: { count: 23, tickets: [ticket(2, 'DDDDD-33333-EEEEE-44444-FFFFF', '2030-03-01')] },
        }),
      );
      renderWithProviders(<DealerSettingsPage />, sessionFixture('dealer'));
      expect(await screen.findByText('Your next reminder goes out on 04.03.2030, with these tickets of your dealer network:')).toBeTruthy();
      const upcoming = screen.getByRole('table', { name: 'Expiring within 10 days' });
      expect(upcoming.textContent).toContain('AAAAA-11111-BBBBB-22222-CCCCC');
      expect(upcoming.textContent).toContain('10.03.2030');
      expect(upcoming.textContent).toContain('Demo Dealer North');
      expect(screen.getByRole('table', { name: 'Expired' }).textContent).toContain('DDDDD-33333-EEEEE-44444-FFFFF');
      expect(screen.getByText('… and 22 more tickets')).toBeTruthy();
      expect(screen.queryByRole('table', { name: 'Still expired a week later, not renewed' })).toBeNull();
    });

    it('says so when the next digest would hold nothing', async () => {
      respondWith(preview({}));
      renderWithProviders(<DealerSettingsPage />, sessionFixture('dealer'));
      expect(await screen.findByText('No ticket of your dealer network is due for it: nothing will be sent.')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    });

    it('says no reminder goes while reminders are off', async () => {
      respondWith(preview({ enabled: false, nextDigestOn: null }));
      renderWithProviders(<DealerSettingsPage />, sessionFixture('dealer'));
      expect(await screen.findByText('Reminders are off: no reminder will be sent. Turn them on above and save.')).toBeTruthy();
    });

    it('asks for the preview again after saving the settings', async () => {
      const calls = respondWith(preview({}));
      const user = userEvent.setup();
      renderWithProviders(<DealerSettingsPage />, sessionFixture('dealer'));
      await screen.findByText('No ticket of your dealer network is due for it: nothing will be sent.');
      const previews = () => calls.filter((call) => call.url.includes('/ticket-reminders/preview')).length;
      expect(previews()).toBe(1);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(previews()).toBe(2));
    });
  });
});
