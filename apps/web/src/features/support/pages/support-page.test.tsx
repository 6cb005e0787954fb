import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getDesktopApp } from '@casebridge/shared/contracts/desktop-app';
import { sendSupportMessage } from '@casebridge/shared/contracts/support';
import type { DesktopAppRelease } from '@casebridge/shared/schemas/desktop-app';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SupportPage } from './support-page.tsx';

describe('SupportPage', () => {
  it("lets a mill user write to support about the selected mill, in the mill's own words", async () => {
    const calls = fakeApi([fake(sendSupportMessage, () => ({ body: { ok: true as const, message: 'Email sent' } }))]);
    const user = userEvent.setup();
    renderWithProviders(<SupportPage />, sessionFixture('mill'));
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeTruthy();
    expect(screen.getByText('Write to the CaseBridge support team about Alpine Milling.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Download app' })).toBeTruthy();

    await user.type(screen.getByLabelText(/^Topic/), 'Invoice address');
    await user.type(screen.getByLabelText(/^Message/), 'Please change our invoice address.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toMatch(/^\/api\/mills\/7\/support\/contact\/send-email\?/);
  });

  it('tells a lab that support knows which mill it works with', () => {
    fakeApi([]);
    renderWithProviders(<SupportPage />, sessionFixture('lab'));
    expect(screen.getByText('Write to the CaseBridge support team. We will know that you work with Alpine Milling.')).toBeTruthy();
  });

  describe('the Download app tab (issue 24 item 9)', () => {
    const release: DesktopAppRelease = {
      version: '2.4.1',
      releaseNotes: 'Faster nesting.\nNew crown library.',
      kind: 'file',
      url: '/api/desktop-app/installer',
      fileName: 'casebridge-setup.exe',
      fileSize: 2048,
      updatedAt: '2026-11-20T10:00:00.000Z',
    };

    it('shows the version and release notes, asks nothing that fails, and leaves the download to a click on its link', async () => {
      const calls = fakeApi([fake(getDesktopApp, () => ({ body: { release } }))]);
      const user = userEvent.setup();
      renderWithProviders(<SupportPage />, sessionFixture('lab'));
      await user.click(screen.getByRole('tab', { name: 'Download app' }));
      expect(await screen.findByRole('heading', { name: 'Version 2.4.1' })).toBeTruthy();
      expect(screen.getByText(/Faster nesting\.\s+New crown library\./)).toBeTruthy();
      const download = screen.getByRole('link', { name: 'Download the desktop app' });
      expect(download.getAttribute('href')).toBe('/api/desktop-app/installer');
      expect(download.getAttribute('download')).toBe('casebridge-setup.exe');
      // One question on opening, answered 200; the installer itself is fetched only by the click.
      expect(calls.map((call) => call.url.split('?')[0])).toEqual(['/api/desktop-app']);
    });

    it('says "App is not available" when none is set, without a failing request', async () => {
      const calls = fakeApi([fake(getDesktopApp, () => ({ body: { release: null } }))]);
      const user = userEvent.setup();
      renderWithProviders(<SupportPage />, sessionFixture('mill'));
      await user.click(screen.getByRole('tab', { name: 'Download app' }));
      expect(await screen.findByText('App is not available')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Download the desktop app' })).toBeNull();
      expect(calls).toHaveLength(1);
    });

    it('opens an external link in a new tab', async () => {
      fakeApi([
        fake(getDesktopApp, () => ({
          body: {
            release: { ...release, kind: 'link' as const, url: 'https://downloads.example.test/setup.exe', fileName: null, fileSize: null },
          },
        })),
      ]);
      const user = userEvent.setup();
      renderWithProviders(<SupportPage />, sessionFixture('lab'));
      await user.click(screen.getByRole('tab', { name: 'Download app' }));
      const download = await screen.findByRole('link', { name: 'Download the desktop app' });
      expect(download.getAttribute('href')).toBe('https://downloads.example.test/setup.exe');
      expect(download.getAttribute('target')).toBe('_blank');
      expect(download.getAttribute('download')).toBeNull();
    });
  });
});
