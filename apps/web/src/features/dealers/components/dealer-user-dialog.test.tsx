import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DealerSummary, DealerUser } from '@casebridge/shared/schemas/dealers';
import { mockFetch, renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import { dealerFixture } from './dealer-fixture.ts';
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

/** Answers GET /dealers like the server: `_q` filters by code, name or address. */
function serve(call: FetchCall & { path: string }) {
  if (call.method !== 'GET') return { body: { ...(call.body as object), id: 40, dealerName: '', confirmed: false } };
  const q = new URL(call.url, 'http://localhost').searchParams.get('_q')?.toLowerCase() ?? '';
  const data = SUBTREE.filter((d) => [d.dealerId, d.name, d.email].some((text) => text.toLowerCase().includes(q)));
  return { body: { count: data.length, data } };
}

const saved = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

describe('DealerUserDialog', () => {
  it('offers the whole subtree by Reseller Id and name, and a chosen sub-dealer sticks through save', async () => {
    const calls = mockFetch(serve);
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
    mockFetch((call) =>
      call.path === '/dealers/77'
        ? { body: dealerFixture({ id: 77, dealerId: 'DD-FAR', name: 'Far Dealer' }) }
        : { body: { count: 200, data: SUBTREE } },
    );
    const far: DealerUser = {
      id: 5,
      firstName: 'Fay',
      lastName: 'Far',
      email: 'fay@example.com',
      role: 'dealer',
      dealerId: 77,
      dealerName: 'Far Dealer',
      blocked: false,
      confirmed: true,
    };
    renderWithProviders(<DealerUserDialog state={{ mode: 'edit', user: far }} defaultDealerId={1} onClose={() => {}} />);
    const picker = await screen.findByLabelText(/^Dealer/, { selector: 'input' });
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('DD-FAR · Far Dealer'));
  });
});
