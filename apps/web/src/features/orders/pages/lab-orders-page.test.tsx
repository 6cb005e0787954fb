import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { millFixture, sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { notFound, orderFixture } from '../test/order-fixtures.ts';
import { LabOrdersPage } from './lab-orders-page.tsx';

function renderFor(blocked: boolean) {
  const calls = mockFetch(({ path }) => (path === '/labs/projects' ? { body: { count: 1, data: [orderFixture()] } } : notFound));
  renderWithProviders(<LabOrdersPage />, sessionFixture('lab', { mills: [millFixture({ millRole: null, blocked })] }));
  return calls;
}

describe('LabOrdersPage', () => {
  it("lists the lab's orders with the selected mill, read-only, with a New order button", async () => {
    const calls = renderFor(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Show components of Bridge 14-16' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New order' }).getAttribute('href')).toBe('/lab/projects/new');
    expect(screen.queryByRole('button', { name: /^Report for/ })).toBeNull();
    expect(screen.queryByLabelText('Client', { selector: 'input' })).toBeNull();
    await waitFor(() => expect(new URL(calls[0]!.url, 'http://x').searchParams.get('millId')).toBe('7'));
  });

  it('offers no New order to a lab its mill has blocked', async () => {
    renderFor(true);
    await screen.findByRole('button', { name: 'Show components of Bridge 14-16' });
    expect(screen.queryByRole('link', { name: 'New order' })).toBeNull();
    expect(screen.getByText(/cannot send new orders/)).toBeTruthy();
  });
});
