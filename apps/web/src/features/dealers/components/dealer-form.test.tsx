import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/dealers';
import type { Dealer } from '@casebridge/shared/schemas/dealers';
import { fake, fakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { dealerFixture } from '../../../test/fixtures.ts';
import { renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import { DealerForm } from './dealer-form.tsx';
import { dealerFormRules, type DealerFormContext } from './dealer-form-rules.ts';

const manager: DealerFormContext = {
  isManager: true,
  ownDealer: null,
  userId: 1,
  actions: ['dealer.create', 'dealers.createRoot', 'dealer.configure'],
};
/**
 * A root dealer's user, with the actions the server lists for its permissions (`dealer.create` needs
 * subDealerAllowed, `dealerConfig.edit` ownConfigurationsAllowed, `dealer.configure` a root either).
 */
const rootUser = (permissions: Partial<Dealer['configuration']['permissions']> = {}): DealerFormContext => ({
  isManager: false,
  ownDealer: dealerFixture({ userId: 9 }, permissions),
  userId: 9,
  actions: [
    ...(permissions.subDealerAllowed === false ? [] : ['dealer.create']),
    ...(permissions.ownConfigurationsAllowed === false ? [] : ['dealerConfig.edit']),
    ...(permissions.subDealerAllowed === false && permissions.ownConfigurationsAllowed === false ? [] : ['dealer.configure']),
  ],
});
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

/**
 * The dealers contract as the form meets it: the parent picker's list (empty), and every write of
 * dealer 5 answered with the dealer. `routes` answer first (a refusal, the invitation).
 */
function stubApi(routes: FakeRoute[] = []) {
  return fakeApi([
    ...routes,
    fake(contracts.listDealers, () => ({ body: { count: 0, data: [] } })),
    fake(contracts.createDealer, () => ({ body: dealerFixture() })),
    fake(contracts.updateDealer, ({ params }) => ({ body: dealerFixture({ id: params.id }) })),
    fake(contracts.replaceDealerLogo, ({ params }) => ({ body: dealerFixture({ id: params.id, logo: { url: '/files/logos/new' } }) })),
    fake(contracts.removeDealerLogo, ({ params }) => ({ body: dealerFixture({ id: params.id }) })),
    fake(contracts.replaceDealerConfigFile, ({ params }) => ({ body: dealerFixture({ id: params.id }) })),
  ]);
}

describe('dealerFormRules (spec §5 locks)', () => {
  const sub = dealerFixture({ id: 6, dealerId: 'SUB-1', parentDealerId: 5, isRoot: false });

  it('locks dealer id and email of an existing dealer for a dealer user, not for the manager', () => {
    expect(dealerFormRules(rootUser(), sub)).toMatchObject({ dealerIdLocked: true, emailLocked: true, parentLocked: true });
    expect(dealerFormRules(manager, sub)).toMatchObject({ dealerIdLocked: false, emailLocked: false, parentLocked: true });
  });

  it('lets only the manager pick the parent of a new dealer (a dealer user’s root exists)', () => {
    expect(dealerFormRules(manager, null).parentLocked).toBe(false);
    expect(dealerFormRules(rootUser(), null).parentLocked).toBe(true);
  });

  it('locks the permission toggles of the dealer user’s own (linked) dealer only', () => {
    expect(dealerFormRules(rootUser(), dealerFixture()).permissionsLocked).toBe(true);
    expect(dealerFormRules(rootUser(), sub).permissionsLocked).toBe(false);
    expect(dealerFormRules(manager, dealerFixture({ userId: 9 })).permissionsLocked).toBe(false);
  });

  it('disables saving a new dealer when the session lists no dealer.create (a dealer without subDealerAllowed)', () => {
    expect(dealerFormRules(rootUser({ subDealerAllowed: false }), null).saveDisabled).toBe(true);
    expect(dealerFormRules(rootUser({ subDealerAllowed: false }), sub).saveDisabled).toBe(false);
    expect(dealerFormRules(rootUser(), null).saveDisabled).toBe(false);
  });

  it('shows the configuration section where the session lists dealer.configure (a root: own configurations or sub-dealers)', () => {
    expect(dealerFormRules(rootUser({ ownConfigurationsAllowed: false, subDealerAllowed: true }), null).showConfiguration).toBe(true);
    expect(dealerFormRules(rootUser({ ownConfigurationsAllowed: true, subDealerAllowed: false }), null).showConfiguration).toBe(true);
    expect(dealerFormRules(rootUser({ ownConfigurationsAllowed: false, subDealerAllowed: false }), null).showConfiguration).toBe(false);
    expect(dealerFormRules(manager, null).showConfiguration).toBe(true);
  });

  it('reads the session, not the own dealer’s flags, for the configuration section', () => {
    expect(dealerFormRules({ ...rootUser(), actions: [] }, null).showConfiguration).toBe(false);
    // A sub-dealer whose own flags are on: its root forbids own configurations, so the session lists no dealerConfig.edit.
    const subUser = (actions: string[]): DealerFormContext => ({ isManager: false, ownDealer: sub, userId: 3, actions });
    expect(dealerFormRules(subUser(['dealer.create', 'dealerConfig.edit']), null).showConfiguration).toBe(false);
    expect(dealerFormRules(subUser(['dealer.create', 'dealer.configure']), null).showConfiguration).toBe(true);
    // A root's flags do not decide either: the section follows dealer.configure alone.
    expect(dealerFormRules({ ...rootUser(), actions: ['dealer.create', 'dealerConfig.edit'] }, null).showConfiguration).toBe(false);
  });
});

describe('DealerForm', () => {
  it('reports spec §5 messages verbatim and sends nothing', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<DealerForm dealer={null} context={manager} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Reseller Id required')).toBeTruthy();
    expect(screen.getByText('Reseller Name required')).toBeTruthy();
    expect(screen.getByText('Parent Reseller Id or Email required')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('refuses configuration JSON that does not parse with "Invalid JSON"', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(
      <DealerForm
        dealer={dealerFixture({
          configuration: { ...dealerFixture().configuration, configurationType: 'FixedJson', fixedConfigJson: '{' },
        })}
        context={manager}
        onSaved={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Invalid JSON')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('asks for a URL path when DynamicUrl is chosen, and sends it on save', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<DealerForm dealer={dealerFixture()} context={manager} onSaved={() => {}} />);
    expect(screen.queryByRole('textbox', { name: 'Configuration URL' })).toBeNull();
    await user.click(screen.getByLabelText(/^Configuration type/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Dynamic URL', hidden: true }));
    const path = await screen.findByRole('textbox', { name: 'Configuration URL' });
    expect(screen.queryByLabelText('Choose a .json file')).toBeNull();
    await user.click(path);
    await user.paste(' https://configs.example.com/root-a.json ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({
      configuration: {
        configurationType: 'DynamicUrl',
        dynamicConfigUrlPath: 'https://configs.example.com/root-a.json',
        fixedConfigJson: null,
      },
    });
  });

  it('turns strict mode off with own configurations, and sends both off', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<DealerForm dealer={dealerFixture()} context={manager} onSaved={() => {}} />);
    const strict = screen.getByRole('switch', { name: 'Strict mode configuration' }) as HTMLInputElement;
    expect(strict.checked).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Own configurations allowed' }));
    expect(strict.checked).toBe(false);
    expect(strict.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({
      configuration: { permissions: { ownConfigurationsAllowed: false, strictModeConfiguration: false } },
    });
  });

  it('disables the dealer id and email of an existing dealer and the own dealer’s toggles for a dealer user', () => {
    stubApi();
    const context = rootUser();
    renderWithProviders(<DealerForm dealer={context.ownDealer} context={context} onSaved={() => {}} />);
    expect((screen.getByRole('textbox', { name: /^Reseller Id/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getAllByRole('textbox', { name: /^Email/ })[0] as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Sub-dealers allowed' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Own configurations allowed' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('disables Save of a new dealer for a dealer user without subDealerAllowed', () => {
    stubApi();
    renderWithProviders(<DealerForm dealer={null} context={rootUser({ subDealerAllowed: false })} onSaved={() => {}} />);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Your dealer is not allowed to create sub-dealers')).toBeTruthy();
  });

  it('asks before changing the email of a dealer with a linked user, then sends the confirmation', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<DealerForm dealer={dealerFixture({ userId: 42 })} context={manager} onSaved={() => {}} />);
    const email = screen.getAllByRole('textbox', { name: /^Email/ })[0]!;
    await user.clear(email);
    await user.type(email, 'new-root@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change email' });
    expect(writes(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { email: 'new-root@example.com', confirmEmailChange: true } });
  });

  it('shows a taken Reseller Id under its field', async () => {
    stubApi([
      fake(contracts.updateDealer, () => ({
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'DEALER_ID_TAKEN',
          message: 'Reseller Id must be unique',
          errors: { dealerId: ['DEALER_ID_TAKEN'] },
        },
      })),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<DealerForm dealer={dealerFixture()} context={manager} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reseller Id must be unique')).toBeTruthy();
  });
});

describe('Invite', () => {
  it('invites a dealer without a user at once, with the address typed', async () => {
    const calls = stubApi([
      fake(contracts.inviteDealer, () => ({
        body: { ok: true as const, message: 'Invitation has been sent successfully', signedOut: false },
      })),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<DealerForm dealer={dealerFixture()} context={manager} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', body: { email: 'root-a@example.com', confirm: false } });
    expect(writes(calls)[0]!.url).toMatch(/^\/api\/dealers\/5\/invitation\?/);
    expect(await screen.findByText('Invitation has been sent successfully')).toBeTruthy();
  });

  it('asks before re-inviting, with its own words for one’s own dealer', async () => {
    stubApi();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<DealerForm dealer={dealerFixture({ userId: 42 })} context={manager} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Re-invite' }));
    expect(await screen.findByText('This dealer already has a user. Confirm to send the invitation again.')).toBeTruthy();
    unmount();
    const context = rootUser();
    renderWithProviders(<DealerForm dealer={context.ownDealer} context={context} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Re-invite' }));
    expect(await screen.findByText('You are the user of this dealer. Inviting again signs you out. Confirm to continue.')).toBeTruthy();
  });

  it('sends a confirmed re-invite after the question', async () => {
    const calls = stubApi([fake(contracts.inviteDealer, () => ({ body: { ok: true as const, message: 'sent', signedOut: false } }))]);
    const user = userEvent.setup();
    renderWithProviders(<DealerForm dealer={dealerFixture({ userId: 42 })} context={manager} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Re-invite' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-invite' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), '{Enter}');
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ email: 'root-a@example.com', confirm: true });
  });
});

describe('dealer files (spec §5 uploads)', () => {
  it('asks to save a new dealer before its logo can be added', async () => {
    stubApi();
    renderWithProviders(<DealerForm dealer={null} context={manager} onSaved={() => {}} />);
    expect(await screen.findByText('Save the dealer first, then add its logo and files.')).toBeTruthy();
    expect(screen.queryByLabelText('Choose a logo')).toBeNull();
  });

  it('uploads a chosen logo at once as files.logo, and removes it only after a confirmation', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<DealerForm dealer={dealerFixture({ logo: { url: '/files/logos/abc' } })} context={manager} onSaved={() => {}} />);
    await user.upload(
      await screen.findByLabelText('Replace the logo'),
      new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const upload = writes(calls)[0]!;
    expect(upload).toMatchObject({ method: 'PUT', url: expect.stringContaining('/dealers/5/logo') });
    expect((upload.body as FormData).get('files.logo')).toBeInstanceOf(File);

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the logo?' });
    expect(writes(calls)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'DELETE', url: expect.stringContaining('/dealers/5/logo') });
  });

  it('offers the .json upload for a FixedFile configuration and names the stored file', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    const dealer = dealerFixture({
      configuration: { ...dealerFixture().configuration, configurationType: 'FixedFile', fixedConfigFile: { name: 'lab.json' } },
    });
    renderWithProviders(<DealerForm dealer={dealer} context={manager} onSaved={() => {}} />);
    expect(await screen.findByRole('button', { name: 'lab.json' })).toBeTruthy();
    await user.upload(screen.getByLabelText('Choose a .json file'), new File(['{}'], 'new.json', { type: 'application/json' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', url: expect.stringContaining('/dealers/5/configuration-file') });
    expect((writes(calls)[0]!.body as FormData).get('files.fixedConfigFile')).toBeInstanceOf(File);
  });
});
