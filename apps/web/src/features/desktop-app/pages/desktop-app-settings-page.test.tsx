import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/desktop-app';
import type { SuccessOf } from '@casebridge/shared/contracts/core';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { fakeUpload } from '../../../test/fake-upload.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DesktopAppSettingsPage } from './desktop-app-settings-page.tsx';

const saved: SuccessOf<typeof contracts.uploadDesktopInstaller> = {
  release: {
    version: '2.1.0',
    releaseNotes: '',
    kind: 'file',
    url: '/api/desktop-app/installer',
    fileName: 'setup.exe',
    fileSize: 8,
    updatedAt: '2026-11-27T10:00:00.000Z',
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('DesktopAppSettingsPage', () => {
  it('shows the installer upload progress and keeps Save disabled until the upload ends', async () => {
    fakeApi([fake(contracts.getDesktopApp, () => ({ body: { release: null } }))]);
    const upload = fakeUpload(saved, { progress: 25, held: true });
    const user = userEvent.setup();
    renderWithProviders(<DesktopAppSettingsPage />, sessionFixture('manager'));

    await user.upload(await screen.findByLabelText('Choose the installer'), new File(['MZ'], 'setup.exe'));
    await user.type(screen.getByRole('textbox', { name: /^Version/ }), '2.1.0');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const bar = await screen.findByRole('progressbar', { name: 'Installer upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('Uploading the installer: 25%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(upload.opened[0]).toMatch(/^POST \/api\/desktop-app\/installer\?/);

    upload.release();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Installer upload progress' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });
});
