import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/customer-imports';
import type { DataImportLog } from '@casebridge/shared/schemas/customer-imports';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { fakeContractUpload } from '../../../test/fake-upload.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CustomerImportPage } from './customer-import-page.tsx';

const STARTED = '2026-11-02T09:00:00.000Z';
const runningLog: DataImportLog = {
  id: 7,
  fileName: 'customers.csv',
  state: 'running',
  startTime: STARTED,
  endTime: null,
  importSummary: { total: 1000, success: 990, duplicates: 4, errors: 6, error: null },
  failures: [],
};
const finishedLog: DataImportLog = {
  ...runningLog,
  state: 'done',
  endTime: '2026-11-02T09:00:20.000Z',
  importSummary: { total: 2500, success: 2480, duplicates: 12, errors: 8, error: null },
  failures: [{ row: 17, reason: 'email: Invalid input' }],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CustomerImportPage', () => {
  it('goes from idle to running after an upload, polls, and shows the log with the failures once idle again', async () => {
    let polls = 0;
    fakeApi([
      fake(contracts.customerImportStatus, () => {
        polls += 1;
        // First the idle page; after the upload one poll still sees it running, then it is done.
        if (polls === 1) return { body: { status: 'idle' as const, dataImportLog: null } };
        if (polls === 2) return { body: { status: 'running' as const, dataImportLog: runningLog } };
        return { body: { status: 'idle' as const, dataImportLog: finishedLog } };
      }),
    ]);
    const { sent } = fakeContractUpload(
      fake(contracts.uploadCustomerCsv, () => ({ body: { status: 'running' as const, dataImportLog: runningLog } })),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<CustomerImportPage />, sessionFixture('manager'));

    expect(await screen.findByText('Idle')).toBeTruthy();
    expect(screen.getByText('No import yet.')).toBeTruthy();
    const uploadButton = screen.getByRole('button', { name: 'Upload' });
    expect(uploadButton.hasAttribute('disabled')).toBe(true);

    await user.upload(screen.getByLabelText('Choose a .csv file'), new File(['a;b'], 'customers.xlsx'));
    expect(screen.getByRole('alert').textContent).toBe('Please choose one .csv file');
    await user.upload(
      screen.getByLabelText('Choose a .csv file'),
      new File(['customerId;dealerId'], 'customers.csv', { type: 'text/csv' }),
    );
    expect(screen.getByText('customers.csv')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Running')).toBeTruthy();
    expect((sent[0]!.get('files.file') as File).name).toBe('customers.csv');
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    expect((screen.getByLabelText('Choose a .csv file') as HTMLInputElement).disabled).toBe(true);

    // Polling every 2 s while running brings the finished log.
    await waitFor(() => expect(screen.getByText('Idle')).toBeTruthy(), { timeout: 8000 });
    const log = screen.getByLabelText('Import log');
    expect(within(log).getByText('2500')).toBeTruthy();
    expect(within(log).getByText('2480')).toBeTruthy();
    expect(within(log).getByText('12')).toBeTruthy();
    expect(within(log).getByText('8')).toBeTruthy();
    expect(within(log).getByText('customers.csv')).toBeTruthy();
    expect(within(log).getAllByText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d/)).toHaveLength(2);
    const failures = screen.getByRole('table', { name: 'Failed rows' });
    expect(within(failures).getByText('17')).toBeTruthy();
    expect(within(failures).getByText('email: Invalid input')).toBeTruthy();
    expect(screen.getByText('The first 1 of 8 failed rows')).toBeTruthy();
  }, 15_000);
});
