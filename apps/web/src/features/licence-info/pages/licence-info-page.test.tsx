import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import * as contracts from '@casebridge/shared/contracts/licence-info';
import type { ErrorCode } from '@casebridge/shared/errors';
import type { LicenceContentResponse, LicenceRow } from '@casebridge/shared/schemas/licence-tickets';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderRoutes, type FetchCall } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/fixtures.ts';
import { LicenceInfoPage } from './licence-info-page.tsx';

const KEY = 'ABCDE-12345-FGHIJ-KLMNO-PQRST';
const OTHER = 'ZZZZZ-11111-YYYYY-22222-XXXXX';

function row(code: string, name: string): LicenceRow {
  return {
    code,
    itemId: '1000',
    name,
    licenseExp: '2030-01-31',
    featureMapBinarySetBits: '0101',
    permissions: 'single',
    information: '',
    formerDongleNo: '',
    maintenanceExp: '2029-06-30',
  };
}

function content(ticketId: string): LicenceContentResponse {
  return {
    mainProductInfo: {
      ticketId,
      dongleId: '3-1234567',
      productName: 'CaseBridge CAM Milling',
      licenseExp: '2030-01-31',
      maintenanceExp: '2029-06-30',
      isNetwork: true,
      isCommercial: false,
    },
    activationLicenses: [row('CBM', 'CaseBridge CAM Milling'), row('CBM.1', 'Bridges')],
    orderedLicenses: [row('CBM.X', 'Tool Library')],
    licenseDetails: [
      {
        code: 'CBM',
        enable: true,
        name: 'CaseBridge CAM Milling',
        productCode: 'CBM',
        count: 1,
        expiryaDate: '2030-01-31',
        epd: '',
        children: [
          {
            code: 'CBM.1',
            enable: true,
            name: 'Bridges',
            productCode: 'CBM1',
            count: 1,
            expiryaDate: null,
            epd: '',
            children: [
              { code: 'CBM.1.1', enable: true, name: 'Automatic Nesting', productCode: 'CBMO1', count: 1, expiryaDate: null, epd: '' },
            ],
          },
          { code: 'CBM.2', enable: false, name: 'Abutments', productCode: 'CBM2', count: 1, expiryaDate: null, epd: '' },
        ],
      },
    ],
    nonExpandables: [],
  };
}

const error = (status: 404 | 429, code: ErrorCode) => ({ status, body: { statusCode: status, error: 'x', code, message: 'x' } });

/** A server that knows KEY and OTHER, by both lookups; `answer` overrides it for the error cases. */
function serve(answer?: () => ReturnType<typeof error>) {
  const lookup = (key: string) => answer?.() ?? (key === KEY || key === OTHER ? { body: content(key) } : error(404, 'NOT_FOUND'));
  return fakeApi([
    fake(contracts.publicLicenceContent, ({ body }) => lookup(body.ticketId)),
    fake(contracts.licenceContentByKey, ({ params }) => lookup(params.key)),
  ]);
}

const lookups = (calls: FetchCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/licence-content') || call.url.startsWith('/api/dealer-tickets/by-key/'));

function renderPage(source: 'public' | 'signedIn', path: string) {
  const session = source === 'public' ? null : sessionFixture('dealer');
  return renderRoutes([{ path: '*', element: <LicenceInfoPage source={source} /> }], { path, session });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('LicenceInfoPage', () => {
  it('refuses a malformed key with Invalid Key Format and asks nothing; lower case is raised and searched', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderPage('public', '/license/info');
    const input = screen.getByRole('textbox', { name: 'Ticket key' });
    await user.type(input, 'ABCDE-12345-FGHIJ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Invalid Key Format')).toBeTruthy();
    expect(lookups(calls)).toEqual([]);

    await user.clear(input);
    expect(screen.queryByText('Invalid Key Format')).toBeNull();
    await user.type(input, ` ${KEY.toLowerCase()} `);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('3-1234567')).toBeTruthy();
    expect(lookups(calls).map((call) => [call.method, call.body])).toEqual([['POST', { ticketId: KEY }]]);
    expect((input as HTMLInputElement).value).toBe(KEY);
    // The summary of spec §3: key, dongle, product, both expiries (UTC days), network and commercial.
    const summary = screen.getByRole('region', { name: 'Licence summary' });
    for (const text of [KEY, 'CaseBridge CAM Milling', '31.01.2030', '30.06.2029', 'Yes', 'No'])
      expect(within(summary).getByText(text)).toBeTruthy();
    // The key searched is kept for the next visit.
    expect(localStorage.getItem(STORAGE_KEYS.licenceSearch)).toBe(KEY);
  });

  it('reloads the last key searched on opening and looks it up at once', async () => {
    localStorage.setItem(STORAGE_KEYS.licenceSearch, KEY);
    const calls = serve();
    renderPage('public', '/license/info');
    expect(await screen.findByText('3-1234567')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Ticket key' }) as HTMLInputElement).value).toBe(KEY);
    expect(lookups(calls)).toHaveLength(1);
  });

  it('lets ?licenseKey win over the stored key, searching it by key within the dealer’s subtree', async () => {
    localStorage.setItem(STORAGE_KEYS.licenceSearch, KEY);
    const calls = serve();
    renderPage('signedIn', `/dealer/license/info?licenseKey=${OTHER.toLowerCase()}`);
    expect(await screen.findAllByText(OTHER)).toBeTruthy();
    expect(lookups(calls).map((call) => call.url.split('?')[0])).toEqual([`/api/dealer-tickets/by-key/${OTHER}/content`]);
    expect(localStorage.getItem(STORAGE_KEYS.licenceSearch)).toBe(OTHER);
  });

  it('shows the active, ordered and detailed licences in tabs named in the query', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderPage('signedIn', `/manager/license/info?licenseKey=${KEY}&tab=ordered-licenses`);
    expect(await screen.findByRole('tab', { name: 'Ordered licences (1)', selected: true })).toBeTruthy();
    expect(screen.getByText('Tool Library')).toBeTruthy();
    expect(screen.queryByText('Bridges')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Active licences (2)' }));
    expect(await screen.findByText('Bridges')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('active-licenses');
    expect(new URLSearchParams(router.state.location.search).get('licenseKey')).toBe(KEY);
  });

  it('shows the licence details as a tree that opens and closes with the keyboard', async () => {
    serve();
    const user = userEvent.setup();
    renderPage('public', `/license/info?licenseKey=${KEY}&tab=license-details`);
    const tree = await screen.findByRole('tree', { name: 'Licence details' });
    const product = within(tree).getByRole('treeitem', { name: 'CBM CaseBridge CAM Milling' });
    // The product starts open: its modules show; a module's own children wait until it opens.
    expect(product.getAttribute('aria-expanded')).toBe('true');
    const module = within(tree).getByRole('treeitem', { name: 'CBM.1 Bridges' });
    expect(module.getAttribute('aria-expanded')).toBe('false');
    expect(within(tree).queryByRole('treeitem', { name: 'CBM.1.1 Automatic Nesting' })).toBeNull();
    expect(within(tree).getByText('Disabled')).toBeTruthy();

    // One item in the tab order; arrows walk and open the tree.
    expect(product.tabIndex).toBe(0);
    act(() => product.focus());
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(module);
    await user.keyboard('{ArrowRight}');
    expect(module.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(within(tree).getByRole('treeitem', { name: 'CBM.1.1 Automatic Nesting' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(module);
    await user.keyboard('{Enter}');
    expect(module.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(within(tree).getByRole('treeitem', { name: 'CBM.2 Abutments' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(product);
    await user.keyboard('{ArrowLeft}');
    expect(product.getAttribute('aria-expanded')).toBe('false');
    expect(within(tree).queryByRole('treeitem', { name: 'CBM.1 Bridges' })).toBeNull();
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .filter((item) => item.tabIndex === 0),
    ).toEqual([product]);
  });

  it('says to wait when the public lookup is rate limited, and to check the key when it is unknown', async () => {
    serve(() => error(429, 'RATE_LIMITED'));
    const first = renderPage('public', `/license/info?licenseKey=${KEY}`);
    expect((await screen.findByRole('alert')).textContent).toContain('Too many lookups from your connection');
    expect(screen.queryByRole('region', { name: 'Licence summary' })).toBeNull();
    first.unmount();

    serve(() => error(404, 'NOT_FOUND'));
    renderPage('signedIn', `/dealer/license/info?licenseKey=${KEY}`);
    expect((await screen.findByRole('alert')).textContent).toContain('No licence content was found for this key');
  });

  it('shows Invalid Key Format for a malformed ?licenseKey and asks nothing', async () => {
    const calls = serve();
    renderPage('signedIn', '/dealer/license/info?licenseKey=not-a-key');
    expect(await screen.findByText('Invalid Key Format')).toBeTruthy();
    expect(lookups(calls)).toEqual([]);
  });
});
