import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@casebridge/shared/constants/languages';
import { resources } from '../../../locales/resources.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadErrorText } from '../../../lib/error-message.ts';
import { shouldRetryUpload, uploadDocument } from './uploads.ts';

interface CapturedOptions {
  onShouldRetry: (error: Error, attempt: number, options: unknown) => boolean;
  onError: (error: Error) => void;
}

// What uploadDocument hands to tus-js-client, and a way to fail the upload as the server would.
const tus = vi.hoisted(() => ({ options: [] as CapturedOptions[] }));
vi.mock('tus-js-client', () => ({
  Upload: class {
    constructor(_file: File, options: CapturedOptions) {
      tus.options.push(options);
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    resumeFromPreviousUpload() {}
    start() {}
    abort() {
      return Promise.resolve();
    }
  },
}));

/** A failed tus request as tus-js-client reports it: the response's status and body. */
const failure = (status: number, body: string) =>
  Object.assign(new Error('tus: unexpected response'), {
    originalRequest: {},
    originalResponse: { getStatus: () => status, getBody: () => body },
  });
/** The end of an upload refused because the mill's storage filled up while the file was on its way. */
const storageFull = () =>
  failure(
    409,
    JSON.stringify({ statusCode: 409, code: 'PLAN_LIMIT_REACHED', message: "The mill's plan has no storage left for this file" }),
  );

afterEach(async () => {
  tus.options = [];
  await i18next.changeLanguage('en');
});

describe('a resumable upload refused by the plan', () => {
  it('is not tried again (a retry would send the bytes anew only to be refused), while tus conflicts and outages still are', () => {
    expect(shouldRetryUpload(storageFull())).toBe(false);
    expect(
      shouldRetryUpload(
        failure(409, JSON.stringify({ statusCode: 409, code: 'CONFLICT', message: 'This upload is already being finished' })),
      ),
    ).toBe(false);
    // tus's own offset conflict is plain text: the client asks for the offset and goes on.
    expect(shouldRetryUpload(failure(409, 'Upload-Offset conflict'))).toBe(true);
    expect(shouldRetryUpload(failure(423, 'locked'))).toBe(true);
    expect(shouldRetryUpload(failure(502, 'Bad gateway'))).toBe(true);
    expect(shouldRetryUpload(failure(0, ''))).toBe(true);
    expect(shouldRetryUpload(failure(404, 'Not found'))).toBe(false);
  });

  it('gives tus-js-client that rule, and fails with the code so that the row shows it in the reader language', async () => {
    const file = new File([new Uint8Array(10)], 'jaw.stl');
    const handle = uploadDocument(file, { orderId: 4, componentId: 40 }, () => undefined);
    await vi.waitFor(() => expect(tus.options).toHaveLength(1));
    const options = tus.options[0]!;
    expect(options.onShouldRetry(storageFull(), 0, {})).toBe(false);
    expect(options.onShouldRetry(failure(503, 'busy'), 0, {})).toBe(true);

    options.onError(storageFull());
    const error = await handle.done.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('PLAN_LIMIT_REACHED');
    for (const language of LANGUAGES) {
      await i18next.changeLanguage(language);
      const expected = (resources[language].translation as { errors: Record<string, string> }).errors.PLAN_LIMIT_REACHED;
      expect(uploadErrorText(error)).toBe(expected);
      expect(uploadErrorText(error)).not.toContain('no storage left');
    }
  });
});
