import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { dealerSession, deskReads, deskTicket } from '../test/ticket-fixtures.ts';
import { TicketsPage } from './tickets-page.tsx';

/** Issue 14: a ticket used to sign up a mill names that mill under its key on the desk. */
describe('TicketsPage, signed-up mill', () => {
  it('shows the mill under the key of a used ticket only', async () => {
    const rows = [deskTicket(1, { signedUpMill: { id: 42, name: 'Alpine Mill' } }), deskTicket(2, { signedUpMill: null }), deskTicket(3)];
    fakeApi(deskReads(rows));
    renderWithProviders(<TicketsPage />, dealerSession());

    const used = (await screen.findByText(rows[0]!.key)).closest('tr')!;
    expect(within(used).getByText('Signed up mill: Alpine Mill')).toBeTruthy();
    for (const unused of [rows[1]!, rows[2]!]) {
      const row = screen.getByText(unused.key).closest('tr')!;
      expect(within(row).queryByText(/Signed up mill/)).toBeNull();
    }
    expect(screen.getAllByText(/Signed up mill/)).toHaveLength(1);
  });
});
