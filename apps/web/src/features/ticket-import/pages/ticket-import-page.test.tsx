import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/ticket-imports';
import type { TicketImportLog } from '@casebridge/shared/schemas/ticket-imports';
import de from '../../../locales/de/translation.json';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { fakeContractUpload } from '../../../test/fake-upload.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TicketImportPage } from './ticket-import-page.tsx';

const STARTED = '2026-11-02T09:00:00.000Z';
const runningLog: TicketImportLog = {
  id: 3,
  fileName: 'export.json',
  format: 'json',
  state: 'running',
  startTime: STARTED,
  endTime: null,
  summary: { total: 500, created: 480, updated: 18, failed: 2, error: null },
  failures: [],
};
const finishedLog: TicketImportLog = {
  ...runningLog,
  state: 'done',
  endTime: '2026-11-02T09:01:00.000Z',
  summary: { total: 1300, created: 1200, updated: 93, failed: 7, error: null },
  failures: [{ item: 41, line: 42, key: 'ABCDE-12345', reason: 'key: Invalid Key Format' }],
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('TicketImportPage', () => {
  it('takes a .json file, shows the upload progress, polls while running and shows counts and failures once done', async () => {
    let polls = 0;
    const calls = fakeApi([
      fake(contracts.ticketImportStatus, () => {
        polls += 1;
        if (polls === 1) return { body: { status: 'idle' as const, log: null } };
        if (polls === 2) return { body: { status: 'running' as const, log: runningLog } };
        return { body: { status: 'idle' as const, log: finishedLog } };
      }),
    ]);
    const upload = fake(contracts.uploadTicketExport, () => ({ body: { status: 'running' as const, log: runningLog } }));
    const { sent, opened, release } = fakeContractUpload(upload, { held: true });
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<TicketImportPage />, sessionFixture('manager'));

    expect(await screen.findByText('Idle')).toBeTruthy();
    expect(screen.getByText('No import yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    const input = screen.getByLabelText('Choose a .csv or .json file') as HTMLInputElement;
    expect(input.accept).toContain('.json');

    await user.upload(input, new File(['x'], 'tickets.xlsx'));
    expect(screen.getByRole('alert').textContent).toBe('Please choose one .csv or .json file');
    await user.upload(input, new File(['{"tickets": []}'], 'export.json', { type: 'application/json' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    release();

    expect(await screen.findByText('Running')).toBeTruthy();
    expect((sent[0]!.get('files.file') as File).name).toBe('export.json');
    expect(opened).toEqual([expect.stringMatching(/^POST .*\/api\/ticket-imports(\?|$)/)]);
    expect(input.disabled).toBe(true);
    expect(screen.getByText('An import is running: the next upload is possible when it has finished.')).toBeTruthy();
    expect(within(screen.getByLabelText('Import log')).getByText('480')).toBeTruthy();

    await waitFor(() => expect(screen.getByText('Idle')).toBeTruthy(), { timeout: 8000 });
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
    const log = screen.getByLabelText('Import log');
    for (const figure of ['1300', '1200', '93', '7', 'export.json']) expect(within(log).getByText(figure)).toBeTruthy();
    const failures = screen.getByRole('table', { name: 'Failed tickets' });
    expect(within(failures).getByText('42')).toBeTruthy();
    expect(within(failures).getByText('ABCDE-12345')).toBeTruthy();
    expect(within(failures).getByText('key: Invalid Key Format')).toBeTruthy();
    expect(screen.getByText('The first 1 of 7 failed tickets')).toBeTruthy();
  }, 15_000);

  it('shows why an upload was refused, in the reader’s language, and keeps the page idle', async () => {
    const failed = {
      ...finishedLog,
      state: 'failed' as const,
      summary: { ...finishedLog.summary, error: 'The header row lacks the column(s) key' },
    };
    fakeApi([fake(contracts.ticketImportStatus, () => ({ body: { status: 'idle' as const, log: failed } }))]);
    fakeContractUpload(
      fake(contracts.uploadTicketExport, () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', code: 'TICKET_IMPORT_ALREADY_RUNNING', message: 'A ticket import is already running.' },
      })),
    );
    const user = userEvent.setup({ applyAccept: false });
    await i18next.changeLanguage('de');
    renderWithProviders(<TicketImportPage />, sessionFixture('manager'));
    expect(await screen.findByText(de.ticketImport.idle)).toBeTruthy();
    expect(screen.getByText(de.ticketImport.stopped.replace('{{reason}}', 'The header row lacks the column(s) key'))).toBeTruthy();
    await user.upload(screen.getByLabelText(de.ticketImport.chooseFile), new File(['key,dealerId'], 'tickets.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: de.ticketImport.upload }));
    expect(await screen.findByText(de.errors.TICKET_IMPORT_ALREADY_RUNNING)).toBeTruthy();
    expect(screen.getByText(de.ticketImport.idle)).toBeTruthy();
  });
});
