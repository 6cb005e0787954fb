import { vi } from 'vitest';
import { answerFor, failOnRefusals, type FakeRoute } from './fake-api.ts';

type ProgressEvent = { lengthComputable: boolean; loaded: number; total: number };

export interface FakeUploadOptions {
  status?: number;
  /** Percent of the body reported sent before the answer. */
  progress?: number;
  /** Hold the answer until `release()` is called, so a test can look at the page mid-upload. */
  held?: boolean;
}

/**
 * Stands in for XMLHttpRequest, which uploads use because only it reports progress: records what
 * was opened and sent, reports `progress` percent, then answers `answer` with `status`.
 */
export function fakeUpload(answer: unknown, { status = 200, ...options }: FakeUploadOptions = {}) {
  return stubXhr(() => ({ status, body: answer }), options);
}

/**
 * `fakeUpload` on the contract fake (fake-api.ts): it answers only an upload the route's contract
 * describes (method, path, file name, `data` part), only with an answer that contract describes;
 * anything else fails the request and, when the test ends, the test.
 */
export function fakeContractUpload(route: FakeRoute, options: Omit<FakeUploadOptions, 'status'> = {}) {
  const refused = failOnRefusals();
  return stubXhr((method, url, form) => {
    try {
      return answerFor([route], { method, url, body: form });
    } catch (error) {
      refused(error);
      throw error;
    }
  }, options);
}

type Respond = (method: string, url: string, form: FormData) => { status: number; body: unknown };

function stubXhr(respond: Respond, { progress = 50, held = false }: Omit<FakeUploadOptions, 'status'>) {
  const sent: FormData[] = [];
  const opened: string[] = [];
  let release!: () => void;
  const released = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request = { method: '', url: '' };
    open(method: string, url: string) {
      opened.push(`${method} ${url}`);
      this.request = { method, url };
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push(body);
      let answer;
      try {
        answer = respond(this.request.method, this.request.url, body);
      } catch {
        // Like fetch on the contract fake: a refused request fails as if the network did.
        queueMicrotask(() => this.onerror?.());
        return;
      }
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      queueMicrotask(() => this.upload.onprogress?.({ lengthComputable: true, loaded: progress, total: 100 }));
      void released.then(() => queueMicrotask(() => this.onload?.()));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, opened, release: () => release?.() };
}
