import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '@casebridge/shared/constants/languages';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SignInDialog } from './sign-in-dialog.tsx';
import { SignUpDialog } from './sign-up-dialog.tsx';

async function inLanguage(lng: Language) {
  await act(() => i18next.changeLanguage(lng));
}

afterEach(async () => {
  await inLanguage('en');
});

describe('agreement and sign-in wording', () => {
  // The article of each document agrees with it; a prefix shared by both cannot.
  it.each([
    ['fr', "J'accepte les Conditions d'utilisation", "J'accepte l'Accord de traitement des données"],
    ['it', 'Accetto i Termini di servizio', "Accetto l'Accordo sul trattamento dei dati"],
    ['sp', 'Acepto los Términos del servicio', 'Acepto el Acuerdo de tratamiento de datos'],
    ['en', 'I accept the Terms of service', 'I accept the Data processing agreement'],
  ] as const)('%s: the agreements read as sentences', async (lng, terms, dataProcessing) => {
    fakeApi([]);
    await inLanguage(lng);
    renderWithProviders(<SignUpDialog opened />);
    expect(screen.getByRole('checkbox', { name: terms })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: dataProcessing })).toBeTruthy();
  });

  it('fr: the sign-in dialog is named like the button that opens it', async () => {
    fakeApi([]);
    await inLanguage('fr');
    renderWithProviders(<SignInDialog opened options={{}} />);
    const button = i18next.t('auth.signIn.submit');
    expect(button).toBe('Se connecter');
    expect(await screen.findByRole('dialog', { name: button })).toBeTruthy();
  });
});
