import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { documentFileName, UploadDownloadDialog } from './upload-download-dialog.tsx';

/** Stands in for the browser's XMLHttpRequest: keeps what was sent and answers 200. */
function fakeXhr() {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 200;
    responseText = '{}';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send(body: FormData) {
      sent.push(body);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
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
  });
});

describe('UploadDownloadDialog progress', () => {
  it('shows how much of the file is sent while it uploads', async () => {
    let finish = () => {};
    class SlowXhr {
      status = 200;
      responseText = '{}';
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
