import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/usage';
import type { UsageKey, UsageView } from '@casebridge/shared/schemas/usage';
import { toCsv } from '../../../lib/csv.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { hourlySeries } from '../components/concurrency-chart.tsx';
import { UsagePage } from './usage-page.tsx';

const KEY: UsageKey = {
  licenceKeyId: 4,
  licenseKey: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE',
  millId: 1,
  millName: 'Demo Mill',
  allowedUsers: 1,
  multipleLogins: true,
  overAllowance: true,
  firstPing: '2026-11-02T07:01:00.000Z',
  lastPing: '2026-11-02T09:30:00.000Z',
  concurrentlyUsed: 2,
  machines: [
    {
      boardSerial: 'MB-1',
      macAddresses: ['00:11'],
      pcName: 'CAM-01',
      ipAddresses: ['10.0.0.1'],
      running: true,
      active: true,
      lastUpdate: '2026-11-02T09:30:00.000Z',
    },
    {
      boardSerial: 'MB-2',
      macAddresses: ['00:22'],
      pcName: 'CAM-02',
      ipAddresses: ['10.0.0.2'],
      running: true,
      active: false,
      lastUpdate: '2026-11-02T08:00:00.000Z',
    },
  ],
};
const VIEW: UsageView = { count: 1, data: [KEY], overview: { runningMachines: 2, concurrentlyUsedKeys: 1, keysOverAllowance: 1 } };

function stubApi(view: UsageView = VIEW) {
  return fakeApi([
    fake(contracts.usageHistory, () => ({ body: { data: [] } })),
    fake(contracts.usageView, () => ({ body: view })),
    fake(contracts.setAllowedUsers, () => ({ body: { ok: true as const, message: 'Allowed users changed' } })),
  ]);
}

describe('UsagePage', () => {
  it('shows the overview and each key with multiple logins, and its machines with last update in DD.MM.YYYY HH:mm', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<UsagePage />, sessionFixture('manager'));
    expect(await screen.findByText(KEY.licenseKey)).toBeTruthy();
    // Issue 24 item 17: in words of the reader's language, not TRUE/FALSE.
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.queryByText('TRUE')).toBeNull();
    await user.click(screen.getByRole('button', { name: `Show machines of ${KEY.licenseKey}` }));
    const machines = await screen.findByRole('table', { name: `Machines of ${KEY.licenseKey}` });
    expect(within(machines).getByText('CAM-01')).toBeTruthy();
    expect(within(machines).getByText('Not running')).toBeTruthy();
    expect(within(machines).getAllByText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/)).toHaveLength(2);
  });

  it('sets the allowed users of a key, refusing what is not a whole number from 1', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<UsagePage />, sessionFixture('manager'));
    await user.click(await screen.findByRole('button', { name: `Show machines of ${KEY.licenseKey}` }));
    const input = await screen.findByLabelText(`Allowed users of ${KEY.licenseKey}`);
    await user.clear(input);
    await user.type(input, '0');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await user.clear(input);
    await user.type(input, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toContain('/api/usage/licence-keys/4/allowed-users');
    expect(put.body).toEqual({ allowedUsers: 3 });
  });

  it("says 'No data found' when no key has reported yet", async () => {
    stubApi({ count: 0, data: [], overview: { runningMachines: 0, concurrentlyUsedKeys: 0, keysOverAllowance: 0 } });
    renderWithProviders(<UsagePage />, sessionFixture('manager'));
    expect(await screen.findByText('No data found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('the hourly series and the CSV', () => {
  it('fills hours without pings with 0', () => {
    const from = new Date('2026-11-02T08:00:00Z');
    const series = hourlySeries([{ hour: '2026-11-02T09:00:00.000Z', concurrent: 4 }], from, new Date('2026-11-02T11:00:00Z'));
    expect(series.map((hour) => hour.concurrent)).toEqual([0, 4, 0]);
  });

  it('quotes commas and quotes, and defuses formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          ['=SUM(A1)', -3],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n"\'=SUM(A1)",-3\r\n');
  });
});
