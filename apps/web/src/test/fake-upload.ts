import { vi } from 'vitest';

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
export function fakeUpload(answer: unknown, { status = 200, progress = 50, held = false }: FakeUploadOptions = {}) {
  const sent: FormData[] = [];
  const opened: string[] = [];
  let release!: () => void;
  const released = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  class FakeXhr {
    status = status;
    statusText = '';
    responseText = JSON.stringify(answer);
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      opened.push(`${method} ${url}`);
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push(body);
      queueMicrotask(() => this.upload.onprogress?.({ lengthComputable: true, loaded: progress, total: 100 }));
      void released.then(() => queueMicrotask(() => this.onload?.()));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, opened, release: () => release?.() };
}
