import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { DealerSettingsPage } from './dealer-settings-page.tsx';

describe('DealerSettingsPage', () => {
  it('shows the stored reminder settings and saves the changed ones with the rest', async () => {
    const calls = mockFetch(() => ({ body: {} }));
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
    const calls = mockFetch(() => ({ body: {} }));
    const user = userEvent.setup();
    renderWithProviders(<DealerSettingsPage />, sessionFixture('dealer'));
    await user.click(await screen.findByRole('switch', { name: 'Remind me before tickets expire' }));
    expect((screen.getByLabelText('Start reminding', { selector: 'input' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('How often', { selector: 'input' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ body: { ticketExpiryReminder: false } }));
  });
});
