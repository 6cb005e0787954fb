import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activePolicyDocuments, approvePolicies } from '@casebridge/shared/contracts/policies';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PolicyConsentDialog } from './policy-consent-dialog.tsx';

const documents = fake(activePolicyDocuments, () => ({
  body: { termsOfService: { en: null, de: null }, dataProcessing: { en: null, de: null } },
}));

afterEach(() => vi.unstubAllGlobals());

async function acceptBoth() {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: 'Please accept our policies' });
  await user.click(within(dialog).getByRole('checkbox', { name: /^I accept the Terms of service/ }));
  await user.click(within(dialog).getByRole('checkbox', { name: /^I accept the Data processing agreement/ }));
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  return dialog;
}

describe('PolicyConsentDialog', () => {
  it("records the consent for the dialog's mill", async () => {
    const approved: number[] = [];
    fakeApi([
      documents,
      fake(approvePolicies, ({ params }) => {
        approved.push(params.id);
        return { body: { ok: true as const, message: 'Thank you. Your consent is recorded.' } };
      }),
    ]);
    renderWithProviders(<PolicyConsentDialog millId={7} />, sessionFixture('mill'));
    await acceptBoth();
    await waitFor(() => expect(approved).toEqual([7]));
  });

  it('shows a refusal in the dialog, which stays open', async () => {
    fakeApi([
      documents,
      fake(approvePolicies, () => ({
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', code: 'FORBIDDEN', message: 'Not allowed' },
      })),
    ]);
    renderWithProviders(<PolicyConsentDialog millId={7} />, sessionFixture('mill'));
    const dialog = await acceptBoth();
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Please accept our policies' })).toBeTruthy();
  });
});
