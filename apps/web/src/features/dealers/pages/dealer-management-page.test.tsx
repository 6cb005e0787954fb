import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/dealers';
import type { DealerSummary } from '@casebridge/shared/schemas/dealers';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes, type FetchCall } from '../../../test/render.tsx';
import { DealerManagementPage } from './dealer-management-page.tsx';

const SUB: DealerSummary = {
  id: 6,
  dealerId: 'SUB-6',
  name: 'Branch 6',
  email: '',
  userId: null,
  parentDealerId: 5,
  isRoot: false,
  parentDealerCode: 'D-5',
};

const listCalls = (calls: FetchCall[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/dealers?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));

/** Issue 27 part 3: the dealer list's search, sort and page live in the URL (list kit, ADR 0024). */
describe('DealerManagementPage, its dealer list', () => {
  it('opens with the search, sort and page of its URL, and asks for them', async () => {
    const calls = fakeApi([fake(contracts.listDealers, () => ({ body: { count: 30, data: [SUB] } }))]);
    renderRoutes([{ path: '*', element: <DealerManagementPage /> }], {
      path: '/manager/dealer?q=bra&page=2&sort=name:desc',
      session: sessionFixture('manager'),
    });
    expect(await screen.findByText('SUB-6')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('bra');
    // The form's parent picker asks for dealers too: the list's call is the one with a page.
    expect(listCalls(calls)).toContainEqual(expect.objectContaining({ _q: 'bra', _start: '10', _limit: '10', _sort: 'name:desc' }));
  });

  it('searches from page 1 once typing pauses, and the back button brings the page before back', async () => {
    const calls = fakeApi([fake(contracts.listDealers, () => ({ body: { count: 30, data: [SUB] } }))]);
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '*', element: <DealerManagementPage /> }], {
      path: '/manager/dealer?page=3',
      session: sessionFixture('manager'),
    });
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'sub');
    await waitFor(() => expect(router.state.location.search).toBe('?q=sub'), { timeout: 2500 });
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ _q: 'sub', _start: '0' }));
    await router.navigate(-1);
    await waitFor(() => expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe(''));
    expect(router.state.location.search).toBe('?page=3');
  });
});
