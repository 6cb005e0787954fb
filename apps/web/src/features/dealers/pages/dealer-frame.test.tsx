import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DealerRole } from '@casebridge/shared/constants/roles';
import * as contracts from '@casebridge/shared/contracts/dealers';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { dealerFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DealerFrame } from './dealer-frame.tsx';
import { DealerHomePage } from './dealer-home-page.tsx';

/**
 * A sub-dealer whose own record allows own configurations: only the session's actions (the rule
 * book, which also asks its root) decide the links, so its own flags are on throughout.
 */
function render(actions: string[], dealerRole: DealerRole = 'dealer') {
  const subDealer = dealerFixture(
    { id: 6, dealerId: 'DD-SUB', name: 'Demo Sub-dealer', parentDealerId: 5, isRoot: false },
    { subDealerAllowed: true, ownConfigurationsAllowed: true, strictModeConfiguration: false },
  );
  fakeApi([fake(contracts.getDealer, () => ({ body: subDealer }))]);
  const session = {
    ...sessionFixture('dealer', { actions }),
    dealer: { id: 6, name: 'Demo Sub-dealer', parentId: 5, dealerRole },
  };
  renderRoutes([{ element: <DealerFrame />, children: [{ path: '/dealer', element: <DealerHomePage /> }] }], { path: '/dealer', session });
}

const hrefs = (name: string) => screen.queryAllByRole('link', { name }).map((link) => link.getAttribute('href'));

describe('the config test link', () => {
  it('is in the frame and on the home when the session lists dealerConfig.edit', async () => {
    render(['dealerConfig.test', 'dealerConfig.edit']);
    await screen.findByText('DD-SUB');
    expect(hrefs('Config test view')).toEqual(['/dealer/config/result', '/dealer/config/result']);
  });

  it('is absent when the session lacks dealerConfig.edit, though the dealer’s own flag is on (its root forbids)', async () => {
    render(['dealerConfig.test']);
    await screen.findByText('DD-SUB');
    expect(hrefs('Config test view')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Licence tickets' })).toBeTruthy();
  });
});

describe('the users link on the home', () => {
  it('is there when the session lists dealerUsers.list', async () => {
    render(['dealerUsers.list'], 'manager');
    await screen.findByText('DD-SUB');
    expect(hrefs('Dealer users')).toEqual(['/dealer/users']);
  });

  it('is absent for a dealer manager whose session lacks dealerUsers.list', async () => {
    render([], 'manager');
    await screen.findByText('DD-SUB');
    expect(hrefs('Dealer users')).toEqual([]);
  });
});
