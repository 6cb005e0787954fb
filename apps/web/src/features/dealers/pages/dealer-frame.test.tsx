import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderRoutes } from '../../../test/render.tsx';
import { DealerFrame } from './dealer-frame.tsx';
import { DealerHomePage } from './dealer-home-page.tsx';

const session = {
  ...sessionFixture('dealer'),
  dealer: { id: 5, name: 'Demo Dealer', parentId: null, dealerRole: 'dealer' as const, ownConfigurationsAllowed: true },
};

/** Spec §2: the config test link shows in the frame and on the home only for a dealer that may use its own configurations. */
function render(ownConfigurationsAllowed: boolean) {
  mockFetch(({ path }) =>
    path === '/dealers/5'
      ? {
          body: {
            id: 5,
            dealerId: 'DD-ROOT',
            name: 'Demo Dealer',
            configuration: { permissions: { subDealerAllowed: true, ownConfigurationsAllowed, strictModeConfiguration: false } },
          },
        }
      : { body: {} },
  );
  renderRoutes([{ element: <DealerFrame />, children: [{ path: '/dealer', element: <DealerHomePage /> }] }], { path: '/dealer', session });
}

describe('the config test link', () => {
  it('is in the frame and on the home when the dealer may use its own configurations', async () => {
    render(true);
    await screen.findByText('DD-ROOT');
    expect((await screen.findAllByRole('link', { name: 'Config test view' })).map((link) => link.getAttribute('href'))).toEqual([
      '/dealer/config/result',
      '/dealer/config/result',
    ]);
  });

  it('is absent otherwise', async () => {
    render(false);
    await screen.findByText('DD-ROOT');
    expect(screen.queryByRole('link', { name: 'Config test view' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Licence tickets' })).toBeTruthy();
  });
});
