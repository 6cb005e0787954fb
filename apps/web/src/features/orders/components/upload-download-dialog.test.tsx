import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { documentFileName, UploadDownloadDialog } from './upload-download-dialog.tsx';

/** The server's answer to a returned file (contracts/orders `uploadReturnedFile`). */
const STORED_FILE = JSON.stringify({
  id: 9002,
  name: 'Milling report.pdf',
  size: 8,
  sha256: 'a'.repeat(64),
  fileType: 'pdf',
  createdAt: '2025-03-01T12:00:00.000Z',
});

/** Stands in for the browser's XMLHttpRequest: keeps what was sent and answers 200 with the stored file. */
function fakeXhr() {
  const sent: FormData[] = [];
  const urls: string[] = [];
  class FakeXhr {
    status = 200;
    responseText = STORED_FILE;
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open(_method: string, url: string) {
      urls.push(url);
    }
    setRequestHeader() {}
    send(body: FormData) {
      sent.push(body);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return Object.assign(sent, { urls });
}

function renderDialog(onUploaded = vi.fn()) {
  renderWithProviders(<UploadDownloadDialog opened projectId={40} componentId={400} onClose={vi.fn()} onUploaded={onUploaded} />);
  return onUploaded;
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const nameField = () => screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;

describe('UploadDownloadDialog', () => {
  it('asks for a name first, and puts the focus there', async () => {
    fakeXhr();
    renderDialog();
    await waitFor(() => expect(document.activeElement).toBe(nameField()));
    expect(nameField().required).toBe(true);
  });

  it('names the document after the chosen file until a name is typed, and requires one', async () => {
    const sent = fakeXhr();
    const user = userEvent.setup();
    renderDialog();
    await user.upload(screen.getByLabelText('File'), pdf('scan-0042.pdf'));
    expect(nameField().value).toBe('scan-0042.pdf');

    await user.clear(nameField());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends the typed name as the name of the document, keeping the file type', async () => {
    const sent = fakeXhr();
    const user = userEvent.setup();
    const onUploaded = renderDialog();
    await user.type(nameField(), 'Milling report');
    await user.upload(screen.getByLabelText('File'), pdf('scan-0042.pdf'));
    expect(nameField().value).toBe('Milling report');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect((sent[0]!.get('files.file') as File).name).toBe('Milling report.pdf');
    // The order and component travel in the query, as the contract has them.
    expect(sent.urls[0]).toMatch(/^\/api\/downloads\?(.*&)?projectId=40&componentId=400/);
  });
});

describe('UploadDownloadDialog progress', () => {
  it('shows how much of the file is sent while it uploads', async () => {
    let finish = () => {};
    class SlowXhr {
      status = 200;
      responseText = STORED_FILE;
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        queueMicrotask(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 8 }));
        finish = () => this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', SlowXhr);
    const user = userEvent.setup();
    const onUploaded = renderDialog();
    await user.upload(screen.getByLabelText('File'), pdf('scan-0042.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('50% · 4 B of 8 B')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress of scan-0042.pdf' }).getAttribute('aria-valuenow')).toBe('50');
    finish();
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
  });
});

describe('documentFileName', () => {
  it("keeps the file's extension and does not double it", () => {
    expect(documentFileName(' Report ', pdf('a.pdf'))).toBe('Report.pdf');
    expect(documentFileName('Report.PDF', pdf('a.pdf'))).toBe('Report.PDF');
    expect(documentFileName('Notes', new File(['x'], 'README'))).toBe('Notes');
  });
});
