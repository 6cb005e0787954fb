import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DealerConfiguration, InstallationResult } from '@casebridge/shared/schemas/dealer-configurations';
import { sessionFixture } from '../../../test/fixtures.ts';
import * as contracts from '@casebridge/shared/contracts/dealer-configurations';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ConfigurationTestPage } from './dealer-config-page.tsx';

const session = {
  ...sessionFixture('dealer'),
  dealer: { id: 5, name: 'Demo Dealer', parentId: null, dealerRole: 'manager' as const },
};
const TICKET = 'ABCDE-12345-FGHIJ-KLMNO-PQRST';

function configuration(overrides: Partial<DealerConfiguration> = {}): DealerConfiguration {
  return {
    dealerId: 5,
    dealerCode: 'DD-ROOT',
    dealerName: 'Demo Dealer',
    isRoot: true,
    configurationType: 'FixedJson',
    draftConfiguration: '{"products":{"mandatory":"C1"}}',
    prodConfiguration: '{"products":{"mandatory":"C1"}}',
    componentBaseURL: 'https://components.example.com',
    ownConfigurationsAllowed: true,
    strictModeConfiguration: false,
    componentsMetadata: null,
    canPublish: true,
    canEdit: true,
    ...overrides,
  };
}

const result: InstallationResult = {
  ticketId: TICKET,
  dealer: { id: 5, dealerCode: 'DD-ROOT', name: 'Demo Dealer' },
  configurationDealer: { id: 5, dealerCode: 'DD-ROOT', name: 'Demo Dealer' },
  source: 'own',
  configurationType: 'FixedJson',
  version: 'draft',
  call: 'initial',
  reasons: ['DD-ROOT is a root dealer: its own configuration applies'],
  configuration: { products: { mandatory: 'C1,C2', optional: 'C3' } },
};

/** `stored` stands for the server's stored form of a pushed text; by default the text as sent. */
function serve(config: DealerConfiguration, stored: (sent: string) => string = (sent) => sent) {
  return fakeApi([
    fake(contracts.getConfiguration, () => ({ body: config })),
    fake(contracts.testInstallation, () => ({ body: result })),
    fake(contracts.verifyComponents, () => ({
      body: {
        valid: false,
        hasMetadata: true,
        mandatory: { known: ['C1'], unknown: ['C2'] },
        optional: { known: ['C3'], unknown: [] },
        mandatoryThenOptional: { known: [], unknown: [] },
        inSeveralLists: [],
      },
    })),
    fake(contracts.publishConfiguration, ({ body }) => {
      const text = stored(body.configJson);
      return { body: { ...config, prodConfiguration: text, draftConfiguration: text } };
    }),
    fake(contracts.generateComponents, () => ({
      body: {
        ...config,
        componentsMetadata: { fileName: 'components.json', count: 3, generatedAt: '2026-01-02T03:04:05.000Z', components: [] },
      },
    })),
  ]);
}

const draftBox = () => screen.findByLabelText('Draft configuration (JSON)') as Promise<HTMLTextAreaElement>;

describe('ConfigurationTestPage', () => {
  it('validates the draft: reports invalid JSON, formats valid JSON', async () => {
    serve(configuration());
    const user = userEvent.setup();
    renderWithProviders(<ConfigurationTestPage />, session);
    const draft = await draftBox();
    await user.clear(draft);
    await user.click(draft);
    await user.paste('{"a": 1');
    await user.click(screen.getByRole('button', { name: 'Validate JSON' }));
    expect(await screen.findByText('Invalid JSON')).toBeTruthy();
    await user.clear(draft);
    await user.paste('{"a":1}');
    await user.click(screen.getByRole('button', { name: 'Validate JSON' }));
    expect(await screen.findByText('Valid JSON: the draft has been formatted.')).toBeTruthy();
    expect(draft.value).toBe('{\n  "a": 1\n}');
  });

  it('refuses a malformed ticket id without asking the server, then shows what the installer receives', async () => {
    const calls = serve(configuration());
    const user = userEvent.setup();
    renderWithProviders(<ConfigurationTestPage />, session);
    await draftBox();
    await user.type(screen.getByLabelText('Ticket id'), 'ABCDE-123');
    await user.click(screen.getByRole('button', { name: 'View result' }));
    expect(await screen.findByText('Invalid ticket format. Expected format: ABCDE-12345-FGHIJ-KLMNO-PQRST')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/installation'))).toBe(false);

    await user.clear(screen.getByLabelText('Ticket id'));
    await user.type(screen.getByLabelText('Ticket id'), TICKET.toLowerCase());
    await user.click(screen.getByRole('switch', { name: 'Initial call' }));
    await user.click(screen.getByRole('button', { name: 'View result' }));
    const region = await screen.findByRole('region', { name: 'What the installer receives' });
    expect(within(region).getByTestId('installer-configuration').textContent).toContain('"mandatory": "C1,C2"');
    expect(calls.find((call) => call.url.includes('/installation'))?.body).toEqual({
      ticketId: TICKET,
      initialCall: false,
      isTestMode: true,
      configJson: '{"products":{"mandatory":"C1"}}',
    });

    // Verify takes the products of the result on screen.
    await user.click(screen.getByRole('button', { name: 'Verify result' }));
    expect(await screen.findByText('The components do not match the component file')).toBeTruthy();
    expect(calls.find((call) => call.url.includes('/verify'))?.body).toEqual({
      mandatoryComponentsIds: ['C1', 'C2'],
      optionalComponentsIds: ['C3'],
      mandatoryThenOptionalComponentsIds: [],
    });
  });

  it('pushes to production only after a confirmation, and the draft then shows the production text', async () => {
    // The server's answer is what counts: here it differs from what was sent, so the draft must follow it.
    const production = '{\n  "products": {\n    "mandatory": "C1",\n    "optional": "C9"\n  }\n}';
    const calls = serve(configuration({ prodConfiguration: '{"products":{"mandatory":"OLD"}}' }), () => production);
    const user = userEvent.setup();
    renderWithProviders(<ConfigurationTestPage />, session);
    await draftBox();
    await user.click(screen.getByRole('button', { name: 'Ready for production' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.url.includes('/production'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ready for production' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.includes('/production'))?.body).toEqual({
        configJson: '{\n  "products": {\n    "mandatory": "C1"\n  }\n}',
      }),
    );
    expect(await screen.findByText('The configuration is now in production.')).toBeTruthy();
    expect((screen.getByLabelText('Production configuration (JSON)') as HTMLTextAreaElement).value).toBe(production);
    expect((await draftBox()).value).toBe(production);
    // The draft is the saved one: nothing left to save.
    expect((screen.getByRole('button', { name: 'Save draft' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses the push of a draft that is not valid JSON: says so and sends nothing', async () => {
    const calls = serve(configuration());
    const user = userEvent.setup();
    renderWithProviders(<ConfigurationTestPage />, session);
    const draft = await draftBox();
    await user.clear(draft);
    await user.click(draft);
    await user.paste('{"products": ');
    await user.click(screen.getByRole('button', { name: 'Ready for production' }));
    expect(await screen.findByText('Invalid JSON')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.url.includes('/production'))).toBe(false);
    expect(draft.value).toBe('{"products": ');
  });

  it('says the push is unavailable for another type and sends nothing', async () => {
    const calls = serve(configuration({ configurationType: 'DynamicUrl' }));
    const user = userEvent.setup();
    renderWithProviders(<ConfigurationTestPage />, session);
    await draftBox();
    await user.click(screen.getByRole('button', { name: 'Ready for production' }));
    expect(
      await screen.findByText('This functionality is unavailable: only a FixedJson configuration can be pushed to production.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/production'))).toBe(false);
  });

  it('enables the components file with a base URL, and generates it on click', async () => {
    const calls = serve(configuration());
    const user = userEvent.setup();
    renderWithProviders(<ConfigurationTestPage />, session);
    await draftBox();
    const generate = screen.getByRole('button', { name: 'Generate components file' }) as HTMLButtonElement;
    expect(generate.disabled).toBe(false);
    await user.click(generate);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST' && call.url.includes('/dealers/5/components-metadata'))).toHaveLength(1),
    );
    expect(await screen.findByText('Components file generated.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh components file' })).toBeTruthy();
    // Spec §9's DD.MM.YYYY HH:mm, not the browser's "1/2/2026, 3:04:05 AM" (issue 24 item 17).
    expect(screen.getByText(/^Components file components\.json: 3 components, generated \d\d\.\d\d\.2026 \d\d:\d\d$/)).toBeTruthy();
  });

  it('disables the push for a non-admin user and the components file without a base URL', async () => {
    serve(configuration({ canPublish: false, componentBaseURL: null }));
    renderWithProviders(<ConfigurationTestPage />, session);
    await draftBox();
    expect((screen.getByRole('button', { name: 'Ready for production' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Generate components file' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is read-only in the view-only variant', async () => {
    serve(configuration());
    renderWithProviders(<ConfigurationTestPage viewOnly />, session);
    expect((await draftBox()).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate components file' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Ready for production' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'View result' })).toBeTruthy();
  });
});
