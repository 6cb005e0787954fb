import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileLink } from '@casebridge/shared/contracts/orders';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { PreviewWorker } from '../mesh/preview-worker.ts';
import type { PreviewMessage, PreviewRequest } from '../mesh/preview-protocol.ts';
import { PREVIEW_MAX_BYTES, PreviewDialog } from './preview-dialog.tsx';

const started: { request: PreviewRequest; send: (message: PreviewMessage) => void; worker: PreviewWorker }[] = [];
vi.mock('../mesh/preview-worker.ts', () => ({
  startPreviewWorker: (request: PreviewRequest, send: (message: PreviewMessage) => void) => {
    const worker = { resize: vi.fn(), input: vi.fn(), stop: vi.fn() };
    started.push({ request, send, worker });
    return worker;
  },
}));

const MiB = 1024 * 1024;

describe('PreviewDialog', () => {
  beforeEach(() => {
    started.length = 0;
    // jsdom has no OffscreenCanvas; the worker is a stand-in anyway.
    HTMLCanvasElement.prototype.transferControlToOffscreen = () => ({}) as OffscreenCanvas;
    fakeApi([fake(fileLink, ({ params }) => ({ body: { url: `http://files.test/once/${params.id}` } }))]);
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers the download instead of previewing a file above the limit, and says the limit', async () => {
    const onDownload = vi.fn();
    const file = { id: 5, name: 'full-arch.stl', size: PREVIEW_MAX_BYTES + 1 };
    renderWithProviders(<PreviewDialog file={file} onClose={() => {}} onDownload={onDownload} />);
    expect(await screen.findByText(/Files larger than 300\.0 MiB are not previewed in the browser/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download full-arch.stl' }));
    expect(onDownload).toHaveBeenCalledWith(file);
    expect(started).toHaveLength(0);
  });

  it('has the worker load the file, shows its progress, then how far the model was simplified', async () => {
    const onClose = vi.fn();
    const { rerender } = renderWithProviders(
      <PreviewDialog file={{ id: 5, name: 'jaw.STL', size: 150 * MiB }} onClose={onClose} onDownload={() => {}} />,
    );
    await vi.waitFor(() => expect(started).toHaveLength(1));
    const [{ request, send, worker }] = started as [(typeof started)[0]];
    expect(request).toMatchObject({ url: 'http://files.test/once/5', format: 'stl' });
    expect(request.maxVertices).toBeGreaterThanOrEqual(20_000);
    expect(request.maxVertices).toBeLessThanOrEqual(200_000);

    act(() => send({ type: 'progress', received: 50 * MiB, total: 150 * MiB }));
    expect(screen.getByRole('progressbar', { name: 'Loading and simplifying the model: 50.0 MiB of 150.0 MiB' })).toBeTruthy();
    act(() => send({ type: 'drawn', shown: 170_000, source: 3_000_000 }));
    expect(screen.getByText(/Simplified for the screen: 170,000 of 3,000,000 triangles shown/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('img', { name: '3D preview of jaw.STL' })).toBeTruthy();

    rerender(<div />);
    expect(worker.stop).toHaveBeenCalled();
  });

  it('shows why the preview failed', async () => {
    renderWithProviders(<PreviewDialog file={{ id: 5, name: 'jaw.stl', size: 100 }} onClose={() => {}} onDownload={() => {}} />);
    await vi.waitFor(() => expect(started).toHaveLength(1));
    act(() => started[0]!.send({ type: 'failed', message: 'The STL file is cut short: 2 of 3 triangles.' }));
    expect(screen.getByText('The preview could not be shown: The STL file is cut short: 2 of 3 triangles.')).toBeTruthy();
  });
});
