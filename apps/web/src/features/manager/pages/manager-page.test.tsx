import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ManagerPage } from './manager-page.tsx';

const MANAGER = sessionFixture('manager');

describe('ManagerPage', () => {
  it('links to every manager view, none named like a sidebar entry the browser tests click', async () => {
    renderWithProviders(<ManagerPage />, MANAGER);
    const list = await screen.findByRole('list', { name: 'Manager views' });
    const hrefs = within(list)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/manager/mills/view',
      '/manager/mill/orders/view',
      '/manager/users/view',
      '/manager/mill/activity',
      '/manager/hd/usage/info',
      '/manager/dealer',
      '/manager/customer',
      '/manager/license/info',
      '/manager/import/customers',
      '/manager/import/tickets',
      '/manager/user',
      '/manager/plans',
      '/manager/policies',
      '/manager/desktop-app',
      '/manager/settings',
    ]);
    expect(within(list).queryAllByRole('link', { name: /concurrent usage/i })).toHaveLength(0);
  });
});
