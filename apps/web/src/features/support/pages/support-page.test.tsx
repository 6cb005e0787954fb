import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { SupportPage } from './support-page.tsx';

describe('SupportPage', () => {
  it("lets a mill user write to support about the selected mill, in the mill's own words", async () => {
    const calls = mockFetch(() => ({ body: { ok: true, message: 'Email sent' } }));
    const user = userEvent.setup();
    renderWithProviders(<SupportPage />, sessionFixture('mill'));
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeTruthy();
    expect(screen.getByText('Write to the CaseBridge support team about Alpine Milling.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Download app' })).toBeTruthy();

    await user.type(screen.getByLabelText(/^Topic/), 'Invoice address');
    await user.type(screen.getByLabelText(/^Message/), 'Please change our invoice address.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toMatch(/^\/api\/mills\/7\/support\/contact\/send-email\?/);
  });

  it('tells a lab that support knows which mill it works with', () => {
    mockFetch(() => ({ body: {} }));
    renderWithProviders(<SupportPage />, sessionFixture('lab'));
    expect(screen.getByText('Write to the CaseBridge support team. We will know that you work with Alpine Milling.')).toBeTruthy();
  });
});
