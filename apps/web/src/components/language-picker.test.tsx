import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateLanguage } from '@casebridge/shared/contracts/account';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { sessionFixture } from '../test/fixtures.ts';
import { fake, fakeApi } from '../test/fake-api.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LanguagePicker } from './language-picker.tsx';

const reload = vi.fn();

afterEach(() => {
  vi.unstubAllGlobals();
  reload.mockReset();
});

function stubReload() {
  vi.stubGlobal('location', { ...window.location, reload });
}

describe('LanguagePicker', () => {
  it('saves a signed-in user’s new language on the server before it reloads in it', async () => {
    const calls = fakeApi([fake(updateLanguage, ({ body }) => ({ body: { ...sessionFixture('lab').user, language: body.language } }))]);
    stubReload();
    renderWithProviders(<LanguagePicker signedIn />, sessionFixture('lab'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.map((call) => [call.method, call.body])).toEqual([['PUT', { language: 'de' }]]);
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('de');
  });

  it('only stores the language of a visitor', async () => {
    const calls = fakeApi([]);
    stubReload();
    renderWithProviders(<LanguagePicker signedIn={false} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'fr' } });
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls).toEqual([]);
  });
});
