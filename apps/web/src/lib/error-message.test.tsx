import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, type ApiErrorBody } from '@casebridge/shared/errors';
import type { Client } from '@casebridge/shared/schemas/clients';
import { LANGUAGES } from '@casebridge/shared/constants/languages';
import { resources } from '../locales/resources.ts';
import { clientFixture, sessionFixture } from '../test/fixtures.ts';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { CustomerImportPage } from '../features/customer-import/pages/customer-import-page.tsx';
import { ClientRowActions } from '../features/clients/components/client-row-actions.tsx';
import { ApiError } from './api-client.ts';
import { describeError, describeServerError, errorCodeKey, uploadErrorText } from './error-message.ts';
import { tusError } from '../features/orders/api/uploads.ts';

/** Keys under `errors` that are the web app's own, not server codes. */
const WEB_ONLY_KEYS = ['network', 'unknown'];

const apiError = (body: Partial<ApiErrorBody> & Pick<ApiErrorBody, 'code'>) =>
  new ApiError({ statusCode: 409, error: 'Conflict', message: 'English text from the server', ...body });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('error code translations', () => {
  it.each(LANGUAGES)('%s has a non-empty text for every server error code and no stray error keys', (language) => {
    const errors = (resources[language].translation as { errors: Record<string, unknown> }).errors;
    const missing = ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || (errors[code] as string).trim() === '');
    expect(missing).toEqual([]);
    const codes = new Set<string>([...ERROR_CODES, ...WEB_ONLY_KEYS]);
    expect(Object.keys(errors).filter((key) => !codes.has(key))).toEqual([]);
  });

  it('has distinct words for the specific codes (no language copies English wholesale)', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const errors = (resources[language].translation as { errors: Record<string, string> }).errors;
      const english = (resources.en.translation as { errors: Record<string, string> }).errors;
      const copied = ERROR_CODES.filter((code) => errors[code] === english[code] && !/\d{4} \d{4}/.test(english[code]!));
      expect(copied, language).toEqual([]);
    }
  });
});

describe('describeError', () => {
  it('shows the translation of the code, never the server English, in the reader language', async () => {
    await i18next.changeLanguage('de');
    const error = apiError({ code: 'CLIENT_BLOCKED_BY_SYSTEM' });
    expect(describeError(i18next.t, error)).toBe(resources.de.translation.errors.CLIENT_BLOCKED_BY_SYSTEM);
    expect(describeServerError(i18next.t, error)).toBe(resources.de.translation.errors.CLIENT_BLOCKED_BY_SYSTEM);
  });

  it('prefers a specific field code over a generic top-level code', async () => {
    await i18next.changeLanguage('fr');
    const error = apiError({ statusCode: 400, code: 'VALIDATION_FAILED', errors: { file: ['CSV_FILE_REQUIRED'] } });
    expect(describeError(i18next.t, error)).toBe(resources.fr.translation.errors.CSV_FILE_REQUIRED);
  });

  it('falls back to the server message only for a code it has no words for, and only in English', async () => {
    const unknown = apiError({ code: 'SOMETHING_NEW' as never, message: 'Told by a newer server' });
    expect(describeError(i18next.t, unknown)).toBe('Told by a newer server');
    // A generic code keeps the server's more precise sentence where the caller asks for it.
    expect(describeServerError(i18next.t, apiError({ code: 'CONFLICT', message: 'Precise words' }))).toBe('Precise words');
    expect(describeError(i18next.t, apiError({ code: 'CONFLICT' }))).toBe(resources.en.translation.errors.CONFLICT);
    // Issue 24 item 22: a reader of another language never gets the server's English.
    await i18next.changeLanguage('de');
    expect(describeError(i18next.t, unknown)).toBe(resources.de.translation.errors.unknown);
    expect(describeServerError(i18next.t, apiError({ code: 'CONFLICT', message: 'Precise words' }))).toBe(
      resources.de.translation.errors.CONFLICT,
    );
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'translates field errors in %s, an unknown code as the generic text',
    async (language) => {
      await i18next.changeLanguage(language);
      const errors = resources[language].translation.errors;
      expect(i18next.t(errorCodeKey('EMAIL_TAKEN'))).toBe(errors.EMAIL_TAKEN);
      expect(i18next.t(errorCodeKey('SOMETHING_NEW'))).toBe(errors.unknown);
      expect(errorCodeKey('EMAIL_TAKEN')).toBe('errors.EMAIL_TAKEN');
      expect(errorCodeKey('SOMETHING_NEW')).toBe('errors.unknown');
    },
  );
});

describe('a German reader and an API refusal', () => {
  it('reads a refused resumable upload in German, a failure without our code as the network failure', async () => {
    await i18next.changeLanguage('de');
    const refusal = (body: string) => Object.assign(new Error('tus: unexpected response'), { originalResponse: { getBody: () => body } });
    const tooLarge = tusError(
      refusal(JSON.stringify({ statusCode: 413, code: 'UPLOAD_TOO_LARGE', message: 'The file is larger than uploads may be' })),
    );
    expect(uploadErrorText(tooLarge)).toBe(resources.de.translation.errors.UPLOAD_TOO_LARGE);
    // A failure without our code (a proxy's page, the network) is the network failure in German.
    expect(uploadErrorText(tusError(refusal('Maximum size exceeded\n')))).toBe(resources.de.translation.errors.network);
    expect(uploadErrorText(new Error('offline'))).toBe(resources.de.translation.errors.network);
    await i18next.changeLanguage('en');
    expect(uploadErrorText(new Error('offline'))).toBe('offline');
  });

  it.each([
    ['a specific code', 'CLIENT_BLOCKED_BY_SYSTEM', resources.de.translation.errors.CLIENT_BLOCKED_BY_SYSTEM],
    ['a generic code', 'CONFLICT', resources.de.translation.errors.CONFLICT],
  ] as const)('reads a refused block with %s all in German', async (_kind, code, text) => {
    await i18next.changeLanguage('de');
    const body: ApiErrorBody = {
      statusCode: 409,
      error: 'Conflict',
      code,
      message: 'This client was blocked by the system administrator. Please contact your admin.',
    };
    mockFetch(() => ({ status: 409, body }));
    const user = userEvent.setup();
    const lab: Client = clientFixture();
    renderWithProviders(<ClientRowActions millId={1} client={lab} />, sessionFixture('mill'));
    const de = resources.de.translation;
    await user.click(await screen.findByRole('button', { name: de.clients.blockNamed.replace('{{name}}', 'Lena Lab') }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: de.clients.block }));
    expect(await screen.findByText(de.clients.blockFailed)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText(/blocked by the system administrator/)).toBeNull();
  });

  it('gets the German text in the toast when an import is already running (409)', async () => {
    await i18next.changeLanguage('de');
    mockFetch(() => ({ body: { status: 'idle', dataImportLog: null } }));
    // The upload goes through XMLHttpRequest; the server refuses it as a second running import.
    class RefusingXhr {
      status = 409;
      statusText = 'Conflict';
      responseText = JSON.stringify({
        statusCode: 409,
        error: 'Conflict',
        code: 'IMPORT_ALREADY_RUNNING',
        message: 'A customer import is already running. Please wait until it has finished.',
      });
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', RefusingXhr);
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<CustomerImportPage />, sessionFixture('manager'));
    const de = resources.de.translation;
    const input = await screen.findByLabelText(de.customerImport.chooseFile);
    await user.upload(input, new File(['customerId;dealerId'], 'customers.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: de.customerImport.upload }));
    expect(await screen.findByText(de.errors.IMPORT_ALREADY_RUNNING)).toBeTruthy();
    expect(screen.queryByText(/already running/)).toBeNull();
  });
});
