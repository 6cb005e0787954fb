import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TUS_CHUNK_BYTES } from '@casebridge/shared/constants/uploads';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { createOrder, deleteOrder, listLabDrafts, submitOrder } from '@casebridge/shared/contracts/orders';
import type { DraftOrder } from '@casebridge/shared/schemas/orders';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes, type FetchCall } from '../../../test/render.tsx';
import { draftFixture, notFound } from '../test/order-fixtures.ts';
import { NewOrderPage } from './new-order-page.tsx';

interface FakeUploadOptions {
  endpoint: string;
  metadata: Record<string, string>;
  headers: Record<string, string>;
  chunkSize: number;
  retryDelays: number[];
  removeFingerprintOnSuccess: boolean;
  fingerprint: (file: File, options: FakeUploadOptions) => Promise<string>;
  onProgress: (sent: number, total: number) => void;
  onAfterResponse: (request: { getMethod: () => string }, response: { getHeader: (name: string) => string | undefined }) => void;
  onSuccess: () => void;
  onError: (error: Error) => void;
}

interface PreviousUpload {
  uploadUrl: string;
  creationTime: string;
}

const tus = vi.hoisted(() => ({
  started: [] as { name: string; options: FakeUploadOptions; resumedFrom: PreviousUpload | null }[],
  refuse: new Set<string>(),
  /** Files whose connection stalls after the server got a quarter of them. */
  stall: new Set<string>(),
  /** What tus-js-client keeps in local storage: each upload's URL under the file's fingerprint. */
  remembered: new Map<string, PreviousUpload>(),
  /** The bytes the server holds, by upload URL. */
  held: new Map<string, number>(),
}));

vi.mock('tus-js-client', () => ({
  Upload: class {
    private resumedFrom: PreviousUpload | null = null;
    constructor(
      private readonly file: File,
      private readonly options: FakeUploadOptions,
    ) {}
    async findPreviousUploads() {
      const previous = tus.remembered.get(await this.options.fingerprint(this.file, this.options));
      return previous ? [previous] : [];
    }
    resumeFromPreviousUpload(previous: PreviousUpload) {
      this.resumedFrom = previous;
    }
    start() {
      tus.started.push({ name: this.file.name, options: this.options, resumedFrom: this.resumedFrom });
      if (this.resumedFrom) {
        const offset = String(tus.held.get(this.resumedFrom.uploadUrl) ?? 0);
        this.options.onAfterResponse({ getMethod: () => 'HEAD' }, { getHeader: (name) => (name === 'Upload-Offset' ? offset : undefined) });
      }
      if (tus.stall.has(this.file.name)) {
        void this.stall();
        return;
      }
      this.options.onProgress(this.file.size, this.file.size);
      if (tus.refuse.has(this.file.name)) {
        const error = Object.assign(new Error('tus: unexpected response'), {
          originalResponse: {
            getBody: () =>
              JSON.stringify({ statusCode: 400, code: 'FILE_CONTENT_MISMATCH', message: 'The file is not what its name says' }),
          },
        });
        queueMicrotask(() => this.options.onError(error));
      } else queueMicrotask(() => this.options.onSuccess());
    }
    abort() {}
    private async stall() {
      if (this.resumedFrom) return;
      const uploadUrl = `/api/uploads/${this.options.metadata.componentId}-${this.file.name}`;
      tus.remembered.set(await this.options.fingerprint(this.file, this.options), { uploadUrl, creationTime: new Date().toString() });
      tus.held.set(uploadUrl, this.file.size / 4);
    }
  },
}));

/** The lab's drafts as the server lists them: none unless a test gives some. */
const draftsOf = (drafts: { current: DraftOrder[] | null }) => {
  const data = drafts.current ?? [];
  return { body: { count: data.length, data } };
};

function stubApi(drafts: { current: DraftOrder[] | null } = { current: null }) {
  return fakeApi([
    fake(listLabDrafts, () => draftsOf(drafts)),
    fake(createOrder, () => ({ body: { id: 40, name: 'Bridge 14-16', components: [{ id: 400, name: 'Bridge' }] } })),
    fake(submitOrder, ({ params }) => (params.id === 40 ? { body: { ok: true as const, message: 'Order sent' } } : notFound)),
  ]);
}

function renderPage() {
  localStorage.setItem(STORAGE_KEYS.token, 'lab-token');
  return renderRoutes(
    [
      { path: '/lab/projects/new', element: <NewOrderPage /> },
      { path: '/lab/projects', element: <p>orders list</p> },
    ],
    { path: '/lab/projects/new', session: sessionFixture('lab') },
  );
}

const file = (name: string, bytes = 'solid model') => new File([bytes], name, { type: 'application/octet-stream' });
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

beforeEach(() => {
  tus.started = [];
  tus.refuse.clear();
  tus.stall.clear();
  tus.remembered.clear();
  tus.held.clear();
});

const offerName = 'Continue the unfinished order “Bridge 14-16”?';
const zoneOf = (component: string) => screen.getByRole('region', { name: `Files of ${component}` });

describe('NewOrderPage', () => {
  it('requires the order name and every component name before it sends anything', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send order' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: /^Order name/ }), 'Bridge 14-16');
    await user.click(screen.getByRole('button', { name: 'Add component' }));
    const names = screen.getAllByRole('textbox', { name: /^Component name/ });
    expect(names).toHaveLength(2);
    await user.type(names[0]!, 'Bridge');
    await user.click(screen.getByRole('button', { name: 'Send order' }));
    // The second component still has no name.
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
    expect(writes(calls)).toHaveLength(0);
  });

  it('refuses a .exe with an error of its own, sends the rest with tus and submits the order', async () => {
    const calls = stubApi();
    const user = userEvent.setup({ applyAccept: false });
    const { router } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: /^Order name/ }), 'Bridge 14-16');
    await user.type(screen.getByRole('textbox', { name: /^Component name/ }), 'Bridge');
    await user.upload(screen.getByLabelText('Choose files'), [file('setup.exe'), file('upper-jaw.stl')]);

    const zone = screen.getByRole('region', { name: 'Files of Bridge' });
    expect(within(zone).getByText(/upper-jaw\.stl/)).toBeTruthy();
    const refusal = within(zone).getByRole('alert');
    expect(refusal.textContent).toContain('.exe');
    expect(within(zone).getAllByRole('alert')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Send order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lab/projects'));
    expect(writes(calls).map((call) => call.url.split('?')[0])).toEqual(['/api/orders', '/api/orders/40/submit']);
    expect(writes(calls)[0]!.body).toEqual({ millId: 7, name: 'Bridge 14-16', components: [{ name: 'Bridge' }] });
    // Creating and submitting each make the lab's drafts stale: they are asked for again after each.
    expect(calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/labs/drafts?'))).toHaveLength(3);
    expect(tus.started.map((upload) => upload.name)).toEqual(['upper-jaw.stl']);
    expect(tus.started[0]!.options).toMatchObject({
      endpoint: '/api/uploads',
      metadata: { filename: 'upper-jaw.stl', orderId: '40', componentId: '400' },
      headers: { Authorization: 'Bearer lab-token' },
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000],
      removeFingerprintOnSuccess: true,
    });
    expect(await screen.findByText('Order sent')).toBeTruthy();
  });

  it('keeps the page with the server’s reason when an upload fails, and retries only that file', async () => {
    const calls = stubApi();
    tus.refuse.add('broken.stl');
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: /^Order name/ }), 'Bridge 14-16');
    await user.type(screen.getByRole('textbox', { name: /^Component name/ }), 'Bridge');
    await user.upload(screen.getByLabelText('Choose files'), [file('good.stl'), file('broken.stl')]);
    await user.click(screen.getByRole('button', { name: 'Send order' }));

    // The reason is the translation of the server's code (here English), not the server's own sentence.
    expect(await screen.findByText("Upload failed: The file's content does not match its name.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry failed uploads' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Overall upload progress' })).toBeTruthy();
    expect(writes(calls).some((call) => call.url.includes('/submit'))).toBe(false);
    expect(router.state.location.pathname).toBe('/lab/projects/new');

    tus.refuse.clear();
    await user.click(screen.getByRole('button', { name: 'Retry failed uploads' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lab/projects'));
    // The order was created once; only the failed file went again.
    expect(writes(calls).filter((call) => call.url.startsWith('/api/orders?'))).toHaveLength(1);
    expect(tus.started.map((upload) => upload.name).sort()).toEqual(['broken.stl', 'broken.stl', 'good.stl']);
  });

  it('offers the unfinished order, restores it with what arrived, and sends only the missing files before submitting', async () => {
    const calls = stubApi({ current: [draftFixture()] });
    const user = userEvent.setup();
    const { router } = renderPage();
    const offer = await screen.findByRole('region', { name: offerName });
    expect(within(offer).getByText(/^Started 01\.03\.2025 \d\d:\d\d, not sent yet\. Documents already received: 1\.$/)).toBeTruthy();
    await user.click(within(offer).getByRole('button', { name: 'Continue this order' }));

    expect(screen.queryByRole('region', { name: offerName })).toBeNull();
    const orderName = screen.getByRole('textbox', { name: /^Order name/ }) as HTMLInputElement;
    expect([orderName.value, orderName.disabled]).toEqual(['Bridge 14-16', true]);
    expect(screen.getAllByRole('textbox', { name: /^Component name/ }).map((input) => (input as HTMLInputElement).value)).toEqual([
      'Bridge',
      'Crown',
    ]);
    const received = within(zoneOf('Bridge')).getByRole('list', { name: 'Already received' });
    expect(within(received).getByText(/upper-jaw\.stl/)).toBeTruthy();

    // The lab drops the whole case again: what arrived is not sent twice.
    await user.upload(within(zoneOf('Bridge')).getByLabelText('Choose files'), [
      file('upper-jaw.stl', 'x'.repeat(2048)),
      file('lower-jaw.stl'),
    ]);
    expect(within(zoneOf('Bridge')).getByRole('list', { name: 'Chosen files' }).textContent).not.toContain('upper-jaw.stl');
    await user.click(screen.getByRole('button', { name: 'Send order' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/lab/projects'));
    expect(tus.started.map((upload) => [upload.name, upload.options.metadata])).toEqual([
      ['lower-jaw.stl', { filename: 'lower-jaw.stl', orderId: '40', componentId: '400' }],
    ]);
    // No second order: the draft is the order.
    expect(writes(calls).map((call) => call.url.split('?')[0])).toEqual(['/api/orders/40/submit']);
  });

  it('discards an unfinished order on the server after confirmation, and offers it no more', async () => {
    const drafts = { current: [draftFixture()] as DraftOrder[] };
    const calls = fakeApi([
      fake(listLabDrafts, () => draftsOf(drafts)),
      fake(deleteOrder, ({ params }) => {
        if (params.id !== drafts.current[0]?.id) return notFound;
        drafts.current = [];
        return { body: { ok: true as const, message: 'Unfinished order discarded' } };
      }),
    ]);
    const user = userEvent.setup();
    renderPage();
    // What tus-js-client remembers of unfinished uploads: this draft's components (400, 401), and others'.
    const remembered = [
      'tus::casebridge-400-scan.stl-::0.1',
      'tus::casebridge-401-crown.ply-::0.2',
      'tus::casebridge-4000-other.stl-::0.3',
      'tus::casebridge-7-other.stl-::0.4',
    ];
    for (const key of remembered) localStorage.setItem(key, '{}');
    const offer = await screen.findByRole('region', { name: offerName });
    await user.click(within(offer).getByRole('button', { name: 'Discard' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);

    await user.click(within(offer).getByRole('button', { name: 'Discard' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Unfinished order discarded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: offerName })).toBeNull());
    expect(writes(calls).map((call) => [call.method, new URL(call.url, 'http://x').pathname])).toEqual([
      ['DELETE', `/api/orders/${draftFixture().id}`],
    ]);
    expect((screen.getByRole('textbox', { name: /^Order name/ }) as HTMLInputElement).value).toBe('');
    // The discarded order's unfinished uploads are forgotten; other orders' are kept.
    expect(remembered.filter((key) => localStorage.getItem(key) !== null)).toEqual([
      'tus::casebridge-4000-other.stl-::0.3',
      'tus::casebridge-7-other.stl-::0.4',
    ]);
  });

  it('after a reload, continues a file on the same component from what the server holds, and starts it afresh on another', async () => {
    const drafts = { current: [] as DraftOrder[] };
    stubApi(drafts);
    tus.stall.add('scan.stl');
    const scan = file('scan.stl', 'x'.repeat(4096));
    const user = userEvent.setup();
    const before = renderPage();
    await user.type(await screen.findByRole('textbox', { name: /^Order name/ }), 'Bridge 14-16');
    await user.type(screen.getByRole('textbox', { name: /^Component name/ }), 'Bridge');
    await user.upload(screen.getByLabelText('Choose files'), [scan]);
    await user.click(screen.getByRole('button', { name: 'Send order' }));
    await waitFor(() => expect(tus.remembered.size).toBe(1));
    // The tab is reloaded while the file is a quarter sent.
    before.unmount();

    drafts.current = [
      draftFixture({
        components: [
          { id: 400, name: 'Bridge', documents: [] },
          { id: 401, name: 'Crown', documents: [] },
        ],
      }),
    ];
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Continue this order' }));
    await user.upload(within(zoneOf('Bridge')).getByLabelText('Choose files'), [scan]);
    await user.upload(within(zoneOf('Crown')).getByLabelText('Choose files'), [scan]);
    await user.click(screen.getByRole('button', { name: 'Send order' }));

    await waitFor(() => expect(tus.started).toHaveLength(3));
    const [, onBridge, onCrown] = tus.started;
    expect(onBridge!.options.metadata.componentId).toBe('400');
    expect(onBridge!.resumedFrom).toEqual(expect.objectContaining({ uploadUrl: '/api/uploads/400-scan.stl' }));
    expect(onCrown!.options.metadata.componentId).toBe('401');
    expect(onCrown!.resumedFrom).toBeNull();
    // The resumed file shows the server's offset at once; the new one starts at zero.
    const progressOf = (component: string) =>
      within(zoneOf(component)).getByRole('progressbar', { name: 'Upload progress of scan.stl' }).getAttribute('aria-valuenow');
    await waitFor(() => expect(progressOf('Bridge')).toBe('25'));
    expect(progressOf('Crown')).toBe('0');
  });
});
