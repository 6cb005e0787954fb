import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/dealer-configurations';
import type { DealerConfiguration } from '@casebridge/shared/schemas/dealer-configurations';
import { fake, fakeApi, type FakeAnswer } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes, type FetchCall } from '../../../test/render.tsx';
import { ManagerConfigurationTestPage, type DealerChoiceProps } from './manager-config-test-page.tsx';

const TICKET = 'ABCDE-12345-FGHIJ-KLMNO-PQRST';

function configuration(dealerId: number, dealerCode: string, dealerName: string): DealerConfiguration {
  return {
    dealerId,
    dealerCode,
    dealerName,
    isRoot: true,
    configurationType: 'FixedJson',
    draftConfiguration: '{"products":{"mandatory":"C1"}}',
    prodConfiguration: '{}',
    componentBaseURL: null,
    ownConfigurationsAllowed: true,
    strictModeConfiguration: false,
    componentsMetadata: null,
    canPublish: true,
    canEdit: true,
  };
}

const CONFIGURATIONS: Record<number, DealerConfiguration> = {
  5: configuration(5, 'DD-ROOT', 'Demo Dealer'),
  7: configuration(7, 'DD-NORTH', 'Demo Dealer North'),
};

const NOT_FOUND = { status: 404 as const, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND' as const, message: 'Not found' } };

/** The server as it answers the manager: any dealer's configuration and its test, 404 for a dealer that does not exist. */
function serve() {
  return fakeApi([
    fake(contracts.getConfiguration, ({ params }) => {
      const found = CONFIGURATIONS[params.id];
      return found ? { body: found } : NOT_FOUND;
    }),
    fake(contracts.testInstallation, ({ params, body }): FakeAnswer<typeof contracts.testInstallation> => {
      const found = CONFIGURATIONS[params.id];
      if (!found) return NOT_FOUND;
      return {
        body: {
          ticketId: body.ticketId,
          dealer: { id: found.dealerId, dealerCode: found.dealerCode, name: found.dealerName },
          configurationDealer: null,
          source: 'own',
          configurationType: 'FixedJson',
          version: 'draft',
          call: 'initial',
          reasons: [],
          configuration: { products: { mandatory: 'C1' } },
        },
      };
    }),
  ]);
}

/** Stands in for the dealers feature's select, which the app layer hands in. */
function FakeDealerSelect({ label, value, valueLabel, onChange }: DealerChoiceProps) {
  return (
    <div>
      <label>
        {label}
        <select value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}>
          <option value="">none</option>
          <option value="5">DD-ROOT</option>
          <option value="7">DD-NORTH</option>
          <option value="9">DD-GONE</option>
        </select>
      </label>
      {valueLabel && <p>Chosen: {valueLabel}</p>}
    </div>
  );
}

function renderAt(path: string) {
  return renderRoutes(
    [{ path: '/manager/dealer/config-test', element: <ManagerConfigurationTestPage dealerSelect={FakeDealerSelect} /> }],
    { path, session: sessionFixture('manager') },
  );
}

const configurationCalls = (calls: FetchCall[]) => calls.filter((call) => call.url.includes('/configuration-test'));

describe('ManagerConfigurationTestPage', () => {
  it('asks for a dealer first, then tests the chosen dealer’s configuration, which stays in the address', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const { router } = renderAt('/manager/dealer/config-test');
    expect(await screen.findByText('Choose the dealer whose configuration you want to test.')).toBeTruthy();
    expect(configurationCalls(calls)).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Dealer' }), '5');
    expect(router.state.location.search).toBe('?dealerId=5');
    expect(((await screen.findByLabelText('Draft configuration (JSON)')) as HTMLTextAreaElement).value).toBe(
      '{"products":{"mandatory":"C1"}}',
    );
    expect(screen.getByText('Chosen: DD-ROOT · Demo Dealer')).toBeTruthy();

    // The manager's tests go to the chosen dealer, as a dealer's go to its own.
    await user.type(screen.getByLabelText('Ticket id'), TICKET);
    await user.click(screen.getByRole('button', { name: 'View result' }));
    const region = await screen.findByRole('region', { name: 'What the installer receives' });
    expect(within(region).getByTestId('installer-configuration').textContent).toContain('"mandatory": "C1"');
    expect(calls.find((call) => call.method === 'POST')!.url.startsWith('/api/dealers/5/configuration-test/installation')).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Dealer' }), '7');
    expect(await screen.findByText('Chosen: DD-NORTH · Demo Dealer North')).toBeTruthy();
    expect(router.state.location.search).toBe('?dealerId=7');
    // Another dealer starts a fresh test: the previous dealer's result is gone.
    expect(screen.queryByRole('region', { name: 'What the installer receives' })).toBeNull();
  });

  it('opens the dealer of a link, and shows an unknown dealer as not found', async () => {
    const calls = serve();
    const first = renderAt('/manager/dealer/config-test?dealerId=7');
    expect(await screen.findByText('Chosen: DD-NORTH · Demo Dealer North')).toBeTruthy();
    expect(configurationCalls(calls).map((call) => call.url.split('?')[0])).toEqual(['/api/dealers/7/configuration-test']);
    first.unmount();

    renderAt('/manager/dealer/config-test?dealerId=9');
    expect(await screen.findByText('Not found.')).toBeTruthy();
  });

  it('takes a malformed dealer id in the address for none, without asking the server', async () => {
    const calls = serve();
    renderAt('/manager/dealer/config-test?dealerId=5abc');
    expect(await screen.findByText('Choose the dealer whose configuration you want to test.')).toBeTruthy();
    expect(configurationCalls(calls)).toEqual([]);
  });
});
