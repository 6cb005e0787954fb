import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/audit';
import type { AuditEntryDto } from '@casebridge/shared/schemas/audit';
import * as csv from '../../../lib/csv.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { millFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { auditQueryOf, LabAuditPage, MillAuditPage } from './audit-page.tsx';

const entry = (id: number, overrides: Partial<AuditEntryDto> = {}): AuditEntryDto => ({
  id,
  at: '2026-11-20T10:00:00.000Z',
  actor: { userId: 3, name: 'Ada Lovelace', deleted: false, tenant: { kind: 'mill', id: 7 }, ip: '10.0.0.1' },
  action: 'client.blocked',
  object: { kind: 'lab', id: String(40 + id) },
  before: { blockedByMill: false },
  after: { blockedByMill: true },
  sealed: true,
  ...overrides,
});

/** Mill 7's trail: two pages of one entry each; every query it receives is kept. */
function stubTrail() {
  const queries: Record<string, unknown>[] = [];
  const calls = fakeApi([
    fake(contracts.millAudit, ({ params, query }) => {
      expect(params.millId).toBe(7);
      queries.push(query);
      return query.before === '1700000000000-1'
        ? { body: { data: [entry(2, { action: 'brand.new.kind' })], next: null } }
        : { body: { data: [entry(1)], next: '1700000000000-1' } };
    }),
    fake(contracts.millAuditExport, () => ({ body: 'id,at\n1,2026\n' })),
  ]);
  return { queries, calls };
}

function renderPage(path = '/mill/audit') {
  const session = sessionFixture('mill', { mills: [millFixture({ actions: ['audit.readMill'] })] });
  return renderRoutes([{ path: '/mill/audit', element: <MillAuditPage /> }], { path, session });
}

afterEach(() => vi.restoreAllMocks());

describe('the audit trail page', () => {
  it('shows who did what from where, the translated action and the changes behind a toggle', async () => {
    stubTrail();
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('Ada Lovelace (id 3)')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Client blocked' })).toBeTruthy();
    expect(screen.getByText('on behalf of mill 7')).toBeTruthy();
    expect(screen.getByText('10.0.0.1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Show changes: Client blocked/ }));
    const changes = screen.getByRole('table', { name: 'Changes' });
    expect(within(changes).getByText('false')).toBeTruthy();
    expect(within(changes).getByText('true')).toBeTruthy();
  });

  it('names a deleted account as deleted, a job as the system, and a user without a name by its id', async () => {
    const actor = (userId: number | null, name: string | null, deleted: boolean) => ({ userId, name, deleted, tenant: null, ip: null });
    fakeApi([
      fake(contracts.millAudit, () => ({
        body: {
          data: [
            entry(1, { actor: actor(4, null, true) }),
            entry(2, { actor: actor(null, null, false) }),
            entry(3, { actor: actor(5, null, false) }),
          ],
          next: null,
        },
      })),
    ]);
    renderPage();
    expect(await screen.findByText('Deleted user (id 4)')).toBeTruthy();
    expect(screen.getByText('System')).toBeTruthy();
    expect(screen.getByText('User 5')).toBeTruthy();
  });

  it('keeps filter and page in the URL, returns to page 1 on a new filter, and goes back', async () => {
    const { queries } = stubTrail();
    const { router } = renderPage();
    const user = userEvent.setup();
    await screen.findByText('10.0.0.1');
    await user.selectOptions(screen.getByLabelText('Action'), 'client.blocked');
    await waitFor(() => expect(router.state.location.search).toBe('?action=client.blocked'));
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=client.blocked&after=1700000000000-1'));
    // A kind without a label yet shows as the server wrote it.
    expect(await screen.findByText('brand.new.kind')).toBeTruthy();
    expect(queries.at(-1)).toMatchObject({ action: 'client.blocked', before: '1700000000000-1' });
    await user.selectOptions(screen.getByLabelText('Object kind'), 'lab');
    await waitFor(() => expect(router.state.location.search).toBe('?action=client.blocked&objectKind=lab'));
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?action=client.blocked&after=1700000000000-1'));
    await waitFor(() => expect((screen.getByLabelText('Object kind') as HTMLSelectElement).value).toBe(''));
  });

  it('reads a shared link’s filters into the inputs and the query', async () => {
    const { queries } = stubTrail();
    renderPage('/mill/audit?actorId=3&objectId=41&from=2026-11-01');
    await screen.findByText('10.0.0.1');
    expect((screen.getByLabelText('User id') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    expect(queries[0]).toMatchObject({ actorId: 3, objectId: '41' });
  });

  it('exports the current filter as CSV', async () => {
    const { calls } = stubTrail();
    const download = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => undefined);
    renderPage('/mill/audit?action=client.blocked');
    const user = userEvent.setup();
    await screen.findByText('10.0.0.1');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('audit-trail.csv', 'id,at\n1,2026\n'));
    expect(calls.some((call) => call.url.includes('/audit/export?') && call.url.includes('action=client.blocked'))).toBe(true);
  });
});

describe('the lab’s audit page', () => {
  it('tells a lab user without a company that there is no trail, instead of loading for ever', async () => {
    const calls = fakeApi([]);
    const session = sessionFixture('lab', { user: { company: null } });
    renderRoutes([{ path: '/lab/audit', element: <LabAuditPage /> }], { path: '/lab/audit', session });
    expect(await screen.findByText(/does not belong to a lab company yet/)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(calls.some((call) => call.url.includes('/audit'))).toBe(false);
  });
});

describe('the filters as the API’s query', () => {
  it('includes the whole "to" day and ignores an actor that is not a number', () => {
    const query = auditQueryOf({ from: '2026-11-01', to: '2026-11-02', actorId: 'abc' });
    expect(new Date(query.to!).getTime() - new Date(query.from!).getTime()).toBe(2 * 86_400_000);
    expect(query.actorId).toBeUndefined();
  });
});
