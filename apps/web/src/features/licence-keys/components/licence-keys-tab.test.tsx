import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/licence-keys';
import type { LicenceKey } from '@casebridge/shared/schemas/licence-keys';
import { fake, fakeApi, type FakeAnswer } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes, renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import { LicenceKeysTab } from './licence-keys-tab.tsx';

const KEY: LicenceKey = {
  id: 3,
  licenseKey: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE',
  enableDataCollection: false,
  createdAt: '2025-01-02T00:00:00.000Z',
};
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

function stubApi(
  answers: { add?: FakeAnswer<typeof contracts.addLicenceKey>; update?: FakeAnswer<typeof contracts.setLicenceKeyDataCollection> } = {},
) {
  return fakeApi([
    fake(contracts.listLicenceKeys, () => ({ body: { count: 1, data: [KEY] } })),
    fake(contracts.addLicenceKey, () => answers.add ?? { body: KEY }),
    fake(contracts.setLicenceKeyDataCollection, () => answers.update ?? { body: KEY }),
  ]);
}

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<LicenceKeysTab millId={7} />, sessionFixture('mill'));
  await user.click(await screen.findByRole('button', { name: 'Add licence key' }));
  return screen.findByRole('dialog', { name: 'Add licence key' });
}

describe('LicenceKeysTab', () => {
  it('lists the keys sorted by key, ascending, by default', async () => {
    const calls = stubApi();
    renderWithProviders(<LicenceKeysTab millId={7} />, sessionFixture('mill'));
    expect(await screen.findByText(KEY.licenseKey)).toBeTruthy();
    expect(calls[0]!.url).toContain('/api/mills/7/toolpass-data-collection-consents?');
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('_sort')).toBe('licenseKey:asc');
  });

  it('reads search, sort and page from the URL (list kit) and keeps the settings tab when sorting again, back on page 1', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '*', element: <LicenceKeysTab millId={7} /> }], {
      path: '/mill/settings?tab=license-keys&q=AAAAA&sort=created_at:desc&page=2',
      session: sessionFixture('mill'),
    });
    expect(await screen.findByText(KEY.licenseKey)).toBeTruthy();
    const query = new URL(calls[0]!.url, 'http://x').searchParams;
    expect([query.get('_q'), query.get('_sort'), query.get('_start')]).toEqual(['AAAAA', 'created_at:desc', '10']);
    expect(screen.getByRole('searchbox', { name: 'Search licence keys' })).toHaveProperty('value', 'AAAAA');
    await user.click(screen.getByRole('columnheader', { name: /Licence key/ }));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('tab'), params.get('sort'), params.get('page'), params.get('q')]).toEqual(['license-keys', null, null, 'AAAAA']);
  });

  it('rejects a key in the wrong format with "Invalid Key Format" and never calls the API', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText(/^Licence key/), 'abcde-12345-fghij');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Invalid Key Format')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('sends a lower-case key upper-cased, with the data-collection choice', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText(/^Licence key/), ' abcde-12345-fghij-klmno-pqrst ');
    await user.click(within(dialog).getByRole('switch', { name: /^Enable data collection/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ millId: 7, licenseKey: 'ABCDE-12345-FGHIJ-KLMNO-PQRST', enableDataCollection: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add licence key' })).toBeNull());
  });

  it('shows a taken key under the field', async () => {
    stubApi({
      add: {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'VALIDATION_FAILED',
          message: 'taken',
          errors: { licenseKey: ['LICENCE_KEY_TAKEN'] },
        },
      },
    });
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText(/^Licence key/), 'ABCDE-12345-FGHIJ-KLMNO-PQRST');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('This licence key is already registered.')).toBeTruthy();
  });

  it('toggles data collection of one key with its switch', async () => {
    const calls = stubApi({ update: { body: { ...KEY, enableDataCollection: true } } });
    const user = userEvent.setup();
    renderWithProviders(<LicenceKeysTab millId={7} />, sessionFixture('mill'));
    await user.click(await screen.findByRole('switch', { name: `Data collection for ${KEY.licenseKey}` }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { enableDataCollection: true } });
    expect(writes(calls)[0]!.url).toMatch(/^\/api\/toolpass-data-collection-consents\/3\?/);
  });
});
