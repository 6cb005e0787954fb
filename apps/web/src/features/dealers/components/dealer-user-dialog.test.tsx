import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as userContracts from '@casebridge/shared/contracts/dealer-users';
import * as contracts from '@casebridge/shared/contracts/dealers';
import type { DealerSummary } from '@casebridge/shared/schemas/dealers';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { dealerFixture, dealerUserFixture } from '../../../test/fixtures.ts';
import { renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import { DealerUserDialog } from './dealer-user-dialog.tsx';

/** The signed-in dealer manager's subtree (root, sub-dealer, sub-sub-dealer) as the server sorts it, by Reseller Id. */
const SUBTREE: DealerSummary[] = [
  {
    id: 13,
    dealerId: 'DD-HAMBURG',
    name: 'Demo Dealer Hamburg',
    email: 'hamburg@demo-dealer.test',
    userId: 4,
    parentDealerId: 12,
    parentDealerCode: 'DD-NORTH',
    isRoot: false,
  },
  {
    id: 12,
    dealerId: 'DD-NORTH',
    name: 'Demo Dealer North',
    email: 'north@demo-dealer.test',
    userId: 3,
    parentDealerId: 1,
    parentDealerCode: 'DD-ROOT',
    isRoot: false,
  },
  {
    id: 1,
    dealerId: 'DD-ROOT',
    name: 'Demo Dealer',
    email: 'dealer@demo-dealer.test',
    userId: 2,
    parentDealerId: null,
    parentDealerCode: null,
    isRoot: true,
  },
];

const NOT_FOUND = { status: 404 as const, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND' as const, message: 'Not found' } };

/**
 * Answers like the server: the dealer list (`_q` filters by code, name or address), one dealer of
 * the subtree (the picker reads the chosen one while the list loads), and a user added as sent.
 */
function serve() {
  return fakeApi([
    fake(contracts.getDealer, ({ params }) => {
      const found = SUBTREE.find((dealer) => dealer.id === params.id);
      if (!found) return NOT_FOUND;
      const { id, dealerId, name, email, userId, parentDealerId, isRoot } = found;
      return { body: dealerFixture({ id, dealerId, name, email, userId, parentDealerId, isRoot }) };
    }),
    fake(contracts.listDealers, ({ query }) => {
      const q = query._q?.toLowerCase() ?? '';
      const data = SUBTREE.filter((d) => [d.dealerId, d.name, d.email].some((text) => text.toLowerCase().includes(q)));
      return { body: { count: data.length, data } };
    }),
    fake(userContracts.addDealerUser, ({ body }) => ({ body: { ...body, id: 40, dealerName: '', confirmed: false } })),
  ]);
}

const saved = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

describe('DealerUserDialog', () => {
  it('offers the whole subtree by Reseller Id and name, and a chosen sub-dealer sticks through save', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithProviders(<DealerUserDialog state={{ mode: 'add' }} defaultDealerId={1} onClose={() => {}} />);
    const picker = await screen.findByLabelText(/^Dealer/, { selector: 'input' });
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('DD-ROOT · Demo Dealer'));
    // Long enough for a search debounce: the shown label must not narrow the list to itself.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await user.click(picker);
    const dealerOptions = () =>
      screen
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent)
        .filter((text) => text?.includes('·'));
    await waitFor(() =>
      expect(dealerOptions()).toEqual(['DD-HAMBURG · Demo Dealer Hamburg', 'DD-NORTH · Demo Dealer North', 'DD-ROOT · Demo Dealer']),
    );
    await user.click(screen.getByRole('option', { name: 'DD-NORTH · Demo Dealer North', hidden: true }));
    expect((picker as HTMLInputElement).value).toBe('DD-NORTH · Demo Dealer North');
    // Choosing the chosen one again keeps it (it used to clear the field).
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'DD-NORTH · Demo Dealer North', hidden: true }));
    expect((picker as HTMLInputElement).value).toBe('DD-NORTH · Demo Dealer North');
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Nina');
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'New');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'nina@example.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]).toMatchObject({ method: 'POST', body: { dealerId: 12 } });
    expect(screen.queryByText('Please select a reseller')).toBeNull();
  });

  it("shows an edited user's dealer by name even beyond the loaded options", async () => {
    fakeApi([
      fake(contracts.getDealer, ({ params }) =>
        params.id === 77 ? { body: dealerFixture({ id: 77, dealerId: 'DD-FAR', name: 'Far Dealer' }) } : NOT_FOUND,
      ),
      fake(contracts.listDealers, () => ({ body: { count: 200, data: SUBTREE } })),
    ]);
    const far = dealerUserFixture({
      id: 5,
      firstName: 'Fay',
      lastName: 'Far',
      email: 'fay@example.com',
      dealerId: 77,
      dealerName: 'Far Dealer',
    });
    renderWithProviders(<DealerUserDialog state={{ mode: 'edit', user: far }} defaultDealerId={1} onClose={() => {}} />);
    const picker = await screen.findByLabelText(/^Dealer/, { selector: 'input' });
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('DD-FAR · Far Dealer'));
  });
});
