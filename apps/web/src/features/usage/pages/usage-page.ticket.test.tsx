import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UsageKey, UsageView } from '@casebridge/shared/schemas/usage';
import * as contracts from '@casebridge/shared/contracts/usage';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UsagePage } from './usage-page.tsx';

/** Issue 14: where the key's licence ticket gives the allowed users, the manager's form gives way to it. */
const KEY: UsageKey = {
  licenceKeyId: 9,
  licenseKey: 'NNNNN-BBBBB-CCCCC-DDDDD-EEEEE',
  millId: 1,
  millName: 'Demo Mill',
  allowedUsers: 5,
  allowedUsersFromTicket: true,
  multipleLogins: true,
  overAllowance: false,
  firstPing: '2026-11-02T07:01:00.000Z',
  lastPing: '2026-11-02T09:30:00.000Z',
  concurrentlyUsed: 2,
  machines: [
    {
      boardSerial: 'MB-1',
      macAddresses: [],
      pcName: 'CAM-01',
      ipAddresses: [],
      running: true,
      active: true,
      lastUpdate: '2026-11-02T09:30:00.000Z',
    },
  ],
};

function render(key: UsageKey) {
  const view: UsageView = { count: 1, data: [key], overview: { runningMachines: 1, concurrentlyUsedKeys: 1, keysOverAllowance: 0 } };
  fakeApi([fake(contracts.usageHistory, () => ({ body: { data: [] } })), fake(contracts.usageView, () => ({ body: view }))]);
  renderWithProviders(<UsagePage />, sessionFixture('manager'));
}

describe('UsagePage, allowed users from the ticket', () => {
  it("says the ticket's number instead of offering the manager's form", async () => {
    render(KEY);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Show machines of ${KEY.licenseKey}` }));
    expect(await screen.findByText('The licence ticket of this key allows 5 users at a time.')).toBeTruthy();
    expect(screen.queryByLabelText(`Allowed users of ${KEY.licenseKey}`)).toBeNull();
  });

  it('keeps the form for a key without a ticket', async () => {
    render({ ...KEY, allowedUsersFromTicket: false });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Show machines of ${KEY.licenseKey}` }));
    expect(await screen.findByLabelText(`Allowed users of ${KEY.licenseKey}`)).toBeTruthy();
    expect(screen.queryByText(/licence ticket of this key/)).toBeNull();
  });
});
