import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/two-factor-admin';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import { MillTwoFactorRequirement } from './two-factor-requirement.tsx';

// The switch's name is its label and its hint (both inside the label element).
const LABEL = /^Require two-factor sign-in for all staff of this mill/;

function stubApi(initial: { required: boolean; notEnrolled: number }) {
  let state = initial;
  return fakeApi([
    fake(contracts.readMillRequirement, ({ params }) => {
      expect(params.millId).toBe(7);
      return { body: state };
    }),
    fake(contracts.setMillRequirement, ({ body }) => {
      state = { ...state, required: body.required };
      return { body: state };
    }),
  ]);
}

const puts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'PUT');

describe('MillTwoFactorRequirement', () => {
  it('shows how many staff have no second factor and requires it only after confirming', async () => {
    const calls = stubApi({ required: false, notEnrolled: 3 });
    renderWithProviders(<MillTwoFactorRequirement millId={7} />);
    expect(await screen.findByText('3 staff members have not set up two-factor sign-in yet.')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: LABEL });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    const user = userEvent.setup();

    await user.click(toggle);
    let dialog = await screen.findByRole('dialog', { name: 'Require two-factor sign-in?' });
    // The question names the people it locks out at their next sign-in.
    expect(within(dialog).getByText(/3 staff members have not set up/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(calls)).toHaveLength(0);
    expect((toggle as HTMLInputElement).checked).toBe(false);

    await user.click(toggle);
    dialog = await screen.findByRole('dialog', { name: 'Require two-factor sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Require it' }));
    await waitFor(() => expect((screen.getByRole('switch', { name: LABEL }) as HTMLInputElement).checked).toBe(true));
    expect(puts(calls).map((call) => call.body)).toEqual([{ required: true }]);
  });

  it('asks before it stops requiring it, and says when everyone has a second factor', async () => {
    const calls = stubApi({ required: true, notEnrolled: 0 });
    renderWithProviders(<MillTwoFactorRequirement millId={7} />);
    expect(await screen.findByText('All staff have set up two-factor sign-in.')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: LABEL });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    const user = userEvent.setup();
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Stop requiring two-factor sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop requiring it' }));
    await waitFor(() => expect(puts(calls).map((call) => call.body)).toEqual([{ required: false }]));
  });
});
