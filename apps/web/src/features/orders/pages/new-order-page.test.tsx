import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderRoutes, type FetchCall } from '../../../test/render.tsx';
import { notFound } from '../test/order-fixtures.ts';
import { NewOrderPage } from './new-order-page.tsx';

interface FakeUploadOptions {
  endpoint: string;
  metadata: Record<string, string>;
  headers: Record<string, string>;
  chunkSize: number;
  retryDelays: number[];
  removeFingerprintOnSuccess: boolean;
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (error: Error) => void;
}

const tus = vi.hoisted(() => ({ started: [] as { name: string; options: unknown }[], refuse: new Set<string>() }));

vi.mock('tus-js-client', () => ({
  Upload: class {
    constructor(
      private readonly file: File,
      private readonly options: FakeUploadOptions,
    ) {}
    start() {
      tus.started.push({ name: this.file.name, options: this.options });
      this.options.onProgress(this.file.size, this.file.size);
      if (tus.refuse.has(this.file.name)) {
        const error = Object.assign(new Error('tus: unexpected response'), {
          originalResponse: { getBody: () => JSON.stringify({ statusCode: 400, code: 'FILE_TYPE_NOT_ALLOWED', message: 'The file is not what its name says' }) },
        });
        queueMicrotask(() => this.options.onError(error));
      } else queueMicrotask(() => this.options.onSuccess());
    }
    abort() {}
  },
}));

function stubApi() {
  return mockFetch(({ method, path }) => {
    if (method === 'POST' && path === '/orders') return { body: { id: 40, name: 'Bridge 14-16', components: [{ id: 400, name: 'Bridge' }] } };
    if (method === 'POST' && path === '/orders/40/submit') return { body: { ok: true, message: 'Order sent' } };
    return notFound;
  });
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
});

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
    expect(tus.started.map((upload) => upload.name)).toEqual(['upper-jaw.stl']);
    expect(tus.started[0]!.options).toMatchObject({
      endpoint: '/api/uploads',
      metadata: { filename: 'upper-jaw.stl', orderId: '40', componentId: '400' },
      headers: { Authorization: 'Bearer lab-token' },
      chunkSize: 8 * 1024 * 1024,
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

    expect(await screen.findByText('Upload failed: The file is not what its name says')).toBeTruthy();
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
});
