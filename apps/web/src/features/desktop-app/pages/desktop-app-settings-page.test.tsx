import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
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

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

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

  it("shows each field error in the reader's words under its field and sends nothing", async () => {
    const calls = fakeApi([fake(contracts.getDesktopApp, () => ({ body: { release: null } }))]);
    const user = userEvent.setup();
    renderWithProviders(<DesktopAppSettingsPage />, sessionFixture('manager'));

    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByText('Choose the installer file').getAttribute('role')).toBe('alert');
    expect(screen.getByRole('textbox', { name: /^Version/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the version')).toBeTruthy();
    // The errors follow the reader's language.
    await act(() => i18next.changeLanguage('de'));
    expect(screen.getByText('Geben Sie die Version ein')).toBeTruthy();
    await act(() => i18next.changeLanguage('en'));

    await user.click(screen.getByRole('radio', { name: 'An external link' }));
    await user.type(screen.getByRole('textbox', { name: /^Download link/ }), 'http://downloads.example.test/setup.exe');
    await user.type(screen.getByRole('textbox', { name: /^Version/ }), '2.1.0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a link that starts with https://')).toBeTruthy();
    expect(screen.queryByText('Enter the version')).toBeNull();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("puts the server's field error under the installer when there is no download to keep", async () => {
    const calls = fakeApi([
      fake(contracts.getDesktopApp, () => ({ body: saved })),
      fake(contracts.updateDesktopApp, () => ({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: 'x', errors: { url: ['FILE_REQUIRED'] } },
      })),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<DesktopAppSettingsPage />, sessionFixture('manager'));

    expect(await screen.findByText('The current installer setup.exe stays')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: /^Version/ }));
    await user.type(screen.getByRole('textbox', { name: /^Version/ }), '2.2.0');
    // A change is an unsaved change: leaving now asks first.
    expect(localStorage.getItem(STORAGE_KEYS.formDirty)).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a file.');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ version: '2.2.0', releaseNotes: '' }]);
  });
});
