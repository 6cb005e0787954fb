import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/licence-keys';
import type { LicenceKey } from '@casebridge/shared/schemas/licence-keys';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LicenceKeysTab } from './licence-keys-tab.tsx';

/** Issue 14: a registered key shows its ticket's expiry as the ticket desk does (UTC day, status). */
const base = { enableDataCollection: false, createdAt: '2025-01-02T00:00:00.000Z' };
const KEYS: LicenceKey[] = [
  {
    ...base,
    id: 1,
    licenseKey: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA',
    ticketExpiry: { status: 'active', expiryInDays: 12, licenceExpiry: '2027-03-01' },
  },
  {
    ...base,
    id: 2,
    licenseKey: 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB',
    ticketExpiry: { status: 'expired', expiryInDays: -4, licenceExpiry: '2026-01-31' },
  },
  {
    ...base,
    id: 3,
    licenseKey: 'CCCCC-CCCCC-CCCCC-CCCCC-CCCCC',
    ticketExpiry: { status: 'unlimited', expiryInDays: null, licenceExpiry: null },
  },
  { ...base, id: 4, licenseKey: 'DDDDD-DDDDD-DDDDD-DDDDD-DDDDD', ticketExpiry: null },
];

const rowOf = async (key: string) => (await screen.findByText(key)).closest('tr')!;

describe('LicenceKeysTab, ticket expiry', () => {
  it('shows the day in UTC and days left with a warning, EXPIRED, "No expiry", or that there is no ticket', async () => {
    fakeApi([fake(contracts.listLicenceKeys, () => ({ body: { count: KEYS.length, data: KEYS } }))]);
    renderWithProviders(<LicenceKeysTab millId={7} />, sessionFixture('mill'));
    expect(await screen.findByRole('columnheader', { name: 'Ticket expiry' })).toBeTruthy();

    const soon = within(await rowOf(KEYS[0]!.licenseKey));
    expect(soon.getByText('01.03.2027')).toBeTruthy();
    expect(soon.getByText('12 days')).toBeTruthy();
    expect(soon.getByRole('img', { name: /expir/i })).toBeTruthy();

    const expired = within(await rowOf(KEYS[1]!.licenseKey));
    expect(expired.getByText('31.01.2026')).toBeTruthy();
    expect(expired.getByText('EXPIRED')).toBeTruthy();

    // Issue 24 item 17: no expiry is said once, in words, not as "—" stacked over "——".
    const unlimited = within(await rowOf(KEYS[2]!.licenseKey));
    expect(unlimited.getByText('No expiry')).toBeTruthy();
    expect(unlimited.queryByText(/—/)).toBeNull();
    expect(unlimited.queryByText('EXPIRED')).toBeNull();

    const none = within(await rowOf(KEYS[3]!.licenseKey));
    expect(none.getByText('No ticket')).toBeTruthy();
  });
});
